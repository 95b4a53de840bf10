/**
 * Encodes sheet rows (`<row>` with its `<c>` cells) as UTF-8 straight into a byte buffer, reading the
 * values from column arrays. Only a row's first cell names its reference (`r="A2"`), and a cell after
 * one left out; the others follow the cell before, as readers place a cell without one. An empty cell
 * of the default style is left out. References on every cell put the row number a dozen times in each
 * row, which deflate cannot match: leaving them out made a demo export's sheet a fifth smaller and its
 * deflated size less than half. The markup around each value is encoded once per column, a row's
 * reference digits once per row, and plain ASCII text and numbers byte by byte: a million rows make
 * no per-row or per-cell strings, objects or arrays for the garbage collector.
 */
import { toPoints } from '../../engine/percentage-points';
import { PackedText, type ColumnValues } from '../db/packed-text';
import { EMPTY_TEXT, SharedText } from './shared-strings';
import { columnLetter, EDGE_SPACE, escapeXml } from './xlsx-parts';

/** A column of a chunk as the encoder reads it: plain values, packed text, or shared-string indexes. */
export type SheetColumn = ColumnValues | SharedText;

/** How the cells of one row are written: each column's style, the text of an empty value, points. */
export interface RowPlan {
  styles: readonly number[];
  /** what an empty value shows ('-' for a measure, nothing for a dimension) */
  blanks: readonly string[];
  /** columns holding a rate change as a fraction, written in percentage points */
  points: readonly boolean[];
}

/**
 * Fixed markup, kept also as little-endian 32-bit words: written four bytes a store through a
 * DataView, then the last few one by one (markup is most of a sheet's bytes).
 */
interface Markup {
  bytes: Uint8Array;
  words: Uint32Array;
}

function ascii(text: string): Markup {
  const bytes = Buffer.from(text, 'latin1');
  const words = new Uint32Array(bytes.length >> 2);
  for (let i = 0; i < words.length; i++) words[i] = bytes.readUInt32LE(i * 4);
  return { bytes, words };
}

/** A cell's start without its reference (`<c s="3"><v>`), and what follows a reference (` s="3"><v>`). */
interface Start {
  plain: Markup;
  tail: Markup;
}

interface CellMarkup {
  /** `<c r="B`: the row's digits, a quote and a start's tail follow */
  refOpen: Markup;
  style: number;
  /** `<c s="3"/>` (no ` s` for the default style 0) */
  empty: Start;
  /** `<c s="3" t="s"><v>`: an index into the shared strings */
  shared: Start;
  /** `<c s="3"><v>` */
  number: Start;
  /** `<c s="3" t="inlineStr"><is><t>` */
  text: Start;
  /** the same with `xml:space="preserve"` */
  spacedText: Start;
}

const ROW_OPEN = ascii('<row r="');
/** a column's kind, which says how its cells are read */
const VALUES = 0;
const SHARED = 1;
const PACKED = 2;
const ROW_REF_END = ascii('">');
const ROW_CLOSE = ascii('</row>');
const NUMBER_CLOSE = ascii('</v></c>');
const TEXT_CLOSE = ascii('</t></is></c>');
/** bytes of a cell's markup beyond its column's longest open and text markup and its row digits */
const CELL_SLACK = 64;
/** a UTF-16 code unit becomes at most 3 UTF-8 bytes, and `"` becomes `&quot;` (6) */
const BYTES_PER_CHAR = 6;

const AMP = 38;
const LT = 60;
const GT = 62;
const QUOTE = 34;
const SPACE = 32;
const DIGIT_0 = 48;
const MINUS = 45;
const DOT = 46;


export class SheetRowEncoder {
  private buffer: Buffer;
  private view: DataView;
  private used = 0;
  private readonly cells = new Map<string, CellMarkup[]>();
  private readonly rowDigits = new Uint8Array(16);
  private rowDigitCount = 0;
  /** whether the next cell must name its reference: the row's first, or one after a cell left out */
  private needRef = true;

  constructor(private readonly capacity = 1 << 20) {
    this.buffer = Buffer.allocUnsafe(capacity);
    this.view = viewOf(this.buffer);
  }

  get size(): number {
    return this.used;
  }

  /** The bytes written so far; the encoder starts a new buffer (the stream may still hold this one). */
  take(): Buffer {
    const full = this.buffer.subarray(0, this.used);
    this.setBuffer(Buffer.allocUnsafe(this.capacity));
    this.used = 0;
    return full;
  }

  /** Text written as it is (the sheet's head and tail). */
  raw(text: string): void {
    this.reserve(text.length * 3);
    this.used += this.buffer.write(text, this.used);
  }

  /**
   * Writes rows `from…` of the columns as sheet rows numbered from `firstRowNumber`, until `to` or
   * until the buffer cannot hold the next row. Returns the index of the first row not written.
   * A row larger than an empty buffer gets a buffer of its own size.
   */
  rows(columns: readonly SheetColumn[], from: number, to: number, firstRowNumber: number, plan: RowPlan): number {
    const markup = this.markupFor(plan);
    let fixed = ROW_OPEN.bytes.length + ROW_REF_END.bytes.length + ROW_CLOSE.bytes.length + 16;
    for (const m of markup) fixed += m.refOpen.bytes.length + m.spacedText.tail.bytes.length + CELL_SLACK;
    // one bound for every row of the call, from each column's longest text: a pass per column
    // instead of a look at every cell of every row
    let bound = fixed;
    for (let c = 0; c < columns.length; c++) bound += longestText(columns[c], from, to) * BYTES_PER_CHAR;
    // each column's kind found once, not by `instanceof` on every cell
    const kinds = columns.map((column) => (column instanceof SharedText ? SHARED : column instanceof PackedText ? PACKED : VALUES));
    for (let r = from; r < to; r++) {
      if (bound > this.buffer.length - this.used) {
        if (this.used > 0) return r;
        this.setBuffer(Buffer.allocUnsafe(bound));
      }
      this.row(columns, kinds, r, firstRowNumber + (r - from), markup, plan);
    }
    return to;
  }

  private reserve(bytes: number): void {
    if (bytes <= this.buffer.length - this.used) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.capacity, this.used + bytes));
    this.buffer.copy(bigger, 0, 0, this.used);
    this.setBuffer(bigger);
  }

  private markupFor(plan: RowPlan): CellMarkup[] {
    const key = plan.styles.join(',');
    let markup = this.cells.get(key);
    if (!markup) {
      markup = plan.styles.map((style, i) => {
        const head = style ? ` s="${style}"` : '';
        const start = (rest: string): Start => ({ plain: ascii(`<c${head}${rest}`), tail: ascii(`${head}${rest}`) });
        return {
          refOpen: ascii(`<c r="${columnLetter(i)}`),
          style,
          empty: start('/>'),
          shared: start(' t="s"><v>'),
          number: start('><v>'),
          text: start(' t="inlineStr"><is><t>'),
          spacedText: start(' t="inlineStr"><is><t xml:space="preserve">'),
        };
      });
      this.cells.set(key, markup);
    }
    return markup;
  }

  private row(columns: readonly SheetColumn[], kinds: readonly number[], r: number, rowNumber: number, markup: CellMarkup[], plan: RowPlan): void {
    this.setRowDigits(rowNumber);
    this.bytes(ROW_OPEN);
    this.digits();
    this.bytes(ROW_REF_END);
    this.needRef = true;
    for (let c = 0; c < columns.length; c++) {
      const m = markup[c];
      const column = columns[c];
      const kind = kinds[c];
      let v: unknown = null;
      if (kind === VALUES) v = (column as readonly unknown[])[r];
      else if (kind === SHARED) {
        const index = (column as SharedText).indexes[r];
        if (index >= 0) {
          this.start(m, m.shared);
          this.integer(index);
          this.bytes(NUMBER_CLOSE);
          continue;
        }
        if (index === EMPTY_TEXT) {
          this.emptyCell(m);
          continue;
        }
      } else if (!(column as PackedText).nulls[r]) {
        this.packedText(column as PackedText, r, m);
        continue;
      }
      if (v === null || v === undefined) v = plan.blanks[c];
      if (typeof v === 'number' && Number.isFinite(v)) {
        this.start(m, m.number);
        this.number(plan.points[c] ? toPoints(v) : v);
        this.bytes(NUMBER_CLOSE);
      } else if (v === '') {
        this.emptyCell(m);
      } else {
        this.text(String(v), m);
      }
    }
    this.bytes(ROW_CLOSE);
  }

  /** A cell's start: with its reference when the cell before was left out (or it is the first). */
  private start(m: CellMarkup, start: Start): void {
    if (!this.needRef) return this.bytes(start.plain);
    this.bytes(m.refOpen);
    this.digits();
    this.buffer[this.used++] = QUOTE;
    this.needRef = false;
    this.bytes(start.tail);
  }

  /** An empty cell: left out when it has the default style, so the next cell names its reference. */
  private emptyCell(m: CellMarkup): void {
    if (m.style === 0) {
      this.needRef = true;
      return;
    }
    this.start(m, m.empty);
  }

  private setBuffer(buffer: Buffer): void {
    this.buffer = buffer;
    this.view = viewOf(buffer);
  }

  private bytes(markup: Markup): void {
    const { words, bytes } = markup;
    const view = this.view;
    let at = this.used;
    for (let i = 0; i < words.length; i++, at += 4) view.setUint32(at, words[i], true);
    const buffer = this.buffer;
    for (let i = words.length * 4; i < bytes.length; i++) buffer[at++] = bytes[i];
    this.used = at;
  }

  private setRowDigits(n: number): void {
    let count = 0;
    do {
      this.rowDigits[15 - count++] = DIGIT_0 + (n % 10);
      n = Math.floor(n / 10);
    } while (n > 0);
    this.rowDigitCount = count;
  }

  private digits(): void {
    const buffer = this.buffer;
    let at = this.used;
    for (let i = 16 - this.rowDigitCount; i < 16; i++) buffer[at++] = this.rowDigits[i];
    this.used = at;
  }

  /** A non-negative integer below 2^53, in decimal: 32-bit arithmetic while it fits. */
  private integer(n: number): void {
    const buffer = this.buffer;
    if (n < INT32_LIMIT) {
      let v = n | 0;
      let width = 1;
      for (let p = 10; p <= v; p *= 10) width++;
      let at = this.used + width;
      this.used = at;
      do {
        const next = (v / 10) | 0;
        buffer[--at] = DIGIT_0 + v - next * 10;
        v = next;
      } while (v > 0);
      return;
    }
    let width = 1;
    for (let p = 10; p <= n; p *= 10) width++;
    let at = this.used + width;
    this.used = at;
    for (let i = 0; i < width; i++) {
      buffer[--at] = DIGIT_0 + (n % 10);
      n = Math.floor(n / 10);
    }
  }

  /**
   * The number as `String(n)` writes it. Below CENTS_LIMIT a whole number of cents (integers too) is
   * written from its cents without making a string: there `String` writes at most two decimals.
   */
  private number(n: number): void {
    const abs = n < 0 ? -n : n;
    if (abs < CENTS_LIMIT) {
      const cents = Math.round(abs * 100);
      if (cents / 100 === abs) {
        const buffer = this.buffer;
        if (n < 0) buffer[this.used++] = MINUS;
        const whole = Math.floor(cents / 100);
        this.integer(whole);
        const fraction = cents - whole * 100;
        if (fraction === 0) return;
        buffer[this.used++] = DOT;
        const tens = (fraction / 10) | 0;
        buffer[this.used++] = DIGIT_0 + tens;
        if (fraction !== tens * 10) buffer[this.used++] = DIGIT_0 + fraction - tens * 10;
        return;
      }
    }
    this.latin1(String(n));
  }

  private latin1(text: string): void {
    const buffer = this.buffer;
    let at = this.used;
    for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i);
    this.used = at;
  }

  private text(value: string, m: CellMarkup): void {
    const kind = textKind(value);
    if (kind === PLAIN_ASCII) {
      const last = value.charCodeAt(value.length - 1);
      this.start(m, value.charCodeAt(0) === SPACE || last === SPACE ? m.spacedText : m.text);
      this.latin1(value);
    } else {
      const escaped = kind === PLAIN_TEXT ? value : escapeXml(value);
      this.start(m, EDGE_SPACE.test(escaped) ? m.spacedText : m.text);
      this.used += this.buffer.write(escaped, this.used);
    }
    this.bytes(TEXT_CLOSE);
  }

  /**
   * Row r of a packed column, written as `text` writes the same string: plain text (nothing to
   * escape or drop) straight from its code points as UTF-8 in one pass; text that turns out to need
   * more is taken back and written through `text`.
   */
  private packedText(column: PackedText, r: number, m: CellMarkup): void {
    const { codes } = column;
    const from = column.starts[r];
    const to = column.starts[r + 1];
    if (from === to) return this.emptyCell(m);
    const start = this.used;
    const needRef = this.needRef;
    this.start(m, isEdgeSpace(codes[from]) || isEdgeSpace(codes[to - 1]) ? m.spacedText : m.text);
    const buffer = this.buffer;
    let at = this.used;
    for (let i = from; i < to; i++) {
      const cp = codes[i];
      if (cp < 0x80) {
        if (cp < SPACE ? cp !== 9 && cp !== 10 && cp !== 13 : cp === AMP || cp === LT || cp === GT || cp === QUOTE) {
          // markup, or a character XML cannot carry: the string way escapes and drops as for any text
          this.used = start;
          this.needRef = needRef;
          return this.text(column.at(r)!, m);
        }
        buffer[at++] = cp;
      } else if (cp < 0x800) {
        buffer[at++] = 0xc0 | (cp >> 6);
        buffer[at++] = 0x80 | (cp & 0x3f);
      } else if (cp < 0x10000) {
        if (cp === 0xfffe || cp === 0xffff || (cp >= 0xd800 && cp <= 0xdfff)) {
          this.used = start;
          this.needRef = needRef;
          return this.text(column.at(r)!, m);
        }
        buffer[at++] = 0xe0 | (cp >> 12);
        buffer[at++] = 0x80 | ((cp >> 6) & 0x3f);
        buffer[at++] = 0x80 | (cp & 0x3f);
      } else {
        buffer[at++] = 0xf0 | (cp >> 18);
        buffer[at++] = 0x80 | ((cp >> 12) & 0x3f);
        buffer[at++] = 0x80 | ((cp >> 6) & 0x3f);
        buffer[at++] = 0x80 | (cp & 0x3f);
      }
    }
    this.used = at;
    this.bytes(TEXT_CLOSE);
  }
}

const viewOf = (buffer: Buffer) => new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/** What `\s` matches among the code points written as they are. */
function isEdgeSpace(cp: number): boolean {
  return (
    cp === 9 || cp === 10 || cp === 13 || cp === SPACE || cp === 0xa0 || cp === 0x1680 || (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 || cp === 0x2029 || cp === 0x202f || cp === 0x205f || cp === 0x3000 || cp === 0xfeff
  );
}

/** The most UTF-16 units (or code points, plus one) of any text in rows from…to of a column. */
function longestText(column: SheetColumn, from: number, to: number): number {
  let longest = 0;
  // an index has at most 10 digits; an empty or NULL cell's markup is within the slack
  if (column instanceof SharedText) return 2;
  if (column instanceof PackedText) {
    const { starts } = column;
    for (let r = from; r < to; r++) longest = Math.max(longest, starts[r + 1] - starts[r] + 1);
    return longest;
  }
  for (let r = from; r < to; r++) {
    const v = column[r];
    if (typeof v === 'string' && v.length > longest) longest = v.length;
  }
  return longest;
}

/** printable ASCII that needs no escaping: written byte by byte */
const PLAIN_ASCII = 0;
/** nothing to escape or drop, but not all printable ASCII (Chinese names): written as UTF-8 as it is */
const PLAIN_TEXT = 1;
const NEEDS_ESCAPE = 2;

/** How text is written, found in one pass without making a string. */
function textKind(text: string): number {
  let kind = PLAIN_ASCII;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === AMP || c === LT || c === GT || c === QUOTE || c === 0xfffe || c === 0xffff) return NEEDS_ESCAPE;
    if (c < SPACE) {
      // tab, line feed and carriage return are kept as they are; every other control character is dropped
      if (c !== 9 && c !== 10 && c !== 13) return NEEDS_ESCAPE;
      kind = PLAIN_TEXT;
    } else if (c > 126) kind = PLAIN_TEXT;
  }
  return kind;
}

/**
 * Below this a number's cents decide it: its doubles lie closer than half a cent apart, so `String`
 * writes a value that is a whole number of cents with at most two decimals (and never in exponent form).
 */
const CENTS_LIMIT = 2 ** 40;
const INT32_LIMIT = 2 ** 31;

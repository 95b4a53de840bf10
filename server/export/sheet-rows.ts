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

/**
 * A chunk's column of numbers as doubles, 1 in `nulls` where the value is NULL: the encoder reads
 * them unboxed, and they cross to an encoding thread as two typed arrays instead of an array cloned
 * value by value (that cloning cost half as much as the encoding itself).
 */
export class NumberColumn {
  constructor(
    readonly values: Float64Array,
    readonly nulls: Uint8Array,
  ) {}

  get length(): number {
    return this.values.length;
  }
}

/** The column as a NumberColumn when it holds finite numbers and NULLs only; else as it is. */
export function numberColumn(column: ColumnValues): ColumnValues | NumberColumn {
  if (column instanceof PackedText) return column;
  const values = new Float64Array(column.length);
  const nulls = new Uint8Array(column.length);
  for (let r = 0; r < column.length; r++) {
    const v = column[r];
    if (typeof v === 'number' && Number.isFinite(v)) values[r] = v;
    else if (v === null || v === undefined) nulls[r] = 1;
    else return column;
  }
  return new NumberColumn(values, nulls);
}

/** A column of a chunk as the encoder reads it: plain values, packed text, shared-string indexes or numbers. */
export type SheetColumn = ColumnValues | SharedText | NumberColumn;

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
const NUMBERS = 3;
const NO_INDEXES = new Int32Array(0);
const NO_NUMBERS = new Float64Array(0);
const NO_NULLS = new Uint8Array(0);

function kindOf(column: SheetColumn): number {
  if (column instanceof SharedText) return SHARED;
  if (column instanceof NumberColumn) return NUMBERS;
  return column instanceof PackedText ? PACKED : VALUES;
}
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
    // each column's kind found once, not by `instanceof` on every cell; each kind's arrays apart, so
    // every read in the row loop sees one type of array
    const kinds = columns.map(kindOf);
    const indexes = columns.map((column) => (column instanceof SharedText ? column.indexes : NO_INDEXES));
    const numbers = columns.map((column) => (column instanceof NumberColumn ? column.values : NO_NUMBERS));
    const nulls = columns.map((column) => (column instanceof NumberColumn ? column.nulls : NO_NULLS));
    for (let r = from; r < to; r++) {
      if (bound > this.buffer.length - this.used) {
        if (this.used > 0) return r;
        this.setBuffer(Buffer.allocUnsafe(bound));
      }
      this.row(columns, kinds, indexes, numbers, nulls, r, firstRowNumber + (r - from), markup, plan);
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

  /**
   * One row. The cells of shared text and numbers, nearly all of an export's, are written here with
   * the buffer and its position in locals; other cells go through the methods, which keep them in
   * the encoder's fields.
   */
  private row(
    columns: readonly SheetColumn[],
    kinds: readonly number[],
    indexes: readonly Int32Array[],
    numbers: readonly Float64Array[],
    nulls: readonly Uint8Array[],
    r: number,
    rowNumber: number,
    markup: CellMarkup[],
    plan: RowPlan,
  ): void {
    this.setRowDigits(rowNumber);
    const buffer = this.buffer;
    const view = this.view;
    const digits = this.rowDigits;
    const firstDigit = 16 - this.rowDigitCount;
    let at = put(view, buffer, this.used, ROW_OPEN);
    for (let i = firstDigit; i < 16; i++) buffer[at++] = digits[i];
    at = put(view, buffer, at, ROW_REF_END);
    let needRef = true;
    for (let c = 0; c < kinds.length; c++) {
      const m = markup[c];
      const kind = kinds[c];
      let start: Start | null = null;
      let index = -1;
      let v = 0;
      if (kind === SHARED) {
        index = indexes[c][r];
        if (index >= 0) start = m.shared;
      } else if (kind === NUMBERS && !nulls[c][r]) {
        v = numbers[c][r];
        if (plan.points[c]) v = toPoints(v);
        start = m.number;
      }
      if (start === null) {
        // any other cell: through the methods
        this.used = at;
        this.needRef = needRef;
        this.otherCell(columns[c], kind, index, r, m, plan.blanks[c], plan.points[c]);
        at = this.used;
        needRef = this.needRef;
        continue;
      }
      if (needRef) {
        at = put(view, buffer, at, m.refOpen);
        for (let i = firstDigit; i < 16; i++) buffer[at++] = digits[i];
        buffer[at++] = QUOTE;
        at = put(view, buffer, at, start.tail);
        needRef = false;
      } else at = put(view, buffer, at, start.plain);
      at = kind === SHARED ? putInteger(buffer, at, index) : putNumber(buffer, at, v);
      at = put(view, buffer, at, NUMBER_CLOSE);
    }
    this.used = put(view, buffer, at, ROW_CLOSE);
  }

  /** A cell that is not a shared text or a number: the empty or NULL ones, plain values, packed text. */
  private otherCell(column: SheetColumn, kind: number, index: number, r: number, m: CellMarkup, blank: string, points: boolean): void {
    if (kind === SHARED) {
      if (index === EMPTY_TEXT) this.emptyCell(m);
      else this.value(blank, m, false);
    } else if (kind === PACKED) {
      if ((column as PackedText).nulls[r]) this.value(blank, m, false);
      else this.packedText(column as PackedText, r, m);
    } else if (kind === NUMBERS) this.value(blank, m, false);
    else {
      const v = (column as readonly unknown[])[r];
      this.value(v === null || v === undefined ? blank : v, m, points);
    }
  }

  /** A plain value's cell: a finite number as a number, the empty text as an empty cell, else text. */
  private value(v: unknown, m: CellMarkup, points: boolean): void {
    if (typeof v === 'number' && Number.isFinite(v)) {
      this.start(m, m.number);
      this.number(points ? toPoints(v) : v);
      this.bytes(NUMBER_CLOSE);
    } else if (v === '') this.emptyCell(m);
    else this.text(String(v), m);
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
    this.used = put(this.view, this.buffer, this.used, markup);
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

  private number(n: number): void {
    this.used = putNumber(this.buffer, this.used, n);
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

/** Writes fixed markup at `at`, four bytes a store, then the last few; answers the position after it. */
function put(view: DataView, buffer: Uint8Array, at: number, markup: Markup): number {
  const { words, bytes } = markup;
  for (let i = 0; i < words.length; i++, at += 4) view.setUint32(at, words[i], true);
  for (let i = words.length * 4; i < bytes.length; i++) buffer[at++] = bytes[i];
  return at;
}

/**
 * Writes the number as `String(n)` writes it; answers the position after it. Below CENTS_LIMIT a whole
 * number of cents (integers too) is written from its cents without making a string: there `String`
 * writes at most two decimals.
 */
function putNumber(buffer: Uint8Array, at: number, n: number): number {
  const abs = n < 0 ? -n : n;
  if (abs < CENTS_LIMIT) {
    const cents = Math.round(abs * 100);
    if (cents / 100 === abs) {
      if (n < 0) buffer[at++] = MINUS;
      const whole = Math.floor(cents / 100);
      at = putInteger(buffer, at, whole);
      const fraction = cents - whole * 100;
      if (fraction === 0) return at;
      buffer[at++] = DOT;
      const tens = (fraction / 10) | 0;
      buffer[at++] = DIGIT_0 + tens;
      if (fraction !== tens * 10) buffer[at++] = DIGIT_0 + fraction - tens * 10;
      return at;
    }
  }
  const text = String(n);
  for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i);
  return at;
}

/** Writes a non-negative integer below 2^53 in decimal (32-bit arithmetic while it fits); answers the position after it. */
function putInteger(buffer: Uint8Array, at: number, n: number): number {
  if (n < INT32_LIMIT) {
    let v = n | 0;
    let width = 1;
    for (let p = 10; p <= v; p *= 10) width++;
    const end = at + width;
    at = end;
    do {
      const next = (v / 10) | 0;
      buffer[--at] = DIGIT_0 + v - next * 10;
      v = next;
    } while (v > 0);
    return end;
  }
  let width = 1;
  for (let p = 10; p <= n; p *= 10) width++;
  const end = at + width;
  at = end;
  for (let i = 0; i < width; i++) {
    buffer[--at] = DIGIT_0 + (n % 10);
    n = Math.floor(n / 10);
  }
  return end;
}

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
  // a number's digits and an empty value's blank text are within the slack
  if (column instanceof NumberColumn) return 0;
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

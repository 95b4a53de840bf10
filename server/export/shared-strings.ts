/**
 * The workbook's shared-strings table for an export: each distinct text of the text columns is kept
 * once and the cells point at it by index (`t="s"`), as Excel itself writes. An export repeats the same
 * store, goods and date names on thousands of rows; written once, the sheet holds a third fewer bytes
 * to encode and deflate. Text arrives as code points (`PackedText`) or strings and is looked up by its
 * code points in an open-addressing table, so no string is made per cell.
 *
 * The table is bounded: once it holds `limit` code points, later chunks' text stays inline, so a
 * report of a million distinct document numbers costs no more memory than the bound.
 */
import { PackedText, PackedTextBuilder, type ColumnValues } from '../db/packed-text';

/** A chunk's text column as indexes into the table: NULL_TEXT, EMPTY_TEXT or an index. */
export class SharedText {
  constructor(readonly indexes: Int32Array) {}

  get length(): number {
    return this.indexes.length;
  }
}

export const NULL_TEXT = -1;
export const EMPTY_TEXT = -2;

/**
 * Text packed as code points only where it changes from the row before: a NULL row repeats the text
 * of the row before (the last row of the column's previous chunk for a chunk's first row; NULL before
 * the export's first row), and a row holding the single code point NULL_CODE is NULL. An export's rows
 * come sorted and its names repeat row after row, so the database makes each run's code points once
 * instead of on every row.
 */
export class RepeatingText {
  constructor(readonly packed: PackedText) {}

  get length(): number {
    return this.packed.length;
  }
}

/** the code point that stands for NULL in RepeatingText */
export const NULL_CODE = -2;

/** 4 M code points: 16 MB of text at most, about 400,000 names of ten characters. */
const DEFAULT_LIMIT = 1 << 22;

export class SharedStrings {
  private codes = new Int32Array(1 << 14);
  private used = 0;
  private starts: number[] = [0];
  private hashes: number[] = [];
  private slots = new Int32Array(1 << 12).fill(-1);
  private scratch = new Int32Array(64);
  /** strings already looked up: V8 keeps a string's hash, so a repeated string costs one map lookup */
  private readonly byString = new Map<string, number>();
  /**
   * per column position, the last text of its previous chunk of RepeatingText: an index, NULL_TEXT or
   * EMPTY_TEXT; once the table is full, its code points (null for NULL)
   */
  private readonly lastText = new Map<number, number | Int32Array | null>();
  /** cells pointing at the table */
  count = 0;

  constructor(private readonly limit = DEFAULT_LIMIT) {}

  /** the distinct texts kept */
  get size(): number {
    return this.hashes.length;
  }

  /**
   * The column as indexes when it holds text only (and NULLs), while the table has room; else the
   * column as it is, repeating text as plain packed text. `position` tells a chunk's columns of
   * repeating text apart: each goes on from the last text of the same column's previous chunk.
   */
  share(column: ColumnValues | RepeatingText, position = 0): ColumnValues | SharedText {
    if (column instanceof RepeatingText) return this.used >= this.limit ? this.expand(column, position) : this.shareRepeating(column, position);
    if (this.used >= this.limit) return column;
    if (column instanceof PackedText) return this.sharePacked(column);
    for (const v of column) if (v !== null && v !== undefined && typeof v !== 'string') return column;
    const indexes = new Int32Array(column.length);
    let texts = 0;
    for (let r = 0; r < column.length; r++) {
      const v = column[r] as string | null | undefined;
      if (v === null || v === undefined) indexes[r] = NULL_TEXT;
      else if (v === '') indexes[r] = EMPTY_TEXT;
      else {
        let index = this.byString.get(v);
        if (index === undefined) {
          index = this.indexOf(this.scratch, 0, this.toScratch(v));
          this.byString.set(v, index);
        }
        indexes[r] = index;
        texts++;
      }
    }
    if (texts === 0) return column;
    this.count += texts;
    return new SharedText(indexes);
  }

  /** The text at `index`, for writing the table's part. */
  at(index: number): string {
    let text = '';
    for (let i = this.starts[index], end = this.starts[index + 1]; i < end; i++) text += String.fromCodePoint(this.codes[i]);
    return text;
  }

  private sharePacked(column: PackedText): SharedText {
    const { codes, starts, nulls } = column;
    const indexes = new Int32Array(column.length);
    // an export's rows come sorted, so a text often repeats the row before: compared, not looked up
    let last = -1;
    for (let r = 0; r < indexes.length; r++) {
      const from = starts[r];
      const to = starts[r + 1];
      if (nulls[r]) indexes[r] = NULL_TEXT;
      else if (from === to) indexes[r] = EMPTY_TEXT;
      else {
        indexes[r] = last >= 0 && sameCodes(codes, starts[last], starts[last + 1], from, to) ? indexes[last] : this.indexOf(codes, from, to);
        last = r;
        this.count++;
      }
    }
    return new SharedText(indexes);
  }

  private shareRepeating(column: RepeatingText, position: number): SharedText {
    const { codes, starts, nulls } = column.packed;
    const indexes = new Int32Array(column.length);
    let last = this.lastText.get(position) ?? NULL_TEXT;
    if (typeof last !== 'number') throw new Error('repeating text shared after the table was full');
    for (let r = 0; r < indexes.length; r++) {
      if (!nulls[r]) {
        const from = starts[r];
        const to = starts[r + 1];
        if (from === to) last = EMPTY_TEXT;
        else if (to - from === 1 && codes[from] === NULL_CODE) last = NULL_TEXT;
        else last = this.indexOf(codes, from, to);
      }
      indexes[r] = last;
      if (last >= 0) this.count++;
    }
    this.lastText.set(position, last);
    return new SharedText(indexes);
  }

  /** Repeating text as plain packed text, once the table is full: each repeat copied out. */
  private expand(column: RepeatingText, position: number): PackedText {
    const { codes, starts, nulls } = column.packed;
    const before = this.lastText.get(position) ?? NULL_TEXT;
    let last: Int32Array | null;
    if (typeof before !== 'number') last = before;
    else if (before >= 0) last = this.codes.slice(this.starts[before], this.starts[before + 1]);
    else last = before === EMPTY_TEXT ? new Int32Array(0) : null;
    const builder = new PackedTextBuilder();
    for (let r = 0; r < column.length; r++) {
      if (!nulls[r]) {
        const from = starts[r];
        const to = starts[r + 1];
        last = to - from === 1 && codes[from] === NULL_CODE ? null : codes.slice(from, to);
      }
      builder.push(last && Array.from(last));
    }
    this.lastText.set(position, last);
    return builder.take();
  }

  private toScratch(text: string): number {
    if (this.scratch.length < text.length) this.scratch = new Int32Array(text.length * 2);
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      this.scratch[n++] = cp;
    }
    return n;
  }

  /** The index of code points `source[from…to)`, added when new. */
  private indexOf(source: Int32Array, from: number, to: number): number {
    let hash = 0x811c9dc5;
    for (let i = from; i < to; i++) hash = Math.imul(hash ^ source[i], 0x01000193);
    hash |= 0;
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const index = this.slots[slot];
      if (index < 0) return this.add(source, from, to, hash, slot);
      if (this.hashes[index] === hash && this.equals(index, source, from, to)) return index;
    }
  }

  private equals(index: number, source: Int32Array, from: number, to: number): boolean {
    const start = this.starts[index];
    if (this.starts[index + 1] - start !== to - from) return false;
    for (let i = 0; i < to - from; i++) if (this.codes[start + i] !== source[from + i]) return false;
    return true;
  }

  private add(source: Int32Array, from: number, to: number, hash: number, slot: number): number {
    const n = to - from;
    if (this.used + n > this.codes.length) {
      let size = this.codes.length * 2;
      while (size < this.used + n) size *= 2;
      const bigger = new Int32Array(size);
      bigger.set(this.codes.subarray(0, this.used));
      this.codes = bigger;
    }
    this.codes.set(source.subarray(from, to), this.used);
    this.used += n;
    this.starts.push(this.used);
    const index = this.hashes.length;
    this.hashes.push(hash);
    this.slots[slot] = index;
    if (this.hashes.length * 2 > this.slots.length) this.grow();
    return index;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let index = 0; index < this.hashes.length; index++) {
      let slot = this.hashes[index] & mask;
      while (slots[slot] >= 0) slot = (slot + 1) & mask;
      slots[slot] = index;
    }
    this.slots = slots;
  }
}

function sameCodes(codes: Int32Array, aFrom: number, aTo: number, bFrom: number, bTo: number): boolean {
  if (aTo - aFrom !== bTo - bFrom) return false;
  for (let i = 0; i < aTo - aFrom; i++) if (codes[aFrom + i] !== codes[bFrom + i]) return false;
  return true;
}

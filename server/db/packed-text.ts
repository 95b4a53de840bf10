/**
 * A column of text carried as Unicode code points in one typed array, for exports. Reading text out of
 * DuckDB one string at a time costs a native call and a buffer per string longer than 12 bytes, then a
 * UTF-8 decoding into a JS string that the sheet encoder encodes back: most of an export's Node time.
 * Asked for as a list of code points (`codePointsSql`), a whole chunk's text arrives as one flat
 * vector, copied here and written into the sheet byte by byte without any string being made.
 */

/** DuckDB's expression for the code points of a text (`unicode('')` is -1: read as the empty text). */
export function codePointsSql(expr: string): string {
  return `list_transform(string_split(${expr}, ''), c -> unicode(c))::INTEGER[]`;
}

export class PackedText {
  /**
   * @param codes every row's code points, one row after the other
   * @param starts row r's code points are codes[starts[r]] … codes[starts[r + 1] - 1] (rowCount + 1 entries)
   * @param nulls 1 where the row's text is NULL
   */
  constructor(
    readonly codes: Int32Array,
    readonly starts: Int32Array,
    readonly nulls: Uint8Array,
  ) {}

  get length(): number {
    return this.nulls.length;
  }

  /** Row r as a string (the few callers that need one: a totals row, row objects). */
  at(r: number): string | null {
    if (this.nulls[r]) return null;
    let text = '';
    for (let i = this.starts[r], end = this.starts[r + 1]; i < end; i++) text += String.fromCodePoint(this.codes[i]);
    return text;
  }

  /** The column without row `index`. */
  without(index: number): PackedText {
    const from = this.starts[index];
    const gap = this.starts[index + 1] - from;
    const codes = new Int32Array(this.codes.length - gap);
    codes.set(this.codes.subarray(0, from));
    codes.set(this.codes.subarray(from + gap), from);
    const starts = new Int32Array(this.starts.length - 1);
    starts.set(this.starts.subarray(0, index + 1));
    for (let r = index + 1; r < starts.length; r++) starts[r] = this.starts[r + 1] - gap;
    const nulls = new Uint8Array(this.nulls.length - 1);
    nulls.set(this.nulls.subarray(0, index));
    nulls.set(this.nulls.subarray(index + 1), index);
    return new PackedText(codes, starts, nulls);
  }

  static of(texts: readonly (string | null)[]): PackedText {
    const builder = new PackedTextBuilder();
    for (const text of texts) builder.push(text === null ? null : Array.from(text, (c) => c.codePointAt(0)!));
    return builder.take();
  }
}

/** A column's values in a chunk: plain values, or text packed as code points. */
export type ColumnValues = readonly unknown[] | PackedText;

export function valueAt(column: ColumnValues, r: number): unknown {
  return column instanceof PackedText ? column.at(r) : column[r];
}

export function withoutIndex(column: ColumnValues, index: number): ColumnValues {
  return column instanceof PackedText ? column.without(index) : [...column.slice(0, index), ...column.slice(index + 1)];
}

/** Collects packed rows chunk by chunk, growing its arrays by doubling. */
export class PackedTextBuilder {
  private codes = new Int32Array(1 << 14);
  private used = 0;
  private starts: number[] = [0];
  private nulls: number[] = [];

  /** Appends rows from code points `codes[offsets[r]] … + lengths[r]`; `valid(r)` false for NULL. */
  append(codes: Int32Array, count: number, offset: (r: number) => number, length: (r: number) => number, valid: (r: number) => boolean): void {
    // the rows hold at most all of `codes`: one reserve, then each row copied by a plain loop (a
    // subarray per row cost more than the copying, for names of a few characters)
    this.reserve(codes.length);
    const out = this.codes;
    let used = this.used;
    for (let r = 0; r < count; r++) {
      if (!valid(r)) {
        this.nulls.push(1);
        this.starts.push(used);
        continue;
      }
      const from = offset(r);
      const to = from + length(r);
      this.nulls.push(0);
      if (to - from !== 1 || codes[from] !== -1) for (let i = from; i < to; i++) out[used++] = codes[i];
      this.starts.push(used);
    }
    this.used = used;
  }

  push(codes: readonly number[] | null): void {
    if (codes === null) return this.append(new Int32Array(0), 1, () => 0, () => 0, () => false);
    this.append(Int32Array.from(codes), 1, () => 0, () => codes.length, () => true);
  }

  take(): PackedText {
    const packed = new PackedText(this.codes.slice(0, this.used), Int32Array.from(this.starts), Uint8Array.from(this.nulls));
    this.used = 0;
    this.starts = [0];
    this.nulls = [];
    return packed;
  }

  private reserve(n: number): void {
    if (this.used + n <= this.codes.length) return;
    let size = this.codes.length * 2;
    while (size < this.used + n) size *= 2;
    const bigger = new Int32Array(size);
    bigger.set(this.codes.subarray(0, this.used));
    this.codes = bigger;
  }
}

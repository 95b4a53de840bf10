/**
 * Column layout of a printed report table: widths from content, one font size, and — when the
 * columns do not fit the page even at the smallest readable size — column groups printed one after
 * the other, each repeating the leading dimension columns so every page can be read on its own.
 * Pure: text widths come from a `measure` function (width at font size 1), so it is tested without pdfkit.
 */

export interface LayoutColumn {
  /** header text; never cut */
  label: string;
  /** dimension (key) column: repeated on every column group */
  key: boolean;
  /** the formatted cells of this column (a sample is enough) */
  cells: readonly string[];
}

export interface ColumnGroup {
  /** indexes into the layout's columns, keys first */
  columns: number[];
  /** width of each listed column, in points; at most the page width together */
  widths: number[];
}

export interface TableLayout {
  fontSize: number;
  groups: ColumnGroup[];
}

export interface LayoutOptions {
  /** usable width of the page in points */
  width: number;
  /** preferred font size */
  fontSize?: number;
  /** smallest font size still comfortable to read on paper */
  minFontSize?: number;
  /** horizontal padding inside a cell, both sides together plus a little slack, in points */
  padding?: number;
  /** a cell wider than this share of the page is cut with an ellipsis instead of widening its column */
  maxCellShare?: number;
}

export const PRINT_FONT_SIZE = 8;
export const MIN_PRINT_FONT_SIZE = 6.5;

/** Width at font size 1 of the widest text among a column's header and cells. */
function naturalWidth(col: LayoutColumn, measure: (text: string) => number, cap: number): { header: number; body: number } {
  let body = 0;
  for (const c of col.cells) body = Math.max(body, measure(c));
  return { header: measure(col.label), body: Math.min(body, cap) };
}

/** Widens the columns to fill the page, in proportion to their natural widths. */
function fill(natural: number[], width: number): number[] {
  const sum = natural.reduce((a, b) => a + b, 0);
  return natural.map((w) => (w / sum) * width);
}

export function layoutTable(columns: readonly LayoutColumn[], measure: (text: string) => number, opts: LayoutOptions): TableLayout {
  const preferred = opts.fontSize ?? PRINT_FONT_SIZE;
  const min = opts.minFontSize ?? MIN_PRINT_FONT_SIZE;
  const padding = opts.padding ?? 8;
  const capAt1 = (opts.width * (opts.maxCellShare ?? 0.35)) / min;
  const unit = columns.map((c) => naturalWidth(c, measure, capAt1));
  const widthsAt = (size: number, idx: number[]) => idx.map((i) => Math.max(unit[i].header, unit[i].body) * size + padding);
  const all = columns.map((_, i) => i);

  const total = (size: number) => widthsAt(size, all).reduce((a, b) => a + b, 0);
  if (total(preferred) <= opts.width) return { fontSize: preferred, groups: [{ columns: all, widths: fill(widthsAt(preferred, all), opts.width) }] };
  // scale down within the readable minimum: total width is linear in the font size beyond the padding
  const paddingSum = padding * columns.length;
  const fitting = ((opts.width - paddingSum) / (total(1) - paddingSum)) * 1;
  if (fitting >= min) {
    const size = Math.floor(fitting * 10) / 10;
    return { fontSize: size, groups: [{ columns: all, widths: fill(widthsAt(size, all), opts.width) }] };
  }

  // split: leading key columns repeat on every group, as long as they leave room for the figures
  const size = min;
  const keys: number[] = [];
  let keyWidth = 0;
  for (const i of all) {
    if (!columns[i].key) break;
    const w = widthsAt(size, [i])[0];
    if (keyWidth + w > opts.width * 0.4) break;
    keys.push(i);
    keyWidth += w;
  }
  const rest = all.filter((i) => !keys.includes(i));
  const groups: ColumnGroup[] = [];
  let current: number[] = [];
  let used = keyWidth;
  for (const i of rest) {
    const w = Math.min(widthsAt(size, [i])[0], opts.width - keyWidth);
    if (current.length > 0 && used + w > opts.width) {
      groups.push(groupOf(current));
      current = [];
      used = keyWidth;
    }
    current.push(i);
    used += w;
  }
  if (current.length > 0 || groups.length === 0) groups.push(groupOf(current));
  return { fontSize: size, groups };

  function groupOf(members: number[]): ColumnGroup {
    const idx = [...keys, ...members];
    // natural widths: a last group of a few columns stays narrow rather than stretched across the page
    return { columns: idx, widths: widthsAt(size, idx).map((w) => Math.min(w, opts.width - keyWidth)) };
  }
}

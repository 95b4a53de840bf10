/**
 * Whether a print template can be laid out on its own paper before anything is rendered: a style that
 * passes the schema can still leave a column narrower than one character (pdfkit then never finishes
 * a line) or a page too short for its title, header block and one line. Pure: page sizes in points.
 */
import type { PrintTemplate } from '../../engine/print/template';
import { parseTemplate, type ParsedTemplate, type TemplateProblem } from '../../engine/print/validate';

export const MM = 72 / 25.4;

/** pdfkit's paper sizes in points, portrait. */
const PAPER: Record<string, [number, number]> = {
  A4: [595.28, 841.89],
  A5: [419.53, 595.28],
  B5: [498.9, 708.66],
  LETTER: [612, 792],
};

/** Cell padding the renderer leaves (3 points each side). */
const CELL_PADDING = 6;

const mm = (points: number) => Math.round((points / MM) * 10) / 10;

/** The reason a template's layout does not fit its page (Chinese and English), or null when every part has room. */
export function layoutProblem(t: PrintTemplate): TemplateProblem | null {
  const page = t.page ?? {};
  const [w, h] = PAPER[page.size ?? 'A4'];
  const [pageWidth, pageHeight] = page.orientation === 'landscape' ? [h, w] : [w, h];
  const margin = (page.margin_mm ?? 12) * MM;
  const width = pageWidth - 2 * margin;
  const height = pageHeight - 2 * margin;
  const base = page.font_size ?? 9;
  if (width < base * 4 || height < base * 4) {
    return {
      message: '模板排版无效：页边距太大，纸张上没有可打印的区域，请缩小页边距',
      en: 'The template cannot be laid out: the margins leave no printable area on the paper; make them smaller',
    };
  }

  const weights = t.lines.map((c) => c.width ?? 1);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  // one character and the padding: narrower, a cell cannot print even its ellipsis
  const narrowest = t.lines.findIndex((_, i) => (weights[i] / weightSum) * width - CELL_PADDING < base);
  if (narrowest >= 0) {
    const needed = mm(((base + CELL_PADDING) * weightSum) / weights[narrowest]);
    const label = t.lines[narrowest].label;
    return {
      message: `模板排版无效：明细列「${label}」太窄（可打印宽度${mm(width)}毫米，按列宽比例需要${needed}毫米），请加大该列宽度、减少列数或缩小页边距`,
      en: `The template cannot be laid out: line column "${label}" is too narrow (printable width ${mm(width)} mm, it needs ${needed} mm at its width share); widen it, use fewer columns or smaller margins`,
    };
  }
  const perRow = t.header_columns ?? 3;
  if (t.header.length > 0 && width / perRow - CELL_PADDING < base * 2) {
    return {
      message: `模板排版无效：表头每行${perRow}个字段太挤，请减少每行字段数或缩小页边距`,
      en: `The template cannot be laid out: ${perRow} header fields per row do not fit; use fewer per row or smaller margins`,
    };
  }

  // the renderer's own steps: title, header rows, gap, the table's header row and one line
  const rowHeight = Math.ceil(base * 2);
  const headerRows = Math.ceil(t.header.length / perRow);
  const first = (base + 5) * 1.6 + base * 0.5 + Math.max(0, headerRows - 1) * base * 1.8 + base * 2.4 + 2 * rowHeight;
  if (first > height) {
    return {
      message: '模板排版无效：一页放不下标题、表头字段和一行明细，请减少表头字段、缩小字号或页边距',
      en: 'The template cannot be laid out: one page cannot hold the title, the header fields and one line; use fewer header fields, a smaller font or smaller margins',
    };
  }
  return null;
}

/** A template file read and checked: the schema, then the layout on its page. */
export function readTemplate(text: string): ParsedTemplate {
  const parsed = parseTemplate(text);
  if (!parsed.ok) return parsed;
  const problem = layoutProblem(parsed.template);
  return problem ? { ok: false, ...problem } : parsed;
}

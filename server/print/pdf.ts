import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatPercentagePoints } from '../../engine/percentage-points';
import type { Column, ColumnFormat, ReportRow } from '../../engine/wire';
import { layoutTable } from './table-layout';
import type { TextLang } from '../report/config';
import { TABLE_WORDS, type TableWords } from '../report/table-words';

const require = createRequire(import.meta.url);
let fontCache: Buffer | null = null;

/** The OFL Noto Sans SC face shipped in @embedpdf/fonts-sc; pdfkit embeds only the glyphs used. */
function chineseFont(): Buffer {
  if (!fontCache) {
    // the package exports no package.json: find its folder from the main entry (dist/index.*)
    const pkgDir = dirname(dirname(require.resolve('@embedpdf/fonts-sc')));
    fontCache = readFileSync(join(pkgDir, 'fonts', 'NotoSansHans-Regular.otf'));
  }
  return fontCache;
}

const numberFormat = (digits: number) =>
  new Intl.NumberFormat('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const money = numberFormat(2);
const int = numberFormat(0);

export function formatCell(v: string | number | null | undefined, format: ColumnFormat): string {
  if (v === null || v === undefined || v === '') return format === 'text' || format === 'date' ? '' : '-';
  if (typeof v !== 'number') return String(v);
  switch (format) {
    case 'money':
      return money.format(v);
    case 'int':
      return int.format(v);
    case 'qty':
      return Number.isInteger(v) ? int.format(v) : new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 }).format(v);
    case 'rate':
      return `${(v * 100).toFixed(2)}%`;
    case 'pp':
      return formatPercentagePoints(v);
    default:
      return String(v);
  }
}

export interface PdfTable {
  title: string;
  /** query conditions shown under the title, e.g. ['日期', '2026-11-01 至 2026-11-21'] */
  conditions: [string, string][];
  columns: Column[];
  rows: ReportRow[];
  totals: ReportRow | null;
  printedAt: string;
  /** the language of the table's own words (totals, printed at, page numbers); Chinese when absent */
  lang?: TextLang;
}

/** Column widths are measured on this many rows; later rows are cut with an ellipsis if wider. */
const MEASURED_ROWS = 500;

/**
 * A new pdfkit document with the Chinese font registered and its bytes collected. Pages stay in memory
 * until the end (for numberPages) unless the caller passes `bufferPages: false`.
 */
export function newPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ bufferPages: true, ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('cn', chineseFont());
  doc.font('cn');
  return { doc, done };
}

/** Writes 第 n / total 页 (or its words in another language) at the foot of the current page. */
export function pageFooter(doc: PDFKit.PDFDocument, n: number, total: number, words: TableWords = TABLE_WORDS.zh): void {
  const { left, right } = doc.page.margins;
  // the footer sits inside the bottom margin: lift the margin so pdfkit does not start a new page
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.fontSize(7).fillColor('#888').text(words.page(n, total), left, doc.page.height - 18, {
    width: doc.page.width - left - right,
    align: 'center',
    lineBreak: false,
  });
  doc.page.margins.bottom = bottom;
  doc.fillColor('#000');
}

/** Writes 第 i / n 页 at the foot of every buffered page. */
export function numberPages(doc: PDFKit.PDFDocument, words: TableWords = TABLE_WORDS.zh): void {
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    pageFooter(doc, i + 1, pages.count, words);
  }
}

/**
 * Renders a report table to landscape A4: column widths from content, scaled down to a readable
 * minimum and beyond that split into column groups (dimension columns repeated); every page repeats
 * the header row, each group ends with the totals row, and the query conditions head the first page.
 */
export function renderTablePdf(table: PdfTable): Promise<Buffer> {
  const { doc, done } = newPdf({ size: 'A4', layout: 'landscape', margin: 28 });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;

  const words = TABLE_WORDS[table.lang ?? 'zh'];
  const cellsOf = (row: ReportRow) => table.columns.map((c) => formatCell(row[c.value], c.format));
  const body = table.rows.map(cellsOf);
  const totals = table.totals
    ? table.columns.map((c, i) => (c.type === '2' ? formatCell(table.totals![c.value], c.format) : i === 0 ? words.totals : ''))
    : null;
  const sample = body.slice(0, MEASURED_ROWS);
  const layout = layoutTable(
    table.columns.map((c, i) => ({
      label: c.label,
      key: c.type === '1',
      cells: [...sample.map((r) => r[i]), ...(totals ? [totals[i]] : [])],
    })),
    (text) => doc.fontSize(1).widthOfString(text),
    { width },
  );
  const fontSize = layout.fontSize;
  const rowHeight = Math.ceil(fontSize * 2);

  const heading = (groupIndex: number) => {
    doc.fontSize(13).fillColor('#000').text(table.title, left, doc.page.margins.top, { width, align: 'center' });
    doc.moveDown(0.2);
    const conditionText = table.conditions.map(([k, v]) => `${k}：${v}`).join('    ');
    doc.fontSize(7.5).fillColor('#555').text(conditionText || ' ', { width });
    const part = layout.groups.length > 1 ? `${words.part(groupIndex + 1, layout.groups.length)}    ` : '';
    doc.text(`${part}${words.printedAt}${table.printedAt}`, { width, align: 'right' });
    doc.fillColor('#000');
    doc.moveDown(0.4);
  };

  layout.groups.forEach((group, g) => {
    if (g > 0) doc.addPage();
    heading(g);
    let y = doc.y;
    const drawRow = (cells: string[], fill?: string) => {
      const rowWidth = group.widths.reduce((a, b) => a + b, 0);
      if (fill) doc.rect(left, y, rowWidth, rowHeight).fill(fill).fillColor('#000');
      let x = left;
      group.columns.forEach((ci, k) => {
        const w = group.widths[k];
        doc.fontSize(fontSize).text(cells[ci], x + 3, y + (rowHeight - fontSize) / 2 - 1, {
          width: w - 6,
          height: rowHeight,
          align: table.columns[ci].type === '2' ? 'right' : 'left',
          lineBreak: false,
          ellipsis: true,
        });
        x += w;
      });
      doc.moveTo(left, y + rowHeight).lineTo(left + rowWidth, y + rowHeight).lineWidth(0.3).strokeColor('#ccc').stroke();
      y += rowHeight;
    };
    const header = () => drawRow(table.columns.map((c) => c.label), '#eef1f5');
    const ensureSpace = () => {
      if (y + rowHeight > bottom) {
        doc.addPage();
        y = doc.page.margins.top;
        header();
      }
    };
    header();
    for (const cells of body) {
      ensureSpace();
      drawRow(cells);
    }
    if (totals) {
      ensureSpace();
      drawRow(totals, '#f7f7f7');
    }
  });

  numberPages(doc, words);
  doc.end();
  return done;
}

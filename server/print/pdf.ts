import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatPercentagePoints } from '../../engine/percentage-points';
import type { Column, ColumnFormat, ReportRow } from '../../engine/wire';

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
}

/** Renders a report table to a landscape A4 PDF; the header row repeats on every page. */
export function renderTablePdf(table: PdfTable): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 28, bufferPages: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.registerFont('cn', chineseFont());
  doc.font('cn');
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;

  doc.fontSize(14).text(table.title, { align: 'center' });
  doc.moveDown(0.3);
  const conditionText = table.conditions.map(([k, v]) => `${k}：${v}`).join('    ');
  doc.fontSize(8).fillColor('#555').text(conditionText || ' ', { width });
  doc.text(`打印时间：${table.printedAt}`, { width, align: 'right' });
  doc.fillColor('#000');
  doc.moveDown(0.5);

  const weights = table.columns.map((c) => (c.type === '1' ? 1.6 : 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / sum) * width);
  const rowHeight = 16;
  let y = doc.y;

  const drawRow = (cells: string[], opts: { bold?: boolean; fill?: string }) => {
    if (opts.fill) doc.rect(left, y, width, rowHeight).fill(opts.fill).fillColor('#000');
    let x = left;
    cells.forEach((text, i) => {
      const numeric = table.columns[i].type === '2';
      doc.fontSize(7.5).text(text, x + 3, y + 4, {
        width: widths[i] - 6,
        height: rowHeight - 4,
        align: numeric ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += widths[i];
    });
    doc.moveTo(left, y + rowHeight).lineTo(left + width, y + rowHeight).lineWidth(0.3).strokeColor('#ccc').stroke();
    y += rowHeight;
  };
  const header = () => drawRow(table.columns.map((c) => c.label), { fill: '#eef1f5' });
  const ensureSpace = () => {
    if (y + rowHeight > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
    }
  };

  header();
  for (const row of table.rows) {
    ensureSpace();
    drawRow(table.columns.map((c) => formatCell(row[c.value], c.format)), {});
  }
  if (table.totals) {
    ensureSpace();
    drawRow(
      table.columns.map((c, i) => (c.type === '2' ? formatCell(table.totals![c.value], c.format) : i === 0 ? '合计' : '')),
      { fill: '#f7f7f7' },
    );
  }

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(i);
    doc.fontSize(7).fillColor('#888').text(`第 ${i + 1} / ${pages.count} 页`, left, doc.page.height - 20, {
      width,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}

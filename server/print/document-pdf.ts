import type { PrintDocument, PrintTemplate } from '../../engine/print/template';
import { fillText, lineTotal, lineValue } from '../../engine/print/document';
import { formatCell, newPdf, pageFooter } from './pdf';
import { MM } from './layout-check';

/**
 * Prints documents with a style's template: each document from a new page — title, the header
 * fields in a grid, the line table (its header row repeated on every page), the totals and the
 * footer lines — on the template's paper, orientation and margins.
 *
 * Every position is computed, not read back from pdfkit, so one walk without drawing counts each
 * document's pages and a second one draws them with 第 i / n 页 counted within the document (a
 * one-page receipt printed with others reads 第1/1页): pages are written out as they are finished
 * instead of all being held until the end (200 copies of a 1000-line receipt are 5000 pages).
 */
export function renderDocumentsPdf(template: PrintTemplate, documents: readonly PrintDocument[]): Promise<Buffer> {
  const page = template.page ?? {};
  const margin = (page.margin_mm ?? 12) * MM;
  const { doc, done } = newPdf({ size: page.size ?? 'A4', layout: page.orientation ?? 'portrait', margin, bufferPages: false });
  const base = page.font_size ?? 9;
  const left = margin;
  const width = doc.page.width - 2 * margin;
  const bottom = doc.page.height - margin;
  const rowHeight = Math.ceil(base * 2);
  const weights = template.lines.map((c) => c.width ?? 1);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / weightSum) * width);
  const perRow = template.header_columns ?? 3;
  const cellWidth = width / perRow;

  /** Lays every document out; draws when `totals` (each document's page count) are known. Answers the page counts. */
  const walk = (totals: readonly number[] | null): number[] => {
    const draw = totals !== null;
    const counts: number[] = [];
    let current = 0;
    let pageNo = 1;
    let y = margin;
    const turn = () => {
      if (draw) {
        pageFooter(doc, pageNo, totals[current]);
        doc.addPage();
      }
      pageNo++;
      y = margin;
    };
    const drawRow = (cells: string[], fill?: string) => {
      if (draw) {
        if (fill) doc.rect(left, y, width, rowHeight).fill(fill).fillColor('#000');
        doc.rect(left, y, width, rowHeight).lineWidth(0.4).strokeColor('#999').stroke();
        let x = left;
        cells.forEach((text, i) => {
          const c = template.lines[i];
          doc.fontSize(base).text(text, x + 3, y + (rowHeight - base) / 2 - 1, {
            width: widths[i] - 6,
            align: c.align ?? (c.format && c.format !== 'text' && c.format !== 'date' ? 'right' : 'left'),
            lineBreak: false,
            ellipsis: true,
          });
          if (i > 0) doc.moveTo(x, y).lineTo(x, y + rowHeight).stroke();
          x += widths[i];
        });
      }
      y += rowHeight;
    };

    documents.forEach((d, n) => {
      if (n > 0) {
        turn();
        counts.push(pageNo - 1);
        current = n;
        pageNo = 1;
      }
      const title = fillText(template.title, d.header);
      doc.fontSize(base + 5);
      if (draw) doc.fillColor('#000').text(title, left, margin, { width, align: 'center' });
      y = margin + doc.heightOfString(title, { width }) + base * 0.5;

      template.header.forEach((h, i) => {
        const col = i % perRow;
        if (i > 0 && col === 0) y += base * 1.8;
        if (!draw) return;
        const value = formatCell(d.header[h.field] ?? null, h.format ?? 'text');
        doc.fontSize(base).text(`${fillText(h.label, d.header)}：${value}`, left + col * cellWidth, y, {
          width: cellWidth - 6,
          lineBreak: false,
          ellipsis: true,
        });
      });
      y += base * 2.4;

      const labels = template.lines.map((c) => fillText(c.label, d.header));
      drawRow(labels, '#eef1f5');
      d.lines.forEach((line, i) => {
        if (y + rowHeight > bottom) {
          turn();
          drawRow(labels, '#eef1f5');
        }
        drawRow(draw ? template.lines.map((c) => formatCell(lineValue(line, c.field, i), c.format ?? 'text')) : []);
      });

      const tail = [
        (template.totals ?? []).map((t) => `${fillText(t.label, d.header)}：${formatCell(lineTotal(d, t.field), t.format ?? 'qty')}`).join('    '),
        ...(template.footer ?? []).map((f) => fillText(f, d.header)),
      ].filter((t) => t);
      y += base * 0.8;
      for (const text of tail) {
        if (y + base * 1.8 > bottom) turn();
        if (draw) doc.fontSize(base).text(text, left, y, { width, lineBreak: false, ellipsis: true });
        y += base * 1.8;
      }
    });
    if (draw) pageFooter(doc, pageNo, totals[current]);
    counts.push(pageNo);
    return counts;
  };

  walk(walk(null));
  doc.end();
  return done;
}

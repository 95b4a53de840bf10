import type { PrintDocument, PrintTemplate } from '../../engine/print/template';
import { fillText, lineTotal, lineValue } from '../../engine/print/document';
import { formatCell, newPdf, numberPages } from './pdf';

const MM = 72 / 25.4;

/**
 * Prints documents with a style's template: each document from a new page — title, the header
 * fields in a grid, the line table (its header row repeated on every page), the totals and the
 * footer lines — on the template's paper, orientation and margins.
 */
export function renderDocumentsPdf(template: PrintTemplate, documents: readonly PrintDocument[]): Promise<Buffer> {
  const page = template.page ?? {};
  const margin = (page.margin_mm ?? 12) * MM;
  const { doc, done } = newPdf({ size: page.size ?? 'A4', layout: page.orientation ?? 'portrait', margin });
  const base = page.font_size ?? 9;
  const left = margin;
  const width = doc.page.width - 2 * margin;
  const bottom = () => doc.page.height - margin;
  const rowHeight = Math.ceil(base * 2);
  const weights = template.lines.map((c) => c.width ?? 1);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / weightSum) * width);
  const perRow = template.header_columns ?? 3;

  documents.forEach((d, n) => {
    if (n > 0) doc.addPage();
    doc.fontSize(base + 5).fillColor('#000').text(fillText(template.title, d.header), left, margin, { width, align: 'center' });
    doc.moveDown(0.5);

    const cellWidth = width / perRow;
    let y = doc.y;
    template.header.forEach((h, i) => {
      const col = i % perRow;
      if (i > 0 && col === 0) y += base * 1.8;
      const value = formatCell(d.header[h.field] ?? null, h.format ?? 'text');
      doc.fontSize(base).text(`${fillText(h.label, d.header)}：${value}`, left + col * cellWidth, y, {
        width: cellWidth - 6,
        lineBreak: false,
        ellipsis: true,
      });
    });
    y += base * 2.4;

    const drawRow = (cells: string[], fill?: string) => {
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
      y += rowHeight;
    };
    const header = () => drawRow(template.lines.map((c) => fillText(c.label, d.header)), '#eef1f5');
    header();
    d.lines.forEach((line, i) => {
      if (y + rowHeight > bottom()) {
        doc.addPage();
        y = margin;
        header();
      }
      drawRow(template.lines.map((c) => formatCell(lineValue(line, c.field, i), c.format ?? 'text')));
    });

    const tail = [
      (template.totals ?? []).map((t) => `${fillText(t.label, d.header)}：${formatCell(lineTotal(d, t.field), t.format ?? 'qty')}`).join('    '),
      ...(template.footer ?? []).map((f) => fillText(f, d.header)),
    ].filter((t) => t);
    y += base * 0.8;
    for (const text of tail) {
      if (y + base * 1.8 > bottom()) {
        doc.addPage();
        y = margin;
      }
      doc.fontSize(base).text(text, left, y, { width, lineBreak: false, ellipsis: true });
      y += base * 1.8;
    }
  });

  numberPages(doc);
  doc.end();
  return done;
}

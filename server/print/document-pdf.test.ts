import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PrintDocument, PrintTemplate } from '../../engine/print/template';
import { parseTemplate } from '../../engine/print/validate';
import { renderDocumentsPdf } from './document-pdf';
import { pdfText } from './pdf-text';

const shipped = (file: string): PrintTemplate => {
  const parsed = parseTemplate(readFileSync(new URL(`../../report-defs/print-styles/${file}`, import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.template;
};

const receipt = (lines: number): PrintDocument => ({
  header: { receive_no: 'SH20261124001', po_no: 'PO001', receive_time: '2026-11-24 09:30:00', supplier_name: '上海某某食品有限公司', org_name: '上海南京路店', center_name: '嘉定仓', printed_at: '2026-11-24 10:00' },
  lines: Array.from({ length: lines }, (_, i) => ({ sku_no: `SKU${1000 + i}`, sku_name: `商品${i}`, barcode: `69${i}`, qty: 2, price: 3.5, amount: 7 })),
});

describe('document print with a style (rules 272, 412)', { timeout: 30_000 }, () => {
  it('prints the style title, its header fields, every line and the totals', async () => {
    const text = pdfText(await renderDocumentsPdf(shipped('102-1.json'), [receipt(3)])).replace(/[ \t]+/g, ' ');
    expect(text).toContain('采购收货单');
    expect(text).toContain('收货单号：SH20261124001');
    expect(text).toContain('供应商：上海某某食品有限公司');
    for (let i = 0; i < 3; i++) expect(text).toContain(`SKU${1000 + i}`);
    expect(text).toContain('合计金额：21.00');
  });

  it('a long document continues on new pages, repeating the line header; each document starts a page', async () => {
    const pdf = await renderDocumentsPdf(shipped('102-1.json'), [receipt(60), receipt(1)]);
    const pages = pdfText(pdf).split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const p of pages) expect(p).toContain('商品编码');
    expect(pages.join('')).toContain('SKU1059');
  });

  it('every shipped style is a valid template (two per document type)', () => {
    for (const f of ['102-1', '102-2', '26-1', '26-2', '30-1', '30-2']) expect(shipped(`${f}.json`).lines.length).toBeGreaterThan(0);
  });
});

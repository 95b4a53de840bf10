import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PrintDocument, PrintTemplate } from '../../engine/print/template';
import { parseTemplate } from '../../engine/print/validate';
import { printableFields, templateFields } from '../../engine/print/document';
import { PRINT_SOURCE_TYPES } from '../../engine/print/styles';
import { loadDocumentsFromDir } from '../documents/definitions-fs';
import { renderDocumentsPdf } from './document-pdf';
import { pdfText } from './pdf-text';

const shipped = (file: string): PrintTemplate => {
  const parsed = parseTemplate(readFileSync(new URL(`../../report-defs/print-styles/${file}`, import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.template;
};

const receipt = (lines: number): PrintDocument => ({
  header: { receive_no: 'SH20261124001', po_no: 'PO001', receive_time: '2026-11-24 09:30:00', supplier_no_name: '上海某某食品有限公司', org_code_name: '上海南京路店', center_code_name: '嘉定仓', printed_at: '2026-11-24 10:00' },
  lines: Array.from({ length: lines }, (_, i) => ({ sku_no: `SKU${1000 + i}`, sku_no_name: `商品${i}`, qty: 2, price: 3.5, amount: 7 })),
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

  it('numbers the pages 第 i / n 页 within each document while writing them out one by one (no page is held to the end)', async () => {
    const docs = [receipt(120), receipt(1), receipt(60)];
    const pages = pdfText(await renderDocumentsPdf(shipped('102-1.json'), docs)).split('\f').filter((p) => p.trim()).map((p) => p.replace(/\s+/g, ''));
    expect(pages.length).toBeGreaterThanOrEqual(5);
    // a document starts at the page whose title carries the first line; each counts its own pages
    const starts = pages.map((p, i) => (p.includes('SKU1000') ? i : -1)).filter((i) => i >= 0);
    expect(starts).toHaveLength(docs.length);
    starts.forEach((start, n) => {
      const count = (starts[n + 1] ?? pages.length) - start;
      for (let i = 0; i < count; i++) expect(pages[start + i]).toContain(`第${i + 1}/${count}页`);
    });
    // the one-page receipt between two long ones
    expect(pages[starts[1]]).toContain('第1/1页');
  });

  it('every document type with print styles ships two valid styles that print only fields its documents have', () => {
    const defs = [...loadDocumentsFromDir().documents.values()].filter((d) => d.print);
    expect(defs.map((d) => d.print!.source_type).sort()).toEqual(PRINT_SOURCE_TYPES.map((t) => t.source_type).sort());
    for (const def of defs) {
      const has = printableFields(def);
      for (const n of [1, 2]) {
        const used = templateFields(shipped(`${def.print!.source_type}-${n}.json`));
        expect(used.header.filter((f) => !has.header.includes(f)), `${def.id} style ${n} header`).toEqual([]);
        expect(used.lines.filter((f) => !has.lines.includes(f)), `${def.id} style ${n} lines`).toEqual([]);
      }
    }
  });
});

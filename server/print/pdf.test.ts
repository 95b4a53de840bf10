import { describe, expect, it } from 'vitest';
import type { Column } from '../../engine/wire';
import { formatCell, renderTablePdf } from './pdf';
import { pdfText } from './pdf-text';

const col = (value: string, label: string, type: '1' | '2', format: Column['format']): Column => ({
  value, label, type, format, is_header_show: '1', sortable: false, min_width: 100,
});

describe('report print PDF (rule §17)', { timeout: 30_000 }, () => {
  it('formats cells like the screen', () => {
    expect(formatCell(1234.5, 'money')).toBe('1,234.50');
    expect(formatCell(0.256, 'rate')).toBe('25.60%');
    expect(formatCell(null, 'rate')).toBe('-');
    expect(formatCell(0.03, 'pp')).toBe('+3.00pp');
    expect(formatCell(null, 'text')).toBe('');
  });

  it('renders a multi-page PDF with the Chinese font, page numbers and the query conditions', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ org_name: `门店${i}`, sales: i * 10.5 }));
    const pdf = await renderTablePdf({
      title: '财务销售成本汇总',
      conditions: [['业务日期', '2026-11-01 至 2026-11-21']],
      columns: [col('org_name', '组织', '1', 'text'), col('sales', '销售额', '2', 'money')],
      rows,
      totals: { sales: 999 },
      printedAt: '2026-11-22 10:00:00',
    });
    expect(pdf.toString('latin1').startsWith('%PDF')).toBe(true);
    const pages = pdfText(pdf).split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('业务日期：2026-11-01 至 2026-11-21');
    pages.forEach((p, i) => {
      expect(p.replace(/\s+/g, '')).toContain(`第${i + 1}/${pages.length}页`);
      expect(p).toContain('销售额');
    });
    expect(pages.at(-1)).toContain('合计');
    expect(pages.at(-1)).toContain('999.00');
  });

  it('31 wide figure columns: every header whole, the key column and the totals row on every column group', async () => {
    const columns = [col('org_name', '组织名称', '1', 'text')];
    for (let i = 0; i < 31; i++) columns.push(col(`m${i}`, `期末库存成本金额${i}`, '2', 'money'));
    const rows = Array.from({ length: 5 }, (_, r) => Object.fromEntries([['org_name', `上海门店${r}`], ...columns.slice(1).map((c) => [c.value, 55555555.55])]));
    const totals = Object.fromEntries(columns.slice(1).map((c) => [c.value, 277777777.75]));
    const pdf = await renderTablePdf({ title: '商品进销存汇总', conditions: [], columns, rows, totals, printedAt: '2026-11-22 10:00:00' });
    const text = pdfText(pdf);
    for (const c of columns) expect(text).toContain(c.label);
    expect(text).not.toContain('…');
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const p of pages) {
      expect(p).toContain('组织名称');
      expect(p).toContain('合计');
      expect(p).toContain('277,777,777.75');
    }
  });
});

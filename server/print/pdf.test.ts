import { describe, expect, it } from 'vitest';
import type { Column } from '../../engine/wire';
import { formatCell, renderTablePdf } from './pdf';

const col = (value: string, label: string, type: '1' | '2', format: Column['format']): Column => ({
  value, label, type, format, is_header_show: '1', sortable: false, min_width: 100,
});

describe('report print PDF (rule §17)', () => {
  it('formats cells like the screen', () => {
    expect(formatCell(1234.5, 'money')).toBe('1,234.50');
    expect(formatCell(0.256, 'rate')).toBe('25.60%');
    expect(formatCell(null, 'rate')).toBe('-');
    expect(formatCell(0.03, 'pp')).toBe('+3.00pp');
    expect(formatCell(null, 'text')).toBe('');
  });

  it('renders a multi-page PDF with the Chinese font embedded', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ org_name: `门店${i}`, sales: i * 10.5 }));
    const pdf = await renderTablePdf({
      title: '财务销售成本汇总',
      conditions: [['业务日期', '2026-11-01 至 2026-11-21']],
      columns: [col('org_name', '组织', '1', 'text'), col('sales', '销售额', '2', 'money')],
      rows,
      totals: { sales: 999 },
      printedAt: '2026-11-22 10:00:00',
    });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect((text.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(1);
    expect(text).toMatch(/NotoSans/);
  });
});

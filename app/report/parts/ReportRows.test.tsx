import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import type { Column, ReportRow } from '../../../engine/wire';
import { goodsDetailPath } from '../../shell/goods-link';
import { GoodsLinksContext } from './GoodsName';
import { ReportRows, ROW_INDEX_ATTR } from './ReportRows';
import { goodsLinkSku } from './table.logic';

const col = (value: string, type: '1' | '2', format: Column['format']): Column => ({
  label: value,
  value,
  type,
  is_header_show: '1',
  format,
  sortable: true,
  min_width: 100,
});
const columns = [col('org_name', '1', 'text'), col('sales', '2', 'money'), col('rate', '2', 'rate')];
const rows: ReportRow[] = [
  { org_name: '南山店', sales: '12345.6', rate: 0.125 },
  { org_name: '福田店', sales: -20, rate: null },
];

function renderRows(selection: Record<string, boolean> = {}) {
  const { container } = render(
    <table>
      <tbody>
        <ReportRows rows={rows} columns={columns} selection={selection} selectLabel="切换选择行" />
      </tbody>
    </table>,
  );
  return [...container.querySelectorAll('tbody tr')];
}

describe('ReportRows: the body as plain cells', () => {
  it('rule 93: one row per answer row, a box then the columns in order, numbers formatted and right-aligned', () => {
    const trs = renderRows();
    expect(trs).toHaveLength(2);
    const cells = [...trs[0].querySelectorAll('td')];
    expect(cells.map((td) => td.textContent)).toEqual(['', '南山店', '12,345.60', '12.50%']);
    expect(cells[1].getAttribute('align')).toBeNull();
    expect(cells[2].getAttribute('align')).toBe('right');
    // a ratio without a denominator shows '-'
    expect(trs[1].querySelectorAll('td')[3].textContent).toBe('-');
  });

  it('a negative number sits in a red span; other cells are bare text', () => {
    const [first, second] = renderRows();
    expect(second.querySelectorAll('td')[2].querySelector('span')?.textContent).toBe('-20.00');
    expect(first.querySelectorAll('td')[2].querySelector('span')).toBeNull();
  });

  it('rule 180: each row box shows its selection and carries its row index for the body listener', () => {
    const trs = renderRows({ '1': true });
    const boxes = trs.map((tr) => tr.querySelector('input[type="checkbox"]') as HTMLInputElement);
    expect(boxes.map((b) => b.checked)).toEqual([false, true]);
    expect(boxes.map((b) => b.getAttribute(ROW_INDEX_ATTR))).toEqual(['0', '1']);
    expect(boxes[0].getAttribute('aria-label')).toBe('切换选择行');
    expect(trs[1].hasAttribute('data-selected')).toBe(true);
    expect(trs[0].hasAttribute('data-selected')).toBe(false);
  });
});

describe('ReportRows: goods names link to the goods page (rules 24–25)', () => {
  const goodsColumns = [col('sku_no', '1', 'text'), col('sku_name', '1', 'text'), col('sales', '2', 'money')];
  const goodsRows: ReportRow[] = [
    { sku_no: 'SKU001', sku_name: '纯牛奶', sales: 10 },
    { sku_no: null, sku_name: '未知商品', sales: 1 },
  ];

  it('a goods name with its sku_no is a link to the client\'s goods detail page; a click stays in the app', () => {
    const opened: string[] = [];
    const { container } = render(
      <GoodsLinksContext.Provider value={{ href: (sku) => goodsDetailPath('HMT', sku), open: (p) => opened.push(p) }}>
        <table>
          <tbody>
            <ReportRows rows={goodsRows} columns={goodsColumns} selection={{}} selectLabel="切换选择行" />
          </tbody>
        </table>
      </GoodsLinksContext.Provider>,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['纯牛奶', '/c-sku-detail?no=SKU001&type=detail&ser=1']]);
    fireEvent.click(links[0]);
    expect(opened).toEqual(['/c-sku-detail?no=SKU001&type=detail&ser=1']);
    expect(goodsLinkSku({ sku_no: 'S1', sku_name: 'x' }, 'sku_no')).toBeNull();
  });

  it('outside the app (no links given) the name is text', () => {
    const { container } = render(
      <table>
        <tbody>
          <ReportRows rows={goodsRows} columns={goodsColumns} selection={{}} selectLabel="切换选择行" />
        </tbody>
      </table>,
    );
    expect(container.querySelector('a')).toBeNull();
  });
});

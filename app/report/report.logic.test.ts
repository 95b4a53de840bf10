import { describe, expect, it } from 'vitest';
import { initialState, search, setDateRange, setFilter, setPage } from '../../engine/query';
import { finance33, margin70, receipts76, stock102 } from './source/fixtures';
import {
  customColumnsKey,
  exportFileName,
  filterLayout,
  headerButtons,
  nextTotalsRequest,
  parseTableId,
  printPayload,
  queryConditions,
  rowsWaitForTotals,
  sortOfColumn,
} from './report.logic';

const TODAY = '2025-06-11';

describe('headerButtons (rules 149–151)', () => {
  it('rules 149, 150: export and refresh only when rows exist', () => {
    expect(headerButtons(receipts76(), false)).toMatchObject({ export: false, refresh: false });
    expect(headerButtons(receipts76(), true)).toMatchObject({ export: true, refresh: true });
  });

  it('rules 149, 150: a report with always_show_buttons (70) shows them with no rows', () => {
    expect(headerButtons(margin70(), false)).toMatchObject({ export: true, refresh: true, ai: true });
  });

  it('rule 151: print only with rows and a print config', () => {
    expect(headerButtons(finance33(), false).print).toBe(false);
    expect(headerButtons(finance33(), true).print).toBe(true);
    expect(headerButtons(receipts76(), true).print).toBe(false);
  });

  it('explanation and custom columns only where the config has them (rules 161, 177)', () => {
    expect(headerButtons(stock102(), true)).toMatchObject({ explain: true, columns: true });
    expect(headerButtons(receipts76(), true)).toMatchObject({ explain: false, columns: false });
  });
});

describe('nextTotalsRequest (rules 95, 120, 123)', () => {
  it('a search asks for totals; paging keeps them; an emptied table drops them', () => {
    const c = receipts76();
    let s = initialState(c, TODAY);
    const first = nextTotalsRequest(null, s);
    expect(first).toEqual({ query: s.query, seq: s.fetch_seq });
    s = setPage(s, c, 2);
    expect(nextTotalsRequest(first, s)).toBe(first);
    s = search(s, c);
    const second = nextTotalsRequest(first, s);
    expect(second?.seq).toBe(s.fetch_seq);
    expect(nextTotalsRequest(second, { query: null, fetch_totals: false, fetch_seq: 9 })).toBeNull();
  });
});

describe('rowsWaitForTotals (rules 120, 123)', () => {
  it('a search with totals on their way holds its rows; paging, a failed or an answered totals fetch does not', () => {
    const s = search(initialState(margin70(), TODAY), margin70());
    const totals = nextTotalsRequest(null, s)!;
    expect(rowsWaitForTotals(totals, s.fetch_seq, true)).toBe(true);
    expect(rowsWaitForTotals(totals, s.fetch_seq, false)).toBe(false);
    expect(rowsWaitForTotals(totals, setPage(s, margin70(), 2).fetch_seq, true)).toBe(false);
    expect(rowsWaitForTotals(null, s.fetch_seq, true)).toBe(false);
  });
});

describe('sortOfColumn', () => {
  it('reads the direction of one column from order_by text (rules 116, 333)', () => {
    expect(sortOfColumn('sales desc', 'sales')).toBe('desc');
    expect(sortOfColumn('gm asc', 'gm')).toBe('asc');
    expect(sortOfColumn('gm', 'gm')).toBe('asc');
    expect(sortOfColumn('sales desc', 'gm')).toBeNull();
    expect(sortOfColumn('sales_2 desc', 'sales')).toBeNull();
    expect(sortOfColumn(null, 'sales')).toBeNull();
  });
});

describe('filterLayout', () => {
  it('the first row keeps a cell for 查询/重置; 展开/收起 only with more rows', () => {
    expect(filterLayout(3, 4)).toEqual({ firstRow: 3, rows: 1, collapsible: false });
    expect(filterLayout(4, 4)).toEqual({ firstRow: 3, rows: 2, collapsible: true });
    expect(filterLayout(11, 4)).toEqual({ firstRow: 3, rows: 3, collapsible: true });
    expect(filterLayout(0, 4)).toEqual({ firstRow: 0, rows: 1, collapsible: false });
  });
});

describe('print payload (rule 157)', () => {
  it('has table_id, is_list, operate_content.list, print_json with the query conditions, export_type and service_type', () => {
    const c = finance33();
    let s = initialState(c, TODAY);
    s = search(setFilter(s, c, 'cate_code', 'F01'), c);
    const rows = [{ org_name: '南山旗舰店', sales: 1 }];
    const conditions = queryConditions(c, s.applied, () => [{ value: 'F01', label: '食品类' }]);
    const payload = printPayload(c, s.query, rows, conditions);
    expect(payload).toMatchObject({
      table_id: 128,
      is_list: '1',
      operate_content: { list: rows },
      export_type: 406,
      service_type: 'finance',
    });
    expect(payload?.print_json.query).toMatchObject({ table_id: 128, date_start: '2025-06-10' });
    expect(payload?.print_json.conditions).toEqual([
      { label: '营业日期', value: '2025-06-10 至 2025-06-10' },
      { label: '财务类目', value: '食品类' },
      { label: '汇总维度', value: '门店、一级类目' },
    ]);
  });

  it('no payload without a print config or a shown query', () => {
    const c = receipts76();
    expect(printPayload(c, initialState(c, TODAY).query, [], [])).toBeNull();
    const f = finance33();
    const emptied = search(setDateRange(initialState(f, TODAY), 1, ['', '']), f);
    expect(printPayload(f, emptied.query, [], [])).toBeNull();
  });
});

describe('small helpers', () => {
  it('rule 156: the file is titled by the route title', () => {
    expect(exportFileName('门店毛利分析')).toBe('门店毛利分析.xlsx');
    expect(exportFileName('a/b')).toBe('a_b.xlsx');
  });

  it('rule 82: the page takes a positive integer table_id', () => {
    expect(parseTableId('70')).toBe(70);
    expect(parseTableId('0')).toBeNull();
    expect(parseTableId('7x')).toBeNull();
    expect(parseTableId(undefined)).toBeNull();
  });

  it('one custom-column key per report page', () => {
    expect(customColumnsKey(102)).toBe('report_102');
  });
});

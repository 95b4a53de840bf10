import { describe, expect, it } from 'vitest';
import type { WhereItem } from '../wire';
import { exportRequest } from './request';
import { config, page33, report70 } from './test-configs';
import {
  changeTab,
  clearNotice,
  configLoaded,
  initialState,
  pickShortcut,
  refresh,
  reset,
  search,
  setDateRange,
  setFilter,
  setNumberBound,
  setPage,
  setPageSize,
  toggleChip,
  toggleSort,
} from './transitions';

const TODAY = '2025-06-11';
const where = (w: string | WhereItem[] | undefined) => JSON.parse(w as string) as WhereItem[];

describe('initialState', () => {
  it('rule 87: page 1, page size 50, and the first search is under way with totals', () => {
    const s = initialState(config(), TODAY);
    expect(s.page_num).toBe(1);
    expect(s.page_size).toBe(50);
    expect(s.query).toMatchObject({ page_num: 1, page_size: 50, table_id: 60 });
    expect(s.fetch_totals).toBe(true);
    expect(s.fetch_seq).toBe(1);
    expect(s.notice).toBeNull();
  });

  it('defaults: chips marked active, filter default values, default ranges, no shortcut', () => {
    const s = initialState(config(), TODAY);
    expect(s.chips).toEqual(['org', 'cate1']);
    expect(s.filters).toEqual({ org_code: [], supplier_no: null, doc_type: ['1', '2'], stock_qty: [null, null], sku: '' });
    expect(s.dates).toEqual({ 1: ['2025-06-10', '2025-06-10'] });
    expect(s.shortcuts).toEqual({ 1: null });
  });

  it('order_by starts from the config default', () => {
    expect(initialState(report70(), TODAY).order_by).toBe('sales desc');
    expect(initialState(config(), TODAY).order_by).toBeNull();
  });

  it('rule 100: a tabbed page opens on tab "2" with its table id (33 → 128)', () => {
    const s = initialState(page33('2'), TODAY);
    expect(s).toMatchObject({ page_table_id: 33, table_id: 128, is_history: '2' });
    expect(s.query).toMatchObject({ table_id: 128, is_history: '2' });
  });
});

describe('search (rules 120, 320)', () => {
  it('goes back to page 1 and refetches totals with the values on screen', () => {
    const c = config();
    let s = setPage(initialState(c, TODAY), c, 3);
    s = setFilter(s, c, 'sku', 'milk');
    s = search(s, c);
    expect(s.page_num).toBe(1);
    expect(s.fetch_totals).toBe(true);
    expect(where(s.query?.whereList)).toContainEqual({ where_id: 'sku', operator_id: 7, operation_value: ['milk'] });
  });

  it('rules 128, 129: a missing required date empties the table, sends nothing and says 请选择日期', () => {
    const c = report70();
    const s = search(setDateRange(initialState(c, TODAY), 2, ['', '']), c);
    expect(s.query).toBeNull();
    expect(s.applied).toBeNull();
    expect(s.fetch_totals).toBe(false);
    expect(s.notice).toMatchObject({ code: 'DATE_REQUIRED', zh: '请选择日期' });
  });

  it('each fetch bumps fetch_seq (the AI panel closes on a new fetch)', () => {
    const c = report70();
    const s = initialState(c, TODAY);
    expect(search(s, c).fetch_seq).toBe(s.fetch_seq + 1);
  });
});

describe('paging (rules 95, 330–332)', () => {
  it('a page change fetches that page of the searched values, without totals', () => {
    const c = config();
    let s = initialState(c, TODAY);
    s = setFilter(s, c, 'sku', 'not searched yet');
    s = setPage(s, c, 2);
    expect(s.page_num).toBe(2);
    expect(s.query?.page_num).toBe(2);
    expect(s.fetch_totals).toBe(false);
    expect(where(s.query?.whereList).some((w) => w.where_id === 'sku')).toBe(false);
  });

  it("rule 332: a page above 100 is refused with 'Data volume too large, please add search conditions!' and the page reverts", () => {
    const c = config();
    const before = setPage(initialState(c, TODAY), c, 100);
    const after = setPage(before, c, 101);
    expect(after.page_num).toBe(100);
    expect(after.query).toBe(before.query);
    expect(after.notice).toMatchObject({
      code: 'PAGE_LIMIT',
      en: 'Data volume too large, please add search conditions!',
      zh: '数据量过大，请添加查询条件！',
    });
    const again = setPage(clearNotice(after), c, 150);
    expect(again.notice?.seq).toBeGreaterThan(after.notice!.seq);
  });

  it('nonsense pages are ignored', () => {
    const c = config();
    const s = initialState(c, TODAY);
    expect(setPage(s, c, 0)).toBe(s);
    expect(setPage(s, c, 1.5)).toBe(s);
  });

  it('rule 330: a page-size change takes an offered size and returns to page 1', () => {
    const c = config();
    let s = setPage(initialState(c, TODAY), c, 4);
    s = setPageSize(s, c, 100);
    expect(s).toMatchObject({ page_size: 100, page_num: 1, fetch_totals: false });
    expect(s.query).toMatchObject({ page_size: 100, page_num: 1 });
    expect(setPageSize(s, c, 7)).toBe(s);
  });
});

describe('reset (rules 121, 321)', () => {
  it('restores the initial filters, ranges, chips and sort, keeps the page size, and searches page 1', () => {
    const c = report70();
    const fresh = initialState(c, TODAY);
    let s = setPageSize(fresh, c, 100);
    s = toggleChip(s, c, 'brand');
    s = toggleSort(s, c, 'gm');
    s = pickShortcut(s, c, 1, 5, TODAY);
    s = setPage(search(s, c), c, 3);
    s = reset(s, c, TODAY);
    expect(s.chips).toEqual(fresh.chips);
    expect(s.dates).toEqual(fresh.dates);
    expect(s.shortcuts).toEqual(fresh.shortcuts);
    expect(s.order_by).toBe('sales desc');
    expect(s.page_num).toBe(1);
    expect(s.page_size).toBe(100);
    expect(s.fetch_totals).toBe(true);
    expect(s.query).toEqual({ ...fresh.query, page_size: 100 });
  });

  it('keeps the tab', () => {
    const history = page33('1');
    let s = configLoaded(changeTab(initialState(page33('2'), TODAY), page33('2'), '1'), history, TODAY);
    s = reset(s, history, TODAY);
    expect(s).toMatchObject({ is_history: '1', table_id: 33 });
  });
});

describe('history tab (rules 99–109)', () => {
  it('rules 102, 103: changing the tab resets page 1, takes the tab table id and reloads the config', () => {
    const recent = page33('2');
    const s = changeTab(setPage(initialState(recent, TODAY), recent, 5), recent, '1');
    expect(s).toMatchObject({ is_history: '1', table_id: 33, page_num: 1, reload_config: true, query: null });
  });

  it('rule 105 / C1: the history config brings its own default (today − 93 days) and requests 33', () => {
    const recent = page33('2');
    let s = setPageSize(initialState(recent, TODAY), recent, 20);
    s = configLoaded(changeTab(s, recent, '1'), page33('1'), TODAY);
    expect(s.reload_config).toBe(false);
    expect(s.page_size).toBe(20);
    expect(s.dates[1]).toEqual(['2025-03-10', '2025-03-10']);
    expect(s.query).toMatchObject({ table_id: 33, is_history: '1', page_num: 1, date_start: '2025-03-10' });
    expect(s.fetch_totals).toBe(true);
  });

  it('rule 106: the special tenant gets 172 from config.tabs', () => {
    const recent = page33('2', 172);
    expect(changeTab(initialState(recent, TODAY), recent, '1').table_id).toBe(172);
  });

  it('rule 104: back to tab "2" uses 128', () => {
    const history = page33('1');
    let s = initialState(history, TODAY);
    s = changeTab(s, history, '2');
    expect(s.table_id).toBe(128);
  });

  it('the current tab or a page without tabs changes nothing', () => {
    const recent = page33('2');
    const s = initialState(recent, TODAY);
    expect(changeTab(s, recent, '2')).toBe(s);
    const plain = initialState(config(), TODAY);
    expect(changeTab(plain, config(), '1')).toBe(plain);
  });

  it('rule 110: export sends the tab-specific id', () => {
    const recent = page33('2');
    const s = configLoaded(changeTab(initialState(recent, TODAY), recent, '1'), page33('1'), TODAY);
    expect(exportRequest(s)).toMatchObject({ table_id: 33, is_down: '1', is_history: '1' });
  });
});

describe('chips (rules 98, 113, 114)', () => {
  it('rule 113: a click toggles; dimensionIds follow the config order after search', () => {
    const c = config();
    let s = toggleChip(initialState(c, TODAY), c, 'brand');
    expect(s.chips).toEqual(['org', 'cate1', 'brand']);
    s = toggleChip(s, c, 'org');
    expect(s.chips).toEqual(['cate1', 'brand']);
    s = toggleChip(s, c, 'org');
    expect(s.chips).toEqual(['org', 'cate1', 'brand']);
    expect(search(s, c).query?.dimensionIds).toBe('org,cate1,brand');
  });

  it('rule 114: a forced chip stays active', () => {
    const c = report70();
    const s = initialState(c, TODAY);
    expect(toggleChip(s, c, 'org').chips).toEqual(['org']);
  });

  it('unknown chip ids are ignored', () => {
    const c = config();
    const s = initialState(c, TODAY);
    expect(toggleChip(s, c, 'nope')).toBe(s);
  });
});

describe('sorting (rules 116, 117, 324, 333)', () => {
  it('rule 116: the same column flips asc ↔ desc; a new column starts asc', () => {
    const c = report70();
    let s = initialState(c, TODAY);
    s = toggleSort(s, c, 'sales');
    expect(s.order_by).toBe('sales asc');
    s = toggleSort(s, c, 'sales');
    expect(s.order_by).toBe('sales desc');
    s = toggleSort(s, c, 'gm');
    expect(s.order_by).toBe('gm asc');
  });

  it('rules 117, 324: the sort goes into the next fetch, from page 1', () => {
    const c = report70();
    let s = setPage(initialState(c, TODAY), c, 3);
    s = toggleSort(s, c, 'gm');
    expect(s.query).toMatchObject({ order_by: 'gm asc', page_num: 1 });
    expect(s.fetch_totals).toBe(false);
  });

  it('rule 115: only sortable reports sort', () => {
    const c = config();
    const s = initialState(c, TODAY);
    expect(toggleSort(s, c, 'qty')).toBe(s);
  });
});

describe('filter setters', () => {
  it('rule 326: text is cut at its maxlength while typing, trimmed when sent', () => {
    const c = config();
    const s = setFilter(initialState(c, TODAY), c, 'sku', ` ${'x'.repeat(40)}`);
    expect(s.filters.sku).toHaveLength(35);
  });

  it('rules 343–345: number bounds are clamped, rounded and kept in order', () => {
    const c = config();
    let s = setNumberBound(initialState(c, TODAY), c, 'stock_qty', 1, '10');
    s = setNumberBound(s, c, 'stock_qty', 0, '12.345');
    expect(s.filters.stock_qty).toEqual([10, 10]);
    s = setNumberBound(s, c, 'stock_qty', 1, '-3');
    expect(s.filters.stock_qty).toEqual([10, 10]);
    s = setNumberBound(s, c, 'stock_qty', 1, '2000000000');
    expect(s.filters.stock_qty).toEqual([10, 999_999_999]);
    expect(where(search(s, c).query?.whereList).filter((w) => w.where_id === 'stock_qty')).toEqual([
      { where_id: 'stock_qty', operator_id: 6, operation_value: [10] },
      { where_id: 'stock_qty', operator_id: 4, operation_value: [999_999_999] },
    ]);
  });

  it('setFilter shapes values by widget and ignores unknown ids', () => {
    const c = config();
    let s = initialState(c, TODAY);
    s = setFilter(s, c, 'supplier_no', '');
    expect(s.filters.supplier_no).toBeNull();
    s = setFilter(s, c, 'stock_qty', [30, 5]);
    expect(s.filters.stock_qty).toEqual([30, 30]);
    expect(setFilter(s, c, 'nope', 'x')).toBe(s);
  });
});

describe('date ranges and shortcuts (rules 335–339)', () => {
  it('rule 336: a hand edit clears the shortcut code', () => {
    const c = config();
    let s = pickShortcut(initialState(c, TODAY), c, 1, 5, TODAY);
    expect(s.shortcuts[1]).toBe(5);
    expect(s.dates[1]).toEqual(['2025-06-04', '2025-06-10']);
    s = setDateRange(s, 1, ['2025-06-01', '2025-06-10']);
    expect(s.shortcuts[1]).toBeNull();
    expect(s.dates[1]).toEqual(['2025-06-01', '2025-06-10']);
  });

  it('rule 338: a refused shortcut says 选择日期超出限制 and leaves the range alone', () => {
    const c = config();
    const s = initialState(c, TODAY);
    const after = pickShortcut(s, c, 1, 1, TODAY);
    expect(after.dates).toEqual(s.dates);
    expect(after.shortcuts[1]).toBeNull();
    expect(after.notice).toMatchObject({ code: 'DATE_OUT_OF_LIMIT', zh: '选择日期超出限制' });
  });

  it('rule 132: on the history tab the 3-month rule keeps recent shortcuts out', () => {
    const c = page33('1');
    const s = pickShortcut(initialState(c, TODAY), c, 1, 2, TODAY);
    expect(s.notice?.code).toBe('DATE_OUT_OF_LIMIT');
  });

  it('edits apply on search, not before', () => {
    const c = config();
    const s = setDateRange(initialState(c, TODAY), 1, ['2025-06-01', '2025-06-02']);
    expect(s.query?.date_start).toBe('2025-06-10');
    expect(search(s, c).query?.date_start).toBe('2025-06-01');
  });
});

describe('refresh and export (spec §7)', () => {
  it('refresh asks again for the shown query with refreshe set; totals on page 1', () => {
    const c = config();
    const s = initialState(c, TODAY);
    const r = refresh(s, c);
    expect(r.query).toEqual({ ...s.query, refreshe: r.fetch_seq });
    expect(r.fetch_totals).toBe(true);
    const onPage2 = refresh(setPage(s, c, 2), c);
    expect(onPage2.fetch_totals).toBe(false);
  });

  it('export is the shown query plus is_down "1"; org-restricted reports carry org_code', () => {
    const c = config({ org_restricted: true });
    const s = refresh(initialState(c, TODAY, { org_codes: ['S001', 'S002'] }), c);
    const e = exportRequest(s);
    expect(e).toMatchObject({ is_down: '1', org_code: 'S001,S002', table_id: 60 });
    expect(e).not.toHaveProperty('refreshe');
  });

  it('nothing to export when the table is emptied', () => {
    const c = report70();
    expect(exportRequest(search(setDateRange(initialState(c, TODAY), 1, ['', '']), c))).toBeNull();
  });
});

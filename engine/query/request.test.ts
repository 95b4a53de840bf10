import { describe, expect, it } from 'vitest';
import type { WhereItem } from '../wire';
import { initialRequest } from './index';
import { buildRequest, buildWhereList, checkRequired, requiredDateMissing, whereItems } from './request';
import { config, dateRange, item, report70 } from './test-configs';
import { initialState, setDateRange, setFilter } from './transitions';

const TODAY = '2025-06-11';
const where = (q: { whereList?: string | WhereItem[] }) => JSON.parse(q.whereList as string) as WhereItem[];

describe('whereList (rules 97, 145–148)', () => {
  it('rule 97: whereList is JSON text of {where_id, operator_id, operation_value[]}', () => {
    const q = buildRequest(initialState(config(), TODAY), config());
    expect(typeof q.whereList).toBe('string');
    expect(where(q)).toEqual([{ where_id: 'doc_type', operator_id: 8, operation_value: ['1', '2'] }]);
  });

  it('rules 145–147: number range lower → operator 6, upper → operator 4, as numbers', () => {
    const nr = item({ id: 'stock_qty', type: 'number_range' });
    expect(whereItems(nr, [1.5, 20])).toEqual([
      { where_id: 'stock_qty', operator_id: 6, operation_value: [1.5] },
      { where_id: 'stock_qty', operator_id: 4, operation_value: [20] },
    ]);
    expect(whereItems(nr, [null, 0])).toEqual([{ where_id: 'stock_qty', operator_id: 4, operation_value: [0] }]);
    expect(whereItems(nr, [null, null])).toEqual([]);
  });

  it('rule 148: multi-select values go as a list', () => {
    expect(whereItems(item({ id: 'store_type', type: 'multi_select' }), ['1', '3'])).toEqual([
      { where_id: 'store_type', operator_id: 8, operation_value: ['1', '3'] },
    ]);
    expect(whereItems(item({ id: 'store_type', type: 'multi_select' }), [])).toEqual([]);
  });

  it('rules 325, 326, C12: text is trimmed, cut at 35, operator 7 contains', () => {
    const t = item({ id: 'sku', type: 'text' });
    expect(whereItems(t, '  6901 ')).toEqual([{ where_id: 'sku', operator_id: 7, operation_value: ['6901'] }]);
    expect(whereItems(t, 'z'.repeat(50))[0].operation_value[0]).toHaveLength(35);
    expect(whereItems(t, '   ')).toEqual([]);
    expect(whereItems(item({ id: 'lot', type: 'text', maxlength: 4 }), 'ABCDEF')[0].operation_value).toEqual(['ABCD']);
  });

  it('C12: select → operator 1 unless the item names its own', () => {
    expect(whereItems(item({ id: 'src', type: 'select' }), '2')).toEqual([{ where_id: 'src', operator_id: 1, operation_value: ['2'] }]);
    expect(whereItems(item({ id: 'src', type: 'select', default_operator_id: 2 }), '2')[0].operator_id).toBe(2);
    expect(whereItems(item({ id: 'src', type: 'select' }), null)).toEqual([]);
  });

  it('pickers and cascaders send their codes as a list (operator 8 unless set)', () => {
    expect(whereItems(item({ id: 'org_code', type: 'picker' }), ['S001'])).toEqual([
      { where_id: 'org_code', operator_id: 8, operation_value: ['S001'] },
    ]);
    expect(whereItems(item({ id: 'cate', type: 'cascader', default_operator_id: 1 }), ['010203'])[0].operator_id).toBe(1);
  });

  it('empty values are left out; the order follows the config', () => {
    const c = config();
    let s = initialState(c, TODAY);
    s = setFilter(s, c, 'sku', ' abc ');
    s = setFilter(s, c, 'org_code', ['S001', 'S002']);
    s = setFilter(s, c, 'doc_type', []);
    expect(buildWhereList(s, c).map((w) => w.where_id)).toEqual(['org_code', 'sku']);
  });
});

describe('the rest of the query (rules 96, 98, 130)', () => {
  it('carries table_id, paging, indexIds, dimensionIds and is_down "0"', () => {
    const q = buildRequest(initialState(config(), TODAY), config());
    expect(q).toMatchObject({
      table_id: 60,
      page_num: 1,
      page_size: 50,
      indexIds: 'qty,amount',
      dimensionIds: 'org,cate1',
      is_down: '0',
      date_start: '2025-06-10',
      date_end: '2025-06-10',
    });
    expect(q).not.toHaveProperty('org_code');
    expect(q).not.toHaveProperty('is_history');
    expect(q).not.toHaveProperty('order_by');
  });

  it('ranges fill their own fields by index; months go as yyyy-MM, datetimes with the time', () => {
    const c = config({
      dates: [
        dateRange({ index: 1, granularity: 'month', default_kind: 'prev_months', restriction: 'earlier_months' }),
        dateRange({ index: 2, granularity: 'datetime', default_kind: 'today_datetime', restriction: 'none' }),
        dateRange({ index: 3, default_kind: 'today', restriction: 'none' }),
        dateRange({ index: 4, granularity: 'week', default_kind: 'last_week', restriction: 'completed_weeks' }),
      ],
    });
    expect(buildRequest(initialState(c, TODAY), c)).toMatchObject({
      date_start: '2025-04',
      date_end: '2025-05',
      date_start_2: '2025-06-11 00:00:00',
      end_2: '2025-06-11 23:59:59',
      date_start_3: '2025-06-11',
      end_3: '2025-06-11',
      date_start_4: '2025-06-02',
      end_4: '2025-06-08',
    });
  });

  it('rule 130: an invalid date is sent as empty', () => {
    const c = config();
    const s = setDateRange(initialState(c, TODAY), 1, ['2025-02-29', '2025-03-01']);
    expect(buildRequest(s, c)).toMatchObject({ date_start: '', date_end: '2025-03-01' });
    expect(checkRequired(s, c)).toBeNull();
  });

  it('spec §6: org-restricted reports join the org codes with commas', () => {
    const c = config({ org_restricted: true });
    expect(buildRequest(initialState(c, TODAY, { org_codes: ['S001', 'S002'] }), c).org_code).toBe('S001,S002');
  });
});

describe('required dates (rules 125–127)', () => {
  it('rule 127: report 70 needs its second range too', () => {
    const c = report70();
    const s = initialState(c, TODAY);
    expect(checkRequired(s, c)).toBeNull();
    const cleared = setDateRange(s, 2, ['', '']);
    expect(checkRequired(cleared, c)?.zh).toBe('请选择日期');
  });

  it('rules 126, 130: an invalid date in a required range counts as missing', () => {
    const c = report70();
    expect(checkRequired(setDateRange(initialState(c, TODAY), 1, ['2025-06-31', '2025-06-30']), c)?.zh).toBe('请选择日期');
  });

  it('works on the wire query, for the server too', () => {
    const ranges = report70().dates;
    expect(requiredDateMissing({ table_id: 70, page_num: 1, page_size: 50, date_start: '2025-06-01', date_end: '2025-06-02' }, ranges)).toBe(true);
    expect(
      requiredDateMissing(
        { table_id: 70, page_num: 1, page_size: 50, date_start: '2025-06-01', date_end: '2025-06-02', date_start_2: '2025-05-30', end_2: '2025-05-31' },
        ranges,
      ),
    ).toBe(false);
  });
});

describe('initialRequest', () => {
  it('rule 87: page 1, size 50, default dates; accepts an instant (Asia/Shanghai date) or a day', () => {
    const c = report70();
    // 2025-06-10 17:00 UTC is already 2025-06-11 in Shanghai
    const q = initialRequest(c, new Date('2025-06-10T17:00:00Z'));
    expect(q).toMatchObject({ page_num: 1, page_size: 50, date_start: '2025-06-10', date_start_2: '2025-06-09', order_by: 'sales desc' });
    expect(initialRequest(c, TODAY)).toEqual(q);
  });
});

import { describe, expect, it } from 'vitest';
import { indexDataset } from '../../engine/definition/dataset-index';
import { tinyComparisonReport, tinyDataset, tinyReport } from '../../engine/definition/fixtures';
import type { ReportFile } from '../../engine/definition/types';
import { HttpError } from '../http/errors';
import { validateQuery } from './validate';

const index = indexDataset(tinyDataset());
const DATES = { date_start: '2026-11-01', date_end: '2026-11-21' };

function check(body: unknown, report: ReportFile = tinyReport(), client: 'HMT' | 'HMD' | 'HMS' = 'HMT') {
  return validateQuery(report, index, body, { client });
}

function failure(body: unknown, report?: ReportFile, client?: 'HMT' | 'HMD' | 'HMS'): { status: number; code: string; message: string } {
  try {
    check(body, report, client);
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    const e = err as HttpError;
    return { status: e.statusCode, code: e.code, message: e.message };
  }
  throw new Error('expected a validation error');
}

describe('validateQuery: paging (rule 87)', () => {
  it('defaults to page 1, size 50', () => {
    const q = check(DATES);
    expect([q.pageNum, q.pageSize]).toEqual([1, 50]);
  });

  it('page_num 1..100 and page_size one of 10, 20, 30, 50, 100, 500; numeric strings accepted', () => {
    expect(check({ ...DATES, page_num: '100', page_size: '500' })).toMatchObject({ pageNum: 100, pageSize: 500 });
    expect(failure({ ...DATES, page_num: 0 })).toMatchObject({ status: 400, code: 'INVALID_PAGE' });
    expect(failure({ ...DATES, page_num: 101 })).toMatchObject({ status: 400, code: 'INVALID_PAGE' });
    expect(failure({ ...DATES, page_num: 1.5 })).toMatchObject({ status: 400, code: 'INVALID_PAGE' });
    expect(failure({ ...DATES, page_size: 25 })).toMatchObject({ status: 400, code: 'INVALID_PAGE_SIZE' });
  });

  it('a body that is not an object is a 400', () => {
    expect(failure(null)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(failure([1])).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });
});

describe('validateQuery: chips and indicators (rules 90, 98, 113–114, C8)', () => {
  it('without dimensionIds the default chips are active; a forced chip is always active', () => {
    expect(check(DATES).dimensions).toEqual(['org']);
    expect(check({ ...DATES, dimensionIds: 'sku' }).dimensions).toEqual(['org', 'sku']);
    expect(check({ ...DATES, dimensionIds: '' }).dimensions).toEqual(['org']);
  });

  it('keeps definition order and refuses unknown chip ids', () => {
    expect(check({ ...DATES, dimensionIds: 'sku,order_source' }).dimensions).toEqual(['org', 'order_source', 'sku']);
    expect(failure({ ...DATES, dimensionIds: 'org,weather' })).toEqual({ status: 400, code: 'UNKNOWN_DIMENSION', message: '未知的汇总维度：weather' });
  });

  it('indexIds selects indicators; unknown ids are refused', () => {
    expect(check({ ...DATES, indexIds: 'gm_rate,sales' }).indicators).toEqual(['sales', 'gm_rate']);
    expect(check({ ...DATES, indexIds: '' }).indicators).toHaveLength(5);
    expect(failure({ ...DATES, indexIds: 'sales,cost' })).toMatchObject({ status: 400, code: 'UNKNOWN_INDEX' });
  });
});

describe('validateQuery: whereList (rules 97, 145–148)', () => {
  it('accepts the JSON text and an array, drops empty values', () => {
    const items = [
      { where_id: 'org_code', operator_id: 8, operation_value: ['S001', 'S002'] },
      { where_id: 'order_source', operator_id: '1', operation_value: [''] },
    ];
    expect(check({ ...DATES, whereList: JSON.stringify(items) }).filters).toHaveLength(1);
    expect(check({ ...DATES, whereList: items }).filters[0].values).toEqual(['S001', 'S002']);
  });

  it('number ranges come as ≥ (6) and ≤ (4) with numbers', () => {
    const q = check({
      ...DATES,
      whereList: [
        { where_id: 'sales_qty', operator_id: 6, operation_value: [1.5] },
        { where_id: 'sales_qty', operator_id: 4, operation_value: [20] },
      ],
    });
    expect(q.filters.map((f) => [f.operator, f.values])).toEqual([
      [6, ['1.5']],
      [4, ['20']],
    ]);
  });

  it('malformed whereList JSON is a 400', () => {
    expect(failure({ ...DATES, whereList: '[{"where_id":' })).toEqual({ status: 400, code: 'INVALID_WHERE_LIST', message: '筛选条件格式错误' });
    expect(failure({ ...DATES, whereList: '{"a":1}' })).toMatchObject({ status: 400, code: 'INVALID_WHERE_LIST' });
    expect(failure({ ...DATES, whereList: ['x'] })).toMatchObject({ status: 400, code: 'INVALID_WHERE_LIST' });
  });

  it('unknown where_id, operator or value type is a 400', () => {
    expect(failure({ ...DATES, whereList: [{ where_id: 'color', operator_id: 1, operation_value: ['x'] }] })).toMatchObject({
      status: 400,
      code: 'UNKNOWN_FILTER',
    });
    expect(failure({ ...DATES, whereList: [{ where_id: 'order_source', operator_id: 7, operation_value: ['1'] }] })).toMatchObject({
      status: 400,
      code: 'INVALID_OPERATOR',
    });
    expect(failure({ ...DATES, whereList: [{ where_id: 'order_source', operator_id: 99, operation_value: ['1'] }] })).toMatchObject({
      status: 400,
      code: 'INVALID_OPERATOR',
    });
    expect(failure({ ...DATES, whereList: [{ where_id: 'order_source', operator_id: 1, operation_value: ['online'] }] })).toMatchObject({
      status: 400,
      code: 'INVALID_FILTER_VALUE',
    });
    expect(failure({ ...DATES, whereList: [{ where_id: 'sales_qty', operator_id: 6, operation_value: ['123456789012345'] }] })).toMatchObject({
      status: 400,
      code: 'INVALID_FILTER_VALUE',
    });
    expect(failure({ ...DATES, whereList: [{ where_id: 'sales_qty', operator_id: 6, operation_value: [1, 2] }] })).toMatchObject({
      status: 400,
      code: 'INVALID_FILTER_VALUE',
    });
    expect(failure({ ...DATES, whereList: [{ where_id: 'sku_keyword', operator_id: 7, operation_value: ['x'.repeat(36)] }] })).toMatchObject({
      status: 400,
      code: 'INVALID_FILTER_VALUE',
    });
    expect(failure({ ...DATES, whereList: [{ where_id: 'org_code', operator_id: 8, operation_value: [{ a: 1 }] }] })).toMatchObject({
      status: 400,
      code: 'INVALID_FILTER_VALUE',
    });
  });

  it('a filter hidden for the client is unknown to it', () => {
    const report = tinyReport();
    report.filters[0].hidden_for = ['HMS'];
    const body = { ...DATES, whereList: [{ where_id: 'org_code', operator_id: 8, operation_value: ['S001'] }] };
    expect(check(body, report, 'HMT').filters).toHaveLength(1);
    expect(failure(body, report, 'HMS')).toMatchObject({ status: 400, code: 'UNKNOWN_FILTER' });
  });
});

describe('validateQuery: order_by (rules 115–117)', () => {
  it('sorts a sortable report by an output column, asc or desc', () => {
    expect(check({ ...DATES, order_by: 'gm desc' }).orderBy).toEqual({ column: 'gm', desc: true });
    expect(check({ ...DATES, order_by: 'org_name asc' }).orderBy).toEqual({ column: 'org_name', desc: false });
  });

  it('refuses columns that are not in the output and sorting a non-sortable report', () => {
    expect(failure({ ...DATES, order_by: 'sku_no asc' })).toMatchObject({ status: 400, code: 'UNKNOWN_SORT_COLUMN' });
    expect(failure({ ...DATES, order_by: 'sales; DROP TABLE sku' })).toMatchObject({ status: 400, code: 'UNKNOWN_SORT_COLUMN' });
    expect(failure({ ...DATES, order_by: 'gm desc' }, { ...tinyReport(), sortable: false })).toEqual({
      status: 400,
      code: 'SORT_NOT_ALLOWED',
      message: '该报表不支持排序',
    });
  });
});

describe('validateQuery: dates (rules 125–130)', () => {
  it('a missing required range is a 422 请选择日期', () => {
    expect(failure({})).toEqual({ status: 422, code: 'DATE_REQUIRED', message: '请选择日期' });
    expect(failure({ date_start: '2026-11-01', date_end: '' })).toMatchObject({ status: 422 });
  });

  it('report 70-style: the comparison range is required too (rule 127)', () => {
    expect(failure(DATES, tinyComparisonReport())).toEqual({ status: 422, code: 'DATE_REQUIRED', message: '请选择日期' });
    expect(check({ ...DATES, date_start_2: '2026-10-11', end_2: '2026-10-31' }, tinyComparisonReport()).dates).toHaveLength(2);
  });

  it('a range the page requires counts even when the report itself does not (C3)', () => {
    const report = tinyReport();
    report.dates[0].required = false;
    expect(check({}, report).dates[0]).toMatchObject({ start: null, end: null });
    expect(() => validateQuery(report, index, {}, { client: 'HMT', requiredRanges: new Set([1]) })).toThrow('请选择日期');
  });

  it('malformed or reversed dates are a 400', () => {
    expect(failure({ date_start: '2026-02-30', date_end: '2026-03-01' })).toMatchObject({ status: 400, code: 'INVALID_DATE' });
    expect(failure({ date_start: 20261101, date_end: '2026-11-02' })).toMatchObject({ status: 400, code: 'INVALID_DATE' });
    expect(failure({ date_start: '2026-11-05', date_end: '2026-11-01' })).toMatchObject({ status: 400, code: 'INVALID_DATE_RANGE' });
  });

  it('month texts widen to whole months; datetimes keep their time', () => {
    expect(check({ date_start: '2026-09', date_end: '2026-10' }).dates[0]).toMatchObject({ start: '2026-09-01', end: '2026-10-31' });
    const report = tinyReport();
    report.dates[0].granularity = 'datetime';
    expect(check({ date_start: '2026-11-01 08:00:00', date_end: '2026-11-01 18:30:00' }, report).dates[0]).toMatchObject({
      start: '2026-11-01 08:00:00',
      end: '2026-11-01 18:30:00',
      datetime: true,
    });
  });
});

describe('validateQuery: org_code of org-restricted reports (rule 176)', () => {
  it('is read only when the report is org-restricted', () => {
    expect(check({ ...DATES, org_code: 'S001,S002' }).orgCodes).toBeNull();
    expect(check({ ...DATES, org_code: 'S001,S002' }, { ...tinyReport(), org_restricted: true }).orgCodes).toEqual(['S001', 'S002']);
  });
});

import { describe, expect, it } from 'vitest';
import { diffJson } from './diff';
import { newReportDraft } from './draft';
import { studioErrors, studioFileName } from './rules';
import type { StudioDataset } from './wire';

const SALES: StudioDataset = {
  id: 'sales',
  title: { zh: '商品销售明细', en: 'Sales lines' },
  dimensions: [
    { id: 'org', label: { zh: '组织', en: 'Organisation' } },
    { id: 'brand', label: { zh: '品牌', en: 'Brand' } },
  ],
  measures: [
    { id: 'gm_rate', label: { zh: '毛利率', en: 'GM %' }, format: 'rate', derived: true },
    { id: 'sales', label: { zh: '销售额', en: 'Sales' }, format: 'money', derived: false },
  ],
  fields: [
    { id: 'sku_text', value_type: 'text', condition: false },
    { id: 'category_any', value_type: 'text', condition: true },
  ],
  date_columns: ['business_date'],
};

describe('studio rules', () => {
  it('ids live above 100000; scope, tables and tab wiring are refused at their pointer', () => {
    expect(studioErrors({ id: 100000, scope: {}, tables: {}, history: {} }, 'f').map((e) => e.pointer)).toEqual(['/id', '/scope', '/tables', '/history']);
    expect(studioErrors({ id: 100001 }, 'f')).toEqual([]);
    expect(studioErrors([], 'f')[0].pointer).toBe('');
  });

  it('the export file is named like report-defs (id first)', () => {
    expect(studioFileName({ id: 100001, title: { en: 'Store × brand sales!' } })).toBe('100001-store-brand-sales.json');
    expect(studioFileName({ id: 100002, title: { en: '门店' } })).toBe('100002-report.json');
  });
});

describe('diffJson', () => {
  it('lists changed, added and removed values by JSON pointer', () => {
    expect(diffJson({ a: 1, b: [1, 2], c: { 'x/y': 1 } }, { a: 2, b: [1], c: { 'x/y': 1 }, d: true })).toEqual([
      { pointer: '/a', before: 1, after: 2 },
      { pointer: '/b/1', before: 2 },
      { pointer: '/d', after: true },
    ]);
    expect(diffJson({ c: { 'x/y': 1 } }, { c: { 'x/y': 2 } })).toEqual([{ pointer: '/c/x~1y', before: 1, after: 2 }]);
    expect(diffJson({ a: [1] }, { a: [1] })).toEqual([]);
  });
});

describe('newReportDraft', () => {
  it('builds chips with one forced, indicators, a required date range and filters by target kind', () => {
    const draft = newReportDraft({
      id: 100001,
      title: { zh: '门店品牌销售', en: 'Store brand sales' },
      dataset: SALES,
      dimensions: ['org', 'brand'],
      forced: 'org',
      measures: ['gm_rate', 'sales'],
      dateColumn: 'business_date',
      defaultKind: 'last7',
      restriction: 'to_yesterday',
      filters: ['brand', 'sku_text', 'category_any', 'unknown'],
      clients: ['HMT'],
      area: 'sales',
    });
    expect(draft.chips).toEqual([{ dimension: 'org', active: true, forced: true }, { dimension: 'brand' }]);
    expect(draft.indicators).toEqual([{ measure: 'gm_rate' }, { measure: 'sales' }]);
    expect(draft.dates[0]).toMatchObject({ index: 1, column: 'business_date', required: true, default_kind: 'last7', restriction: 'to_yesterday' });
    expect(draft.filters.map((f) => [f.id, f.target, f.operators])).toEqual([
      ['brand', { dimension: 'brand' }, undefined],
      ['sku_text', { field: 'sku_text' }, undefined],
      ['category_any', { field: 'category_any' }, [1]],
    ]);
    // sorted by the first aggregate, not by a ratio
    expect(draft.default_order_by).toBe('sales desc');
  });

  it('no date column → no date ranges', () => {
    const draft = newReportDraft({
      id: 100001, title: { zh: 'a', en: 'a' }, dataset: SALES, dimensions: ['org'], forced: 'org', measures: ['sales'],
      dateColumn: null, defaultKind: 'yesterday', restriction: 'none', filters: [], clients: ['HMT'], area: 'sales',
    });
    expect(draft.dates).toEqual([]);
  });
});

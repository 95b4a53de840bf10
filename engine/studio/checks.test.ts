/** The studio-only checks of a draft, without a database. */
import { describe, expect, it } from 'vitest';
import { checkReportFile, loadCatalogue } from '../definition/catalogue';
import { indexDataset } from '../definition/dataset-index';
import { tinyDataset, tinyReport } from '../definition/fixtures';
import type { ReportFile } from '../definition/types';
import { openDatasets } from './access';
import { missingColumns } from './columns';
import { defaultWindowBreaks } from './date-window';
import { checkMessage, schemaMessage } from './messages';
import { studioErrors } from './rules';

const report = (over: Partial<ReportFile>): ReportFile => ({ ...tinyReport(), ...over });

describe('openDatasets', () => {
  const shipped = [
    report({ id: 70, dataset: 'sales', clients: ['HMT'] }),
    report({ id: 80, dataset: 'stock', clients: ['HMT'] }),
    report({ id: 90, dataset: 'store-only', clients: ['HMD'] }),
    report({ id: 172, dataset: 'archive', clients: ['HMT'], special_tenant_only: true }),
    report({ id: 171, dataset: 'family', clients: ['HMT'], history_family: 33 }),
  ];
  const hq = { client: 'HMT' as const, is_special_tenant: false };

  it('opens the datasets of reports the permissions open, for the client and tenant kind', () => {
    expect([...openDatasets({ ...hq, permissions: new Set(['70', '90', '172']) }, shipped, [])]).toEqual(['sales']);
    expect([...openDatasets({ ...hq, is_special_tenant: true, permissions: new Set(['172']) }, shipped, [])]).toEqual(['archive']);
  });

  it("a tab family's permission opens its tabs; the tenant's own reports open theirs", () => {
    const own = [report({ id: 100001, dataset: 'own' })];
    expect([...openDatasets({ ...hq, permissions: new Set(['33']) }, shipped, own)].sort()).toEqual(['family', 'own']);
  });
});

describe('missingColumns', () => {
  const index = indexDataset(tinyDataset());
  const columns = new Map([
    ['sales_order', new Set(['order_no', 'org_code', 'business_date', 'order_source'])],
    ['sales_order_item', new Set(['order_no', 'sku_no', 'qty', 'sales_amount', 'cost_amount'])],
    ['organisation', new Set(['org_code'])],
  ]);

  it('names a chip whose column its table lacks, at the chip', () => {
    const missing = missingColumns(tinyReport(), index, columns);
    expect(missing.find((m) => m.pointer === '/chips/0/dimension')).toEqual({ pointer: '/chips/0/dimension', choice: 'org', column: 'org_name', table: 'organisation' });
    expect(missing.some((m) => m.pointer === '/chips/1/dimension')).toBe(false);
  });

  it('skips aliases of tables the database does not list (nothing to look up)', () => {
    const all = new Map([...columns, ['organisation', new Set(['org_code', 'org_name'])]]);
    expect(missingColumns(report({ chips: [{ dimension: 'org', active: true, forced: true }] }), index, all).filter((m) => m.pointer.startsWith('/chips'))).toEqual([]);
  });
});

describe('date columns by name never read prototypes', () => {
  const { catalogue } = loadCatalogue([{ path: 'report-defs/datasets/tiny.json', json: tinyDataset() }], []);
  for (const name of ['constructor', '__proto__', 'toString']) {
    it(`"${name}" is an unknown date column`, () => {
      const r = tinyReport();
      r.dates[0].column = name;
      const errors = checkReportFile(catalogue, { path: 'report-defs/reports/901-t.json', json: r });
      expect(errors).toContainEqual({ file: 'report-defs/reports/901-t.json', pointer: '/dates/0/column', message: `unknown date column "${name}"` });
    });
  }
});

describe('defaultWindowBreaks', () => {
  const range = tinyReport().dates[0];

  it('yesterday under "to yesterday" keeps; today breaks it on the first day', () => {
    expect(defaultWindowBreaks([range], '2026-03-10')).toEqual([]);
    expect(defaultWindowBreaks([{ ...range, default_kind: 'today' }], '2026-03-10')).toEqual([
      { pointer: '/dates/0/default_kind', today: '2026-03-10', start: '2026-03-10', end: '2026-03-10' },
    ]);
  });

  it('last week under "earlier months" keeps on a Sunday and breaks when a month has begun', () => {
    const lastWeek = { ...range, default_kind: 'last_week' as const, restriction: 'earlier_months' as const };
    expect(defaultWindowBreaks([lastWeek], '2026-03-01')).toEqual([
      { pointer: '/dates/0/default_kind', today: '2026-03-02', start: '2026-02-23', end: '2026-03-01' },
    ]);
  });

  it('a range that starts empty is never out of bounds', () => {
    expect(defaultWindowBreaks([{ ...range, index: 2, default_kind: 'none', required: false }], '2026-03-10')).toEqual([]);
  });
});

describe("definition errors in the analyst's words", () => {
  const { catalogue } = loadCatalogue([{ path: 'report-defs/datasets/tiny.json', json: tinyDataset() }], []);
  const file = 'report-defs/reports/901-t.json';

  it('the cross-file checks a studio draft meets most are worded in Chinese', () => {
    const r = tinyReport();
    r.chips.push({ dimension: 'nope' }, { dimension: 'org' });
    r.indicators.push({ measure: 'nope' });
    r.filters.push({ id: 'org_code', label: { zh: 'x', en: 'x' }, widget: 'select', target: { field: 'nope' } });
    r.default_order_by = 'nope desc';
    r.dates.push({ ...r.dates[0], index: 3, default_previous_of: 1, comparison: true, column: 'other' });
    const errors = [...checkReportFile(catalogue, { path: file, json: r }), ...studioErrors({ id: 5, scope: {} }, file)];
    expect(errors.length).toBeGreaterThan(8);
    for (const e of errors) expect(checkMessage(e.message, 'zh'), e.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('schema errors by keyword, with a fallback; English under en', () => {
    expect(schemaMessage('minLength', { limit: 1 }, 'zh')).toBe('不能为空');
    expect(schemaMessage('type', { type: 'integer' }, 'zh')).toBe('应填整数');
    expect(schemaMessage('additionalProperties', { additionalProperty: 'x' }, 'en')).toBe('There is no setting "x"');
    expect(schemaMessage('if', {}, 'zh')).toBe('填写有误');
    expect(checkMessage('unknown measure "x"', 'en')).toBe('The dataset has no measure "x"');
    expect(checkMessage('something new', 'zh')).toBe('something new');
  });
});

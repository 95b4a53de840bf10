import { describe, expect, it } from 'vitest';
import { formatError, loadCatalogue, type DefinitionFile } from './catalogue';
import { tinyComparisonReport, tinyDataset, tinyReport } from './fixtures';
import type { DatasetFile, ReportFile } from './types';

const ds = (json: DatasetFile | Record<string, unknown>, name = 'tiny'): DefinitionFile => ({
  path: `defs/datasets/${name}.json`,
  json,
});
const rep = (json: ReportFile | Record<string, unknown>, name = '901-test'): DefinitionFile => ({
  path: `defs/reports/${name}.json`,
  json,
});

function messages(datasets: DefinitionFile[], reports: DefinitionFile[]): string[] {
  return loadCatalogue(datasets, reports).errors.map(formatError);
}

describe('catalogue loading', () => {
  it('accepts valid definitions and indexes them', () => {
    const { catalogue, errors } = loadCatalogue([ds(tinyDataset())], [rep(tinyReport()), rep(tinyComparisonReport(), '902-cmp')]);
    expect(errors).toEqual([]);
    expect(catalogue.reports.get(901)?.title.zh).toBe('测试报表');
    expect(catalogue.indexes.get('tiny')?.measures.get('gm_rate')).toBeDefined();
  });

  it('reports schema errors as file: /pointer: message', () => {
    const bad = { ...tinyReport(), sortable: 'yes', unknown_field: 1 };
    const out = messages([ds(tinyDataset())], [rep(bad)]);
    expect(out).toContain('defs/reports/901-test.json: /sortable: must be boolean');
    expect(out).toContain('defs/reports/901-test.json: /: must NOT have additional properties (unknown_field)');
  });

  it('finds unknown datasets, dimensions, measures, fields and option sources', () => {
    const r = tinyReport();
    r.chips.push({ dimension: 'nope' });
    r.indicators.push({ measure: 'ghost' });
    r.filters.push({ id: 'f1', label: { zh: 'x', en: 'x' }, widget: 'text', target: { field: 'missing' } });
    r.filters.push({ id: 'f2', label: { zh: 'x', en: 'x' }, widget: 'select', target: { dimension: 'org' }, source: { kind: 'list', list: 'no_such_list' } });
    r.filters.push({ id: 'f3', label: { zh: 'x', en: 'x' }, widget: 'select', target: { dimension: 'org' }, source: { kind: 'dict', code: 'NOPE' } });
    r.filters.push({ id: 'f4', label: { zh: 'x', en: 'x' }, widget: 'select', target: { dimension: 'org' }, source: { kind: 'enum', name: 'nope' } });
    r.filters.push({ id: 'f5', label: { zh: 'x', en: 'x' }, widget: 'select', target: { dimension: 'org' } });
    const out = messages([ds(tinyDataset())], [rep(r), rep({ ...tinyReport(), id: 903, dataset: 'absent' }, '903-x')]);
    expect(out).toEqual(
      expect.arrayContaining([
        'defs/reports/901-test.json: /chips/3/dimension: unknown dimension "nope"',
        'defs/reports/901-test.json: /indicators/5/measure: unknown measure "ghost"',
        'defs/reports/901-test.json: /filters/4/target/field: unknown field "missing"',
        'defs/reports/901-test.json: /filters/5/source: unknown option list "no_such_list"',
        'defs/reports/901-test.json: /filters/6/source: unknown dictionary code "NOPE"',
        'defs/reports/901-test.json: /filters/7/source: unknown enumeration "nope"',
        'defs/reports/901-test.json: /filters/8/source: widget "select" needs a source',
        'defs/reports/903-x.json: /dataset: unknown dataset "absent"',
      ]),
    );
  });

  it('rejects aliases that DuckDB or PostgreSQL reserve, wherever an alias is declared (`at` broke report 124)', () => {
    const d = tinyDataset();
    if ('union' in d.source) throw new Error('the tiny dataset is a table source');
    d.source.joins!.push({ table: 'ar_ap_type', alias: 'at', on: 'at.arap_type = o.org_code' });
    d.conditions = { ...d.conditions, in_range: 'EXISTS (SELECT 1 FROM sku order WHERE order.sku_no = i.sku_no)' };
    const out = messages([ds(d)], []);
    expect(out).toContain('defs/datasets/tiny.json: /source/joins/3/alias: alias "at" is a reserved SQL word (DuckDB or PostgreSQL)');
    expect(out.some((m) => m.includes('alias "order" is a reserved SQL word'))).toBe(true);
    expect(messages([ds({ ...tinyDataset(), source: { ...tinyDataset().source, alias: 'user' } })], []).join('\n')).toContain('/source/alias: alias "user"');
  });

  it('rejects duplicate ids and a file name that does not carry the id', () => {
    const out = messages([ds(tinyDataset())], [rep(tinyReport()), rep(tinyReport(), '901-again'), rep({ ...tinyReport(), id: 904 }, '905-wrong')]);
    expect(out).toContain('defs/reports/901-again.json: /id: duplicate report id 901 (also defs/reports/901-test.json)');
    expect(out).toContain('defs/reports/905-wrong.json: /id: file name must start with the id, e.g. 904-name.json');
  });

  it('checks history-tab targets and families (rules 99–110)', () => {
    const r = tinyReport();
    r.history = {
      default_tab: '2',
      tabs: [
        { is_history: '2', label: { zh: '近3个月内数据', en: 'recent' }, table_id: 999 },
        { is_history: '1', label: { zh: '3个月前数据', en: 'history' }, table_id: 901 },
      ],
    };
    const member = { ...tinyReport(), id: 906, history_family: 907 };
    const out = messages([ds(tinyDataset())], [rep(r), rep(member, '906-m')]);
    expect(out).toContain('defs/reports/901-test.json: /history/tabs/0/table_id: unknown report 999');
    expect(out).toContain('defs/reports/906-m.json: /history_family: unknown report 907');
  });

  it('checks derived-measure formulas and arity', () => {
    const d = tinyDataset();
    d.derived!.push({ id: 'bad_formula', label: { zh: 'x', en: 'x' }, format: 'money', op: 'formula', formula: '{sales} + {nothing}' });
    d.derived!.push({ id: 'bad_text', label: { zh: 'x', en: 'x' }, format: 'money', op: 'formula', formula: '{sales}; DROP TABLE x' });
    d.derived!.push({ id: 'bad_arity', label: { zh: 'x', en: 'x' }, format: 'rate', op: 'ratio', args: ['sales'] });
    d.derived!.push({ id: 'nested_window', label: { zh: 'x', en: 'x' }, format: 'rate', op: 'ratio', args: ['share', 'sales'] });
    d.derived!.push({ id: 'loop_a', label: { zh: 'x', en: 'x' }, format: 'money', op: 'difference', args: ['loop_b', 'sales'] });
    d.derived!.push({ id: 'loop_b', label: { zh: 'x', en: 'x' }, format: 'money', op: 'difference', args: ['loop_a', 'sales'] });
    const out = messages([ds(d)], []);
    console.log(out);
    expect(out).toEqual(
      expect.arrayContaining([
        'defs/datasets/tiny.json: /derived/5: unknown measure "nothing"',
        expect.stringMatching(/^defs\/datasets\/tiny.json: \/derived\/6\/formula: unexpected text/),
        'defs/datasets/tiny.json: /derived/7/args: op "ratio" takes 2 measures',
        'defs/datasets/tiny.json: /derived/8: "share" is a window measure and cannot be used in another measure',
        'defs/datasets/tiny.json: /derived/9: measure "loop_a" depends on itself',
      ]),
    );
  });

  it('keeps SQL fragments fragments: no statements, comments, $ parameters or unknown aliases', () => {
    const d = tinyDataset();
    d.measures.push({ id: 'm1', label: { zh: 'x', en: 'x' }, format: 'money', agg: 'sum', expr: 'i.qty; DELETE FROM sku' });
    d.measures.push({ id: 'm2', label: { zh: 'x', en: 'x' }, format: 'money', agg: 'sum', expr: 'i.qty -- hidden' });
    d.measures.push({ id: 'm3', label: { zh: 'x', en: 'x' }, format: 'money', agg: 'sum', expr: 'i.qty * $1' });
    d.measures.push({ id: 'm4', label: { zh: 'x', en: 'x' }, format: 'money', agg: 'sum', expr: 'zz.qty' });
    d.measures.push({ id: 'm5', label: { zh: 'x', en: 'x' }, format: 'money', agg: 'sum', expr: 'i.qty', filter: 'o.x = {nope}' });
    const out = messages([ds(d)], []);
    console.log(out);
    expect(out).toEqual(
      expect.arrayContaining([
        'defs/datasets/tiny.json: /measures/5/expr: semicolon not allowed',
        'defs/datasets/tiny.json: /measures/6/expr: comments not allowed',
        'defs/datasets/tiny.json: /measures/7/expr: write values as {placeholders}, not $ parameters',
        'defs/datasets/tiny.json: /measures/8/expr: unknown alias "zz"',
        'defs/datasets/tiny.json: /measures/9/filter: unknown placeholder {nope}',
      ]),
    );
  });

  it('requires a row scope for every non-HQ client a report serves (C25)', () => {
    const d = tinyDataset();
    d.scope = {};
    const out = messages([ds(d)], [rep(tinyReport())]);
    expect(out).toContain('defs/reports/901-test.json: /clients/1: no row scope for HMD (dataset or report scope)');
    expect(out).toContain('defs/reports/901-test.json: /clients/2: no row scope for HMS (dataset or report scope)');
  });

  it('files a report under a menu group: an area naming none is refused (rules 32–33)', () => {
    const r = tinyReport();
    r.area = 'marketing';
    expect(messages([ds(tinyDataset())], [rep(r)])).toEqual([
      'defs/reports/901-test.json: /area: area "marketing" names no menu group (sales, member, online-mall, services, stock, purchase, supplier, store-order, logistics, finance, other)',
    ]);
    r.area = 'member / marketing';
    expect(messages([ds(tinyDataset())], [rep(r)])).toEqual([]);
  });

  it('requires a comparison range for measures that read range 2 (rule 127)', () => {
    const r = tinyReport();
    r.indicators.push({ measure: 'growth' });
    const out = messages([ds(tinyDataset())], [rep(r)]);
    expect(out).toContain(
      'defs/reports/901-test.json: /dates: measure "sales_2" reads range 2, which this report does not have as a comparison range',
    );
  });

  it('rejects a default order on a column the report does not output', () => {
    const r = tinyReport();
    r.default_order_by = 'cost desc';
    expect(messages([ds(tinyDataset())], [rep(r)])).toContain('defs/reports/901-test.json: /default_order_by: "cost" is not an output column');
  });
});

describe('dataset summaries (aggregate awareness)', () => {
  const withSummary = (dimensions: string[], measures: string[]): DatasetFile => ({
    ...tinyDataset(),
    summaries: [{ table: 'sales_org_day', dimensions, measures }],
  });

  it('accepts a summary of plain fact keys and sums', () => {
    expect(messages([ds(withSummary(['org', 'order_source'], ['qty', 'sales', 'cost']))], [])).toEqual([]);
  });

  it('names the summary that keeps an unknown dimension or measure, a non-sum, a derived or a look-up column', () => {
    const out = messages([ds(withSummary(['org', 'ghost', 'sku'], ['sales', 'phantom', 'orders', 'gm']))], []);
    expect(out).toEqual(
      expect.arrayContaining([
        'defs/datasets/tiny.json: /summaries/0/dimensions/1: unknown dimension "ghost"',
        'defs/datasets/tiny.json: /summaries/0/measures/1: unknown measure "phantom"',
        'defs/datasets/tiny.json: /summaries/0/measures/2: measure "orders" is not a sum (agg "count_distinct")',
        'defs/datasets/tiny.json: /summaries/0/measures/3: measure "gm" is derived; keep its arguments',
      ]),
    );
    // sku's key i.sku_no is a fact column: allowed
    expect(out).toHaveLength(4);
  });

  it('refuses keys read through a look-up, measures over look-ups and columns kept twice', () => {
    const d = withSummary(['org', 'order_source'], ['sales', 'qty']);
    d.dimensions.push({ id: 'barcode', label: { zh: '条码', en: 'Barcode' }, columns: [{ value: 'barcode', label: { zh: '条码', en: 'Barcode' }, expr: 's.barcode' }], value_type: 'text' });
    d.dimensions.push({ id: 'src2', label: { zh: '来源', en: 'Source' }, columns: [{ value: 'src2', label: { zh: '来源', en: 'Source' }, expr: 'o.order_source' }], value_type: 'int' });
    d.measures.push({ id: 'weight', label: { zh: '重量', en: 'Weight' }, format: 'qty', agg: 'sum', expr: 'i.qty * s.weight' });
    d.summaries![0].dimensions.push('barcode', 'src2');
    d.summaries![0].measures.push('weight');
    expect(messages([ds(d)], [])).toEqual([
      'defs/datasets/tiny.json: /summaries/0/dimensions/2: dimension "barcode" has no plain column of the facts as its key',
      'defs/datasets/tiny.json: /summaries/0/dimensions/3: summary column "order_source" is kept twice',
      'defs/datasets/tiny.json: /summaries/0/measures/2: measure "weight" reads "s", not the facts',
    ]);
  });
});

/** Small, valid definitions for tests: each test breaks or extends one thing. */
import type { DatasetFile, ReportFile } from './types';

export function tinyDataset(): DatasetFile {
  return {
    $schema: '../../schemas/dataset.schema.json',
    id: 'tiny',
    title: { zh: '小数据集', en: 'Tiny' },
    source: {
      table: 'sales_order',
      alias: 'o',
      joins: [
        { table: 'sales_order_item', alias: 'i', on: 'i.order_no = o.order_no', kind: 'inner' },
        { table: 'organisation', alias: 'org', on: 'org.org_code = o.org_code' },
        { table: 'sku', alias: 's', on: 's.sku_no = i.sku_no' },
      ],
    },
    date_columns: { business_date: { expr: 'o.business_date', type: 'date' } },
    dimensions: [
      {
        id: 'org',
        label: { zh: '组织', en: 'Org' },
        columns: [
          { value: 'org_code', label: { zh: '组织编码', en: 'Org code' }, expr: 'o.org_code' },
          { value: 'org_name', label: { zh: '组织名称', en: 'Org name' }, expr: 'org.org_name' },
        ],
        value_type: 'text',
      },
      {
        id: 'order_source',
        label: { zh: '订单来源', en: 'Source' },
        columns: [{ value: 'order_source', label: { zh: '订单来源', en: 'Source' }, expr: 'o.order_source', enum: 'order_source' }],
        value_type: 'int',
      },
      {
        id: 'sku',
        label: { zh: '商品', en: 'SKU' },
        columns: [{ value: 'sku_no', label: { zh: '商品编码', en: 'SKU' }, expr: 'i.sku_no' }],
        value_type: 'text',
      },
    ],
    fields: [{ id: 'sku_text', value_type: 'text', exprs: ['i.sku_no', 's.barcode'] }],
    measures: [
      { id: 'qty', label: { zh: '数量', en: 'Qty' }, format: 'qty', agg: 'sum', expr: 'i.qty' },
      { id: 'sales', label: { zh: '销售额', en: 'Sales' }, format: 'money', agg: 'sum', expr: 'i.sale_amount' },
      { id: 'cost', label: { zh: '成本', en: 'Cost' }, format: 'money', agg: 'sum', expr: 'i.cost_amount' },
      { id: 'orders', label: { zh: '订单数', en: 'Orders' }, format: 'int', agg: 'count_distinct', expr: 'o.order_no', filter: 'o.is_return = 0' },
      { id: 'sales_2', label: { zh: '对比期销售额', en: 'Sales 2' }, format: 'money', agg: 'sum', expr: 'i.sale_amount', range: 2 },
    ],
    derived: [
      { id: 'gm', label: { zh: '毛利额', en: 'GM' }, format: 'money', op: 'difference', args: ['sales', 'cost'] },
      { id: 'gm_rate', label: { zh: '毛利率', en: 'GM %' }, format: 'rate', op: 'ratio', args: ['gm', 'sales'] },
      { id: 'growth', label: { zh: '增长率', en: 'Growth' }, format: 'rate', op: 'growth', args: ['sales', 'sales_2'] },
      { id: 'share', label: { zh: '占比', en: 'Share' }, format: 'rate', op: 'share', args: ['sales'] },
      { id: 'rank', label: { zh: '排名', en: 'Rank' }, format: 'int', op: 'rank', args: ['sales'] },
    ],
    scope: {
      HMD: [{ expr: 'o.org_code', session: 'org_code' }],
      HMS: [{ expr: 'i.supplier_no', session: 'supplier_no' }],
    },
  };
}

export function tinyReport(): ReportFile {
  return {
    $schema: '../../schemas/report.schema.json',
    id: 901,
    title: { zh: '测试报表', en: 'Test report' },
    clients: ['HMT', 'HMD', 'HMS'],
    area: 'sales',
    dataset: 'tiny',
    chips: [{ dimension: 'org', active: true, forced: true }, { dimension: 'order_source' }, { dimension: 'sku' }],
    filters: [
      { id: 'org_code', label: { zh: '组织', en: 'Org' }, widget: 'picker', target: { dimension: 'org' }, source: { kind: 'picker', picker: 'org' } },
      {
        id: 'order_source',
        label: { zh: '订单来源', en: 'Source' },
        widget: 'select',
        target: { dimension: 'order_source' },
        source: { kind: 'enum', name: 'order_source' },
      },
      { id: 'sku_keyword', label: { zh: '商品', en: 'SKU' }, widget: 'text', target: { field: 'sku_text' } },
      { id: 'sales_qty', label: { zh: '销售数量', en: 'Qty' }, widget: 'number_range', target: { measure: 'qty' } },
    ],
    indicators: [{ measure: 'qty' }, { measure: 'sales' }, { measure: 'gm' }, { measure: 'gm_rate' }, { measure: 'orders' }],
    dates: [
      {
        index: 1,
        label: { zh: '营业日期', en: 'Date' },
        column: 'business_date',
        granularity: 'day',
        required: true,
        default_kind: 'yesterday',
        restriction: 'to_yesterday',
      },
    ],
    sortable: true,
    default_order_by: 'sales desc',
  };
}

/** Report 901 with a comparison range and the comparison measures. */
export function tinyComparisonReport(): ReportFile {
  const r = tinyReport();
  r.id = 902;
  r.indicators = [{ measure: 'sales' }, { measure: 'sales_2' }, { measure: 'growth' }, { measure: 'share' }, { measure: 'rank' }];
  r.dates.push({
    index: 2,
    label: { zh: '对比周期', en: 'Comparison' },
    column: 'business_date',
    granularity: 'day',
    required: true,
    default_kind: 'yesterday',
    default_previous_of: 1,
    restriction: 'to_yesterday',
    comparison: true,
  });
  return r;
}

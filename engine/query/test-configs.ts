/** ReportConfig fixtures for the query tests (test-only; shaped like the server's config answers). */
import type { DateRangeConfig, DimensionItem, ReportConfig } from '../wire';

export const item = (over: Partial<DimensionItem> & Pick<DimensionItem, 'id' | 'type'>): DimensionItem => ({
  fieldName: over.id,
  label: over.id,
  dimension_show: over.type === 'dimension' ? '1' : '0',
  active: false,
  ...over,
});

export const dateRange = (over: Partial<DateRangeConfig> = {}): DateRangeConfig => ({
  index: 1,
  label: '日期',
  fieldName: 'business_date',
  granularity: 'day',
  required: false,
  default_kind: 'yesterday',
  restriction: 'to_yesterday',
  ...over,
});

export const config = (over: Partial<ReportConfig> = {}): ReportConfig => ({
  table_id: 60,
  page_table_id: 60,
  title: '门店进销存汇总',
  dimension: [
    item({ id: 'org', type: 'dimension', active: true }),
    item({ id: 'cate1', type: 'dimension', active: true }),
    item({ id: 'cate2', type: 'dimension' }),
    item({ id: 'brand', type: 'dimension' }),
    item({ id: 'org_code', type: 'picker', default_operator_id: 8 }),
    item({ id: 'supplier_no', type: 'select' }),
    item({ id: 'doc_type', type: 'multi_select', default_value: ['1', '2'] }),
    item({ id: 'stock_qty', type: 'number_range' }),
    item({ id: 'sku', type: 'text' }),
  ],
  index: ['qty', 'amount'],
  dates: [dateRange()],
  tabs: null,
  is_history: null,
  sortable: false,
  default_order_by: null,
  column_min_width: 100,
  page_sizes: [10, 20, 30, 50, 100, 500],
  default_page_size: 50,
  export_type: null,
  print: null,
  always_show_buttons: false,
  note: null,
  explain: null,
  org_restricted: false,
  custom_columns: false,
  ai_assistant: false,
  hide_zero_rows: true,
  ...over,
});

/** Report 70's shape: sortable, forced org chip, two required ranges, the second defaulting before the first. */
export const report70 = (): ReportConfig =>
  config({
    table_id: 70,
    page_table_id: 70,
    title: '门店毛利分析',
    dimension: [item({ id: 'org', type: 'dimension', active: true, forced: true }), item({ id: 'brand', type: 'dimension' })],
    index: ['sales', 'gm'],
    dates: [
      dateRange({ index: 1, required: true }),
      dateRange({ index: 2, required: true, default_previous_of: 1, label: '对比日期' }),
    ],
    sortable: true,
    default_order_by: 'sales desc',
    column_min_width: 180,
    always_show_buttons: true,
    ai_assistant: true,
  });

const tabs33 = (history_id: number) => [
  { is_history: '2' as const, label: '近3个月内数据', table_id: 128 },
  { is_history: '1' as const, label: '3个月前数据', table_id: history_id },
];

/** Page 33 as answered on its recent tab (128) and on its history tab (33, or 172 for the special tenant). */
export const page33 = (is_history: '1' | '2', history_id = 33): ReportConfig =>
  config({
    table_id: is_history === '2' ? 128 : history_id,
    page_table_id: 33,
    title: '财务销售成本汇总',
    dimension: [item({ id: 'org', type: 'dimension', active: true }), item({ id: 'finance_cate', type: 'dimension', active: true })],
    dates: [dateRange({ required: true, restriction: 'three_months', default_kind: is_history === '2' ? 'yesterday' : 'history' })],
    tabs: tabs33(history_id),
    is_history,
    export_type: 406,
    print: { export_type: 406, service_type: 'finance' },
  });

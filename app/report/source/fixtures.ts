/**
 * In-memory report fixtures for stories and component tests: configs shaped like the server's answers
 * (a margin report with two required ranges, a tabbed finance report, a stock report with custom
 * columns, a report with a fixed note, a monthly one) and a deterministic fact table they aggregate.
 */
import type { Column, ColumnFormat, DateRangeConfig, DimensionItem, ReportConfig, ReportRow } from '../../../engine/wire';
import { ENUMS } from '../../../engine/options';

export interface Fact {
  org_code: string;
  org_name: string;
  store_type: string;
  cate1: string;
  brand: string;
  order_source: string;
  business_date: string;
  month: string;
  qty: number;
  sales: number;
  cost: number;
}

export interface Measure {
  id: string;
  label: string;
  format: ColumnFormat;
  index_desc: string;
  value: (facts: Fact[]) => number | null;
}

const sum = (facts: Fact[], pick: (f: Fact) => number) => Math.round(facts.reduce((s, f) => s + pick(f), 0) * 100) / 100;
const ratio = (num: number, den: number) => (den === 0 ? null : num / den);

export const MEASURES: Measure[] = [
  { id: 'qty', label: '销售数量', format: 'qty', index_desc: 'Σ 销售数量（退货为负）', value: (f) => sum(f, (x) => x.qty) },
  { id: 'sales', label: '销售金额', format: 'money', index_desc: 'Σ 销售金额（含税，退货为负）', value: (f) => sum(f, (x) => x.sales) },
  { id: 'cost', label: '销售成本', format: 'money', index_desc: 'Σ 成本金额', value: (f) => sum(f, (x) => x.cost) },
  { id: 'gm', label: '毛利额', format: 'money', index_desc: '毛利额 = 销售金额 − 销售成本', value: (f) => sum(f, (x) => x.sales - x.cost) },
  {
    id: 'gm_rate',
    label: '毛利率',
    format: 'rate',
    index_desc: '毛利率 = 毛利额 / 销售金额；销售金额为 0 时显示 -',
    value: (f) => ratio(sum(f, (x) => x.sales - x.cost), sum(f, (x) => x.sales)),
  },
];

/** Dimension chips: id → the fact field grouped on and the column label. */
export const DIMENSIONS: Record<string, { field: keyof Fact; label: string }> = {
  org: { field: 'org_name', label: '门店' },
  store_type: { field: 'store_type', label: '门店类型' },
  cate1: { field: 'cate1', label: '一级类目' },
  brand: { field: 'brand', label: '品牌' },
  order_source: { field: 'order_source', label: '订单来源' },
  business_date: { field: 'business_date', label: '营业日期' },
  month: { field: 'month', label: '月份' },
};

const ORGS: [string, string, string][] = [
  ['S001', '南山旗舰店', '直营店'],
  ['S002', '福田中心店', '直营店'],
  ['S003', '宝安加盟店', '强加盟店'],
  ['S004', '龙岗社区店', '弱加盟店'],
  ['S005', '罗湖万象店', '直营店'],
  ['S006', '光明新区店', '强加盟店'],
];
const CATES = ['生鲜', '食品', '日化', '酒水'];
const BRANDS = ['海天', '伊利', '蒙牛', '农夫山泉', '金龙鱼'];

const pad = (n: number) => String(n).padStart(2, '0');
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A small deterministic pseudo-random number in [0, 1) from integers. */
function noise(...parts: number[]): number {
  let h = 2166136261;
  for (const p of parts) h = Math.imul(h ^ p, 16777619) >>> 0;
  return (h % 10000) / 10000;
}

/** 120 days up to yesterday: every store × category each day, one brand per line. */
export function makeFacts(today: string, days = 120): Fact[] {
  const facts: Fact[] = [];
  for (let d = 1; d <= days; d++) {
    const day = addDays(today, -d);
    ORGS.forEach(([org_code, org_name, store_type], o) => {
      CATES.forEach((cate1, c) => {
        const r = noise(d, o, c);
        const sales = Math.round((200 + r * 4800) * 100) / 100;
        // one line in 40 is a return, so a few groups show negative margins
        const sign = noise(c, d, o) < 0.025 ? -1 : 1;
        facts.push({
          org_code,
          org_name,
          store_type,
          cate1,
          brand: BRANDS[(d + o + c) % BRANDS.length],
          order_source: r < 0.7 ? '线下门店' : '线上商城',
          business_date: day,
          month: day.slice(0, 7),
          qty: sign * (1 + Math.floor(r * 40)),
          sales: sign * sales,
          cost: sign * Math.round(sales * (0.62 + noise(o, c, d) * 0.3) * 100) / 100,
        });
      });
    });
  }
  return facts;
}

const item = (over: Partial<DimensionItem> & Pick<DimensionItem, 'id' | 'type' | 'label'>): DimensionItem => ({
  fieldName: over.id,
  dimension_show: over.type === 'dimension' ? '1' : '0',
  active: false,
  ...over,
});

const chip = (id: keyof typeof DIMENSIONS, over: Partial<DimensionItem> = {}) =>
  item({ id, type: 'dimension', label: DIMENSIONS[id].label, fieldName: DIMENSIONS[id].field, ...over });

const range = (over: Partial<DateRangeConfig> = {}): DateRangeConfig => ({
  index: 1,
  label: '营业日期',
  fieldName: 'business_date',
  granularity: 'day',
  required: false,
  default_kind: 'yesterday',
  restriction: 'to_yesterday',
  ...over,
});

const base = (over: Partial<ReportConfig>): ReportConfig => ({
  table_id: 0,
  page_table_id: 0,
  title: '',
  dimension: [],
  index: MEASURES.map((m) => m.id),
  dates: [range()],
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
  hide_zero_rows: false,
  ...over,
});

const orgFilter = item({ id: 'org_code', type: 'picker', label: '门店', source: { kind: 'picker', picker: 'org' }, default_operator_id: 8 });
const storeTypeFilter = item({
  id: 'store_type',
  type: 'multi_select',
  label: '门店类型',
  fieldName: 'store_type',
  source: { kind: 'enum', name: 'store_type' },
  options: ENUMS.store_type,
  default_operator_id: 8,
});
const orderSourceFilter = item({
  id: 'order_source',
  type: 'select',
  label: '订单来源',
  source: { kind: 'enum', name: 'order_source' },
  options: ENUMS.order_source,
  default_operator_id: 1,
});

/** Report 70's shape: two required ranges, forced org chip, sortable, AI assistant, buttons always shown. */
export const margin70 = (): ReportConfig =>
  base({
    table_id: 70,
    page_table_id: 70,
    title: '门店毛利分析',
    dimension: [
      chip('org', { active: true, forced: true }),
      chip('store_type'),
      chip('cate1'),
      chip('brand'),
      chip('order_source'),
      orgFilter,
      storeTypeFilter,
      orderSourceFilter,
      item({ id: 'sales_range', type: 'number_range', label: '销售金额', fieldName: 'sales' }),
      item({ id: 'brand_name', type: 'text', label: '品牌名称', fieldName: 'brand', default_operator_id: 7 }),
    ],
    dates: [range({ required: true }), range({ index: 2, label: '对比日期', required: true, default_previous_of: 1 })],
    sortable: true,
    default_order_by: 'sales desc',
    column_min_width: 180,
    always_show_buttons: true,
    ai_assistant: true,
  });

const TABS_33 = [
  { is_history: '2' as const, label: '近3个月内数据', table_id: 128 },
  { is_history: '1' as const, label: '3个月前数据', table_id: 33 },
];

/** Page 33 on one of its tabs: recent data is 128, history 33. */
export const finance33 = (is_history: '1' | '2' = '2'): ReportConfig =>
  base({
    table_id: is_history === '2' ? 128 : 33,
    page_table_id: 33,
    title: '财务销售成本汇总',
    dimension: [
      chip('org', { active: true }),
      chip('cate1', { active: true }),
      chip('order_source'),
      orgFilter,
      item({ id: 'cate_code', type: 'select', label: '财务类目', source: { kind: 'list', list: 'finance_categories' } }),
      item({ id: 'output_tax', type: 'multi_select', label: '销项税率', source: { kind: 'list', list: 'output_tax' } }),
      orderSourceFilter,
      storeTypeFilter,
      item({ id: 'sku', type: 'text', label: '商品编码/条码' }),
    ],
    dates: [range({ required: true, restriction: 'three_months', default_kind: is_history === '2' ? 'yesterday' : 'history' })],
    tabs: TABS_33,
    is_history,
    export_type: 406,
    print: { export_type: 406, service_type: 'finance' },
  });

/** A stock report with custom columns, an explanation popup and a print config (report 102's shape). */
export const stock102 = (): ReportConfig =>
  base({
    table_id: 102,
    page_table_id: 102,
    title: '商品进销存汇总',
    dimension: [
      chip('org', { active: true, forced: true }),
      chip('cate1', { active: true }),
      chip('brand'),
      orgFilter,
      item({ id: 'doc_type', type: 'select', label: '单据类型', source: { kind: 'dict', code: 'RECEIVE_OUB_OPTION' } }),
      item({ id: 'qty_range', type: 'number_range', label: '销售数量', fieldName: 'qty' }),
      item({ id: 'brand_name', type: 'text', label: '品牌名称', fieldName: 'brand', default_operator_id: 7 }),
    ],
    export_type: 408,
    print: { export_type: 408, service_type: 'goods' },
    custom_columns: true,
    explain: {
      title: '进销存说明',
      sections: [
        { heading: '计算公式', lines: ['期末库存 − 期初库存 = 收货 + 退货 + 销售 + 拒收 + 盘盈盘亏 + 调拨 + 报损 + 领用 + 调整'] },
        { heading: '说明', lines: ['成本差异仅在变动前库存为负时产生。', '数量和金额均为 0 的商品不显示。'] },
      ],
    },
  });

/** A daily receipts report with a fixed note (report 76's shape). */
export const receipts76 = (): ReportConfig =>
  base({
    table_id: 76,
    page_table_id: 76,
    title: '门店收款汇总',
    dimension: [chip('org', { active: true }), chip('business_date'), chip('store_type'), orgFilter, storeTypeFilter],
    note: '注：门店收款汇总为非实时数据，不支持查询当天数据。',
  });

/** A monthly report limited to the current month at most. */
export const monthly145 = (): ReportConfig =>
  base({
    table_id: 145,
    page_table_id: 145,
    title: '门店月度销售汇总',
    dimension: [chip('org', { active: true }), chip('month', { active: true }), orgFilter],
    dates: [range({ label: '月份', granularity: 'month', default_kind: 'prev_months', restriction: 'current_month' })],
  });

/** Every fixture config by the id a config call asks for (page id; tabbed pages by tab). */
export function fixtureConfig(tableId: number, isHistory: '1' | '2' | null): ReportConfig | null {
  switch (tableId) {
    case 70:
      return margin70();
    case 33:
      return finance33(isHistory ?? '2');
    case 128:
      return { ...finance33(isHistory ?? '2'), page_table_id: 128 };
    case 102:
      return stock102();
    case 76:
      return receipts76();
    case 145:
      return monthly145();
    default:
      return null;
  }
}

export const OPTION_FIXTURES: Record<string, { value: string; label: string }[]> = {
  finance_categories: [
    { value: 'F01', label: '食品类' },
    { value: 'F02', label: '日化类' },
    { value: 'F03', label: '生鲜类' },
  ],
  output_tax: [
    { value: '0.09', label: '9%' },
    { value: '0.13', label: '13%' },
  ],
  suppliers: [
    { value: 'V001', label: '华南食品供应链' },
    { value: 'V002', label: '鹏城日化' },
  ],
  'dict:RECEIVE_OUB_OPTION': [
    { value: '1', label: '采购收货' },
    { value: '2', label: '门店退货' },
    { value: '3', label: '销售出库' },
  ],
};

/** The columns of a result: the active dimensions (type "1") then the indicators (type "2"). */
export function columnsOf(config: ReportConfig, dimensionIds: string[]): Column[] {
  const width = config.column_min_width;
  const dims: Column[] = dimensionIds
    .filter((id) => DIMENSIONS[id])
    .map((id) => ({
      label: DIMENSIONS[id].label,
      value: DIMENSIONS[id].field,
      type: '1',
      is_header_show: '1',
      format: 'text',
      sortable: config.sortable,
      min_width: width,
    }));
  const measures: Column[] = MEASURES.filter((m) => config.index.includes(m.id)).map((m) => ({
    label: m.label,
    value: m.id,
    type: '2',
    is_header_show: '1',
    index_desc: m.index_desc,
    format: m.format,
    sortable: config.sortable,
    min_width: width,
  }));
  return [...dims, ...measures];
}

export type { ReportRow };

/**
 * The studio form's words: a title and a help line for every field of the report definition, in the
 * analyst's language (zh) and in English, keyed by the field's path (`chips[].dimension`; anyOf
 * branches share their parent's path). scripts/gen-form-ui.ts lays them over the form schema as the
 * generated ui schema (schemas/report-form.ui.json) and fails on a field that has none here.
 */

export interface FieldText {
  title: { zh: string; en: string };
  help?: { zh: string; en: string };
  /** array items: the item field that names an item in its title (the chip's dimension …) */
  nameBy?: string;
}

const t = (zh: string, en: string, helpZh?: string, helpEn?: string, nameBy?: string): FieldText => ({
  title: { zh, en },
  ...(helpZh && helpEn ? { help: { zh: helpZh, en: helpEn } } : {}),
  ...(nameBy ? { nameBy } : {}),
});

const zhEn = { 'title.zh': t('中文', 'Chinese'), 'title.en': t('英文', 'English') };
const pair = (path: string) => ({ [`${path}.zh`]: t('中文', 'Chinese'), [`${path}.en`]: t('英文', 'English') });

export const FORM_TEXT: Record<string, FieldText> = {
  $schema: t('定义格式', 'Definition format'),
  id: t('报表编号', 'Report id', '保存时自动分配', 'Given when the report is saved'),
  title: t('报表名称', 'Report title', '菜单和标签页上显示的名称', 'The name in the menu and on the tab'),
  ...zhEn,
  clients: t('可用客户端', 'Clients', '哪些端（总部、门店、供应商）可以打开此报表', 'Which clients (HQ, store, supplier) may open the report'),
  area: t('菜单分组', 'Menu group', '报表出现在哪个菜单分组下', 'The menu group the report appears under'),
  dataset: t('数据集', 'Dataset', '报表读取的数据：决定可选的维度、指标和日期', 'Where the figures come from: it sets the dimensions, measures and dates to choose from'),
  conditions: t('数据条件', 'Dataset conditions', '数据集预设的条件，打开后只统计满足条件的数据', 'Preset conditions of the dataset; when on, only matching rows count'),
  chips: t('汇总维度', 'Summary dimensions', '表格上方可点选的维度，按所选维度分组汇总', 'The dimensions above the table; the rows are grouped by the ones chosen'),
  'chips[]': t('汇总维度', 'Summary dimension', undefined, undefined, 'dimension'),
  'chips[].dimension': t('维度', 'Dimension'),
  'chips[].active': t('默认选中', 'Chosen at first', '打开报表时即按此维度汇总', 'The report opens grouped by this dimension'),
  'chips[].forced': t('固定选中', 'Always chosen', '始终按此维度汇总，不能取消', 'Always grouped by this dimension; it cannot be switched off'),
  filters: t('筛选条件', 'Filters', '表格上方的查询条件', 'The search fields above the table'),
  'filters[]': t('筛选条件', 'Filter', undefined, undefined, 'label'),
  'filters[].id': t('条件编号', 'Filter id', '查询请求中的 where_id，报表内唯一', 'The where_id of the query, unique in the report'),
  'filters[].label': t('显示名称', 'Label'),
  ...pair('filters[].label'),
  'filters[].widget': t('输入方式', 'Input', '文本、下拉、多选、数值区间、选择器等', 'Text, select, multi-select, number range, picker …'),
  'filters[].target': t('筛选对象', 'Filters on', '按维度、字段或指标筛选', 'A dimension, a field or a measure'),
  'filters[].target.dimension': t('维度', 'Dimension'),
  'filters[].target.field': t('字段', 'Field'),
  'filters[].target.measure': t('指标', 'Measure'),
  'filters[].operators': t('可选运算', 'Operators', '不填则按输入方式取默认运算', 'Left empty, the input decides'),
  'filters[].operators[]': t('运算', 'Operator'),
  'filters[].default_operator': t('默认运算', 'Default operator'),
  'filters[].source': t('选项来源', 'Options from', '下拉、多选和选择器的选项从哪里来', 'Where a select, multi-select or picker takes its options'),
  'filters[].source.kind': t('来源类型', 'Kind'),
  'filters[].source.list': t('选项列表', 'Option list'),
  'filters[].source.code': t('字典编码', 'Dictionary code'),
  'filters[].source.name': t('枚举', 'Enumeration'),
  'filters[].source.picker': t('选择器', 'Picker'),
  'filters[].source.value': t('取值字段', 'Value field'),
  'filters[].source.cascader': t('级联选择器', 'Cascader'),
  'filters[].default_value': t('默认值', 'Default value'),
  'filters[].min': t('最小值', 'Minimum'),
  'filters[].max': t('最大值', 'Maximum'),
  'filters[].maxlength': t('最大长度', 'Maximum length'),
  'filters[].placeholder': t('输入提示', 'Placeholder'),
  ...pair('filters[].placeholder'),
  'filters[].hidden_for': t('不显示的客户端', 'Hidden for', '这些端看不到此条件', 'These clients do not get this filter'),
  'filters[].hidden_for[]': t('客户端', 'Client'),
  indicators: t('指标', 'Measures', '表格中的数值列', 'The figures of the table'),
  'indicators[]': t('指标', 'Measure', undefined, undefined, 'measure'),
  'indicators[].measure': t('指标', 'Measure'),
  'indicators[].label': t('列名', 'Column title', '不填则用数据集中的名称', 'Left empty, the dataset’s name is used'),
  ...pair('indicators[].label'),
  'indicators[].desc': t('指标说明', 'Explanation', '列名旁的问号提示', 'The hint beside the column title'),
  ...pair('indicators[].desc'),
  'indicators[].format': t('显示格式', 'Format', '金额、数量、比率等', 'Money, quantity, rate …'),
  dates: t('日期范围', 'Date ranges', '报表的日期条件', 'The date fields of the report'),
  'dates[]': t('日期范围', 'Date range', undefined, undefined, 'label'),
  'dates[].index': t('序号', 'Range number', '1 为主日期，2 起为其他日期', '1 is the main range, 2 and up the others'),
  'dates[].label': t('显示名称', 'Label'),
  ...pair('dates[].label'),
  'dates[].column': t('日期字段', 'Date column', '按数据集中的哪个日期筛选', 'The dataset date this range filters'),
  'dates[].granularity': t('日期粒度', 'Granularity', '按日、时间、周或月选择', 'Picked by day, time, week or month'),
  'dates[].required': t('必填', 'Required', '不选日期时提示“请选择日期”', 'Without a date the search asks for one'),
  'dates[].default_kind': t('默认日期', 'Default dates', '打开报表时的日期', 'The dates the report opens with'),
  'dates[].default_previous_of': t('默认取主日期之前的同长时段', 'Default: the period before range 1', '用于对比期：默认是主日期之前等长的一段', 'For a comparison range: the equally long period before range 1'),
  'dates[].restriction': t('日期限制', 'Date restriction', '可以选择哪些日期；默认日期也必须在此范围内', 'Which dates may be picked; the default dates must keep to it too'),
  'dates[].comparison': t('对比期', 'Comparison range', '与主日期同一日期字段，指标可按此范围计算', 'Same date column as range 1; measures may read this range'),
  sortable: t('可排序', 'Sortable', '点击列头排序', 'Columns sort when their title is clicked'),
  default_order_by: t('默认排序', 'Default order', '如 sales desc（列名 + asc 或 desc）', 'e.g. sales desc (a column and asc or desc)'),
  column_min_width: t('最小列宽', 'Minimum column width', '不填：可排序时 180，否则 100', 'Left empty: 180 when sortable, else 100'),
  export_type: t('导出类型', 'Export type', '导出任务使用的类型编号', 'The type number of the export job'),
  print: t('打印', 'Print'),
  'print.export_type': t('打印导出类型', 'Print export type'),
  'print.service_type': t('打印业务类型', 'Print service type'),
  note: t('备注', 'Note', '表格下方固定显示的一行说明', 'A fixed line under the table'),
  ...pair('note'),
  explain: t('说明弹窗', 'Explanation popup', '“说明”按钮打开的内容', 'What the explanation button shows'),
  'explain.title': t('标题', 'Title'),
  'explain.sections': t('段落', 'Sections'),
  'explain.sections[]': t('段落', 'Section', undefined, undefined, 'heading'),
  'explain.sections[].heading': t('小标题', 'Heading'),
  'explain.sections[].lines': t('内容', 'Lines'),
  'explain.sections[].lines[]': t('行', 'Line'),
  org_restricted: t('按账号关联组织', 'Limited to related orgs', '只统计账号关联的组织，并写入导出', 'Only the account’s related organisations count, also in the export'),
  hide_zero_rows: t('隐藏全零行', 'Hide all-zero rows', '指标全为 0 的行不显示', 'Rows whose figures are all zero are left out'),
  always_show_buttons: t('总显示按钮', 'Always show buttons', '没有数据时也显示导出和刷新', 'Export and refresh show even without rows'),
  ai_assistant: t('智能助手', 'AI assistant'),
  custom_columns: t('自定义列', 'Custom columns', '用户可以选择显示哪些列', 'Users may choose the columns shown'),
  page_size: t('每页条数', 'Page size', '默认 50', 'Default 50'),
};

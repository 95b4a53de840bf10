import type { Catalogue } from '../../engine/definition/catalogue';
import { isDerived } from '../../engine/definition/dataset-index';
import type { DateRangeDef, ReportFile } from '../../engine/definition/types';
import type { DateRestriction, DefaultRangeKind } from '../../engine/wire';

const AREA_TITLES: Record<string, string> = {
  sales: '销售 Sales',
  member: '会员 Members',
  finance: '财务 Finance',
  stock: '库存 Stock',
  purchase: '采购 Purchasing',
  supplier: '供应商 Suppliers',
  logistics: '物流 Logistics',
  'store-order': '门店要货 Store orders',
  'online-mall': '线上商城 Online mall',
  services: '服务 Services',
};

const DEFAULT_KINDS: Record<DefaultRangeKind, string> = {
  none: '无（留空）',
  yesterday: '昨天',
  last7: '近7天（截至昨天）',
  month_to_yesterday: '一个月前减一天至昨天',
  prev_months: '前两个月至上个月',
  last_week: '上一个完整周',
  today_datetime: '今天 00:00:00–23:59:59',
  today: '今天',
  since_1970: '1970-01-01 至今天',
  history: '今天 − 93 天（3个月前数据）',
};

const RESTRICTIONS: Record<DateRestriction, string> = {
  to_yesterday: '只能选到昨天',
  three_months: '按页签：近3个月内 / 3个月前',
  earlier_months: '只能选之前的月份',
  completed_weeks: '只能选已结束的周',
  current_month: '最多到本月',
  none: '不限',
};

const CLIENTS = { HMT: '总部端', HMD: '门店端', HMS: '供应商端' } as const;

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function dateLine(d: DateRangeDef): string {
  const parts = [
    d.required ? '必填' : '选填',
    `默认 ${DEFAULT_KINDS[d.default_kind]}${d.default_previous_of ? '（本期之前的同长周期）' : ''}`,
    `限制 ${RESTRICTIONS[d.restriction]}`,
    `粒度 ${d.granularity}`,
  ];
  return `- 日期「${d.label.zh}」：${parts.join('，')}`;
}

function reportSection(catalogue: Catalogue, r: ReportFile): string {
  const index = catalogue.indexes.get(r.dataset)!;
  const lines = [`## ${r.id} ${r.title.zh}`, '', `*${r.title.en}* — 端：${r.clients.map((c) => CLIENTS[c]).join('、')}；数据集 \`${r.dataset}\`（${index.dataset.title.zh}）`, ''];
  for (const d of r.dates) lines.push(dateLine(d));
  const chips = r.chips.map((c) => {
    const label = index.dimensions.get(c.dimension)?.label.zh ?? c.dimension;
    return c.forced ? `${label}（固定）` : c.active ? `${label}（默认）` : label;
  });
  if (chips.length) lines.push(`- 汇总维度：${chips.join('、')}`);
  if (r.filters.length) lines.push(`- 筛选：${r.filters.map((f) => f.label.zh).join('、')}`);
  const extras: string[] = [];
  if (r.sortable) extras.push(`可排序${r.default_order_by ? `（默认 ${r.default_order_by}）` : ''}`);
  if (r.history) extras.push(`历史页签：${r.history.tabs.map((t) => `${t.label.zh} → ${t.table_id}${t.special_tenant_table_id ? `（特殊租户 ${t.special_tenant_table_id}）` : ''}`).join('；')}`);
  if (r.export_type) extras.push(`导出类型 ${r.export_type}`);
  if (r.print) extras.push(`打印（${r.print.export_type}，${r.print.service_type}）`);
  if (r.org_restricted) extras.push('按账号关联组织限制');
  if (r.hide_zero_rows) extras.push('隐藏全零行');
  if (r.ai_assistant) extras.push('AI 解读');
  if (r.custom_columns) extras.push('自定义列');
  if (extras.length) lines.push(`- 其他：${extras.join('；')}`);
  if (r.note) lines.push(`- 固定提示：${r.note.zh}`);
  lines.push('', '| 指标 | 格式 | 口径 |', '|---|---|---|');
  for (const ind of r.indicators) {
    const m = index.measures.get(ind.measure)!;
    const desc = ind.desc?.zh ?? m.desc?.zh ?? (isDerived(m) ? `${m.op}(${(m.args ?? []).join(', ')})${m.formula ? ` ${m.formula}` : ''}` : `${m.agg}(${m.expr ?? '*'})`);
    lines.push(`| ${escapeCell(ind.label?.zh ?? m.label.zh)} | ${ind.format ?? m.format} | ${escapeCell(desc)} |`);
  }
  if (r.explain) {
    lines.push('', `**${r.explain.title}**`, '');
    for (const s of r.explain.sections) lines.push(`- ${s.heading}：${s.lines.join(' ')}`);
  }
  return lines.join('\n');
}

/** One markdown page per business area, generated from the definitions: file name → text. */
export function renderReportDocs(catalogue: Catalogue): Map<string, string> {
  const byArea = new Map<string, ReportFile[]>();
  for (const r of [...catalogue.reports.values()].sort((a, b) => a.id - b.id)) {
    byArea.set(r.area, [...(byArea.get(r.area) ?? []), r]);
  }
  const pages = new Map<string, string>();
  const index = ['# 报表目录 Report catalogue', '', '由 `npm run gen:docs` 根据 report-defs/ 生成，请勿手改。', ''];
  for (const [area, reports] of [...byArea].sort(([a], [b]) => a.localeCompare(b))) {
    const title = AREA_TITLES[area] ?? area;
    const file = `${area}.md`;
    index.push(`- [${title}](${file})：${reports.map((r) => `${r.id} ${r.title.zh}`).join('、')}`);
    const body = [`# ${title}`, '', '由 `npm run gen:docs` 根据 report-defs/ 生成，请勿手改。', '', ...reports.map((r) => reportSection(catalogue, r) + '\n')];
    pages.set(file, body.join('\n'));
  }
  pages.set('README.md', index.join('\n') + '\n');
  return pages;
}

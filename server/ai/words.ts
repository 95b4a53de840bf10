/**
 * The AI interpretation's phrasing in each language the product speaks: the same facts, the same figures
 * (written as the table writes them), only the words differ. Chinese is the product's own voice.
 */
import type { TextLang } from '../report/config';

export interface Words {
  /** punctuation: Chinese full-width, English plain */
  p: { open: string; close: string; comma: string; colon: string; semi: string };
  title(report: string): string;
  comparison: string;
  increase: string;
  decrease: string;
  growth: string;
  change: string;
  points(p: string): string;
  overview: string;
  noComparison: string;
  /** the periods differ in length: additive figures are compared as daily averages */
  unequalPeriods(current: number, previous: number): string;
  perDay(label: string): string;
  /** a period's sum as the totals row shows it, beside the comparison period's */
  periodTotal(label: string, current: string, previous: string): string;
  rose(label: string, pct: string): string;
  fell(label: string, pct: string): string;
  by(dimension: string, rows: number): string;
  shareOfChange(pct: string): string;
  thanComparison: string;
  risers: string;
  fallers: string;
  flat: string;
  outliers: string;
  negativeMargin(name: string, margin: string, figure: string): string;
  rateGap(name: string, rate: string, figure: string, low: boolean, overall: string): string;
  marginWord: string;
  rateWord: string;
  nextSteps: string;
  checkFall(dimension: string, name: string, label: string): string;
  checkNegative(dimension: string, name: string): string;
  checkLowRate(dimension: string, name: string, rate: string): string;
  steady: string;
  source: string;
}

const zh: Words = {
  p: { open: '（', close: '）', comma: '，', colon: '：', semi: '；' },
  title: (report) => `# ${report} · AI 解读\n\n`,
  comparison: '对比期',
  increase: '增加',
  decrease: '减少',
  growth: '增长率',
  change: '变动',
  points: (p) => `${p} 个百分点`,
  overview: '总体变化',
  noComparison: '对比期没有可比数据，以下只描述本期表现。',
  unequalPeriods: (current, previous) => `本期 ${current} 天，对比期 ${previous} 天，长度不同：以下金额和数量均按日均比较。`,
  perDay: (label) => `日均${label}`,
  periodTotal: (label, current, previous) => `${label}合计：本期 ${current}，对比期 ${previous}`,
  rose: (label, pct) => `本期${label}较对比期上升 ${pct}。`,
  fell: (label, pct) => `本期${label}较对比期下降 ${pct}。`,
  by: (dimension, rows) => `按${dimension}（${rows} 项）`,
  shareOfChange: (pct) => `，占总变动 ${pct}`,
  thanComparison: '较对比期',
  risers: '拉动增长最多的：',
  fallers: '拖累最多的：',
  flat: '各项与对比期相比没有可比变化。',
  outliers: '值得注意的异常：',
  negativeMargin: (name, margin, figure) => `- **${name}** ${margin}为负（${figure}），存在亏损销售。`,
  rateGap: (name, rate, figure, low, overall) => `- **${name}** ${rate} ${figure}，${low ? '明显低于' : '明显高于'}整体的 ${overall}。`,
  marginWord: '毛利',
  rateWord: '毛利率',
  nextSteps: '建议关注',
  checkFall: (dimension, name, label) => `核查${dimension}「${name}」${label}下滑的原因（客流、缺货、促销或价格变动）。`,
  checkNegative: (dimension, name) => `检查${dimension}「${name}」的售价与进价，避免持续负毛利销售。`,
  checkLowRate: (dimension, name, rate) => `复核${dimension}「${name}」的折扣和商品结构，其${rate}偏低。`,
  steady: '各维度表现平稳，可按周持续跟踪同一口径的变化。',
  source: '以上数字均取自当前查询条件下的报表结果（本期与对比期）。',
};

const en: Words = {
  p: { open: ' (', close: ')', comma: ', ', colon: ': ', semi: '; ' },
  title: (report) => `# ${report} · AI insight\n\n`,
  comparison: 'comparison period',
  increase: 'up',
  decrease: 'down',
  growth: 'growth',
  change: 'change',
  points: (p) => `${p} pp`,
  overview: 'Overall change',
  noComparison: 'The comparison period has no figures to compare; what follows describes the current period only.',
  unequalPeriods: (current, previous) =>
    `The current period has ${current} days and the comparison period ${previous}: amounts and quantities below are compared as daily averages.`,
  perDay: (label) => `${label} per day`,
  periodTotal: (label, current, previous) => `${label} in total: ${current} this period, ${previous} in the comparison period`,
  rose: (label, pct) => `${label} rose ${pct} against the comparison period.`,
  fell: (label, pct) => `${label} fell ${pct} against the comparison period.`,
  by: (dimension, rows) => `By ${dimension} (${rows} items)`,
  shareOfChange: (pct) => `, ${pct} of the total change`,
  thanComparison: 'against the comparison period',
  risers: 'Driving growth most:',
  fallers: 'Holding back most:',
  flat: 'No item changed comparably against the comparison period.',
  outliers: 'Worth a look:',
  negativeMargin: (name, margin, figure) => `- **${name}** has a negative ${margin} (${figure}): goods sold at a loss.`,
  rateGap: (name, rate, figure, low, overall) => `- **${name}** ${rate} ${figure}, well ${low ? 'below' : 'above'} the overall ${overall}.`,
  marginWord: 'gross margin',
  rateWord: 'gross-margin rate',
  nextSteps: 'Worth following up',
  checkFall: (dimension, name, label) => `Find out why ${label} fell at ${dimension} "${name}" (traffic, stock-outs, promotions or prices).`,
  checkNegative: (dimension, name) => `Check selling and purchase prices at ${dimension} "${name}" to stop selling below cost.`,
  checkLowRate: (dimension, name, rate) => `Review discounts and goods mix at ${dimension} "${name}": its ${rate} is low.`,
  steady: 'Every dimension is steady; keep following the same figures week by week.',
  source: 'Every figure above comes from the report for the current filters (current and comparison periods).',
};

export const WORDS: Record<TextLang, Words> = { zh, en };

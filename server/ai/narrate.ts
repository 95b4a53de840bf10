import type { ColumnFormat } from '../../engine/wire';
import type { Breakdown, Change, Facts } from './facts';

const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Figures written exactly as the table shows them, so every number can be found there. */
export function figure(v: number | null, format: ColumnFormat): string {
  if (v === null) return '-';
  if (format === 'rate') return `${(v * 100).toFixed(2)}%`;
  if (format === 'money') return money.format(v);
  return new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 }).format(v);
}

const pct = (v: number | null) => (v === null ? '-' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(2)}%`);
const pp = (v: number | null) => (v === null ? '-' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(2)} 个百分点`);

function changeLine(c: Change): string {
  const { format } = c;
  const base = `${c.label} ${figure(c.current, format)}（对比期 ${figure(c.previous, format)}`;
  if (format === 'rate') return `${base}，变动 ${pp(c.delta)}）`;
  return `${base}，${c.delta !== null && c.delta >= 0 ? '增加' : '减少'} ${figure(c.delta === null ? null : Math.abs(c.delta), format)}，增长率 ${pct(c.growth)}）`;
}

export function overviewSection(facts: Facts): string {
  const lines = facts.overall.map((c) => `- ${changeLine(c)}`);
  const focus = facts.overall.find((c) => c.label === facts.focus.label);
  const verdict =
    focus?.delta === null || focus?.delta === undefined
      ? '对比期没有可比数据，以下只描述本期表现。'
      : focus.delta >= 0
        ? `本期${facts.focus.label}较对比期上升 ${pct(focus.growth)}。`
        : `本期${facts.focus.label}较对比期下降 ${pct(focus.growth)}。`;
  return `## 总体变化\n\n${verdict}\n\n${lines.join('\n')}\n`;
}

export function breakdownSection(b: Breakdown, facts: Facts): string {
  const f = facts.focus;
  const out = [`## 按${b.dimension}（${b.rows} 项）`, ''];
  const mover = (m: Breakdown['risers'][number]) => {
    const share = m.shareOfChange === null ? '' : `，占总变动 ${(m.shareOfChange * 100).toFixed(1)}%`;
    const rate = m.rate && facts.rate ? `；${facts.rate.label} ${figure(m.rate.current, 'rate')}（${pp(m.rate.delta)}）` : '';
    return `- **${m.name}**：${f.label} ${figure(m.focus.current, f.format)}，较对比期 ${m.focus.delta! >= 0 ? '增加' : '减少'} ${figure(Math.abs(m.focus.delta!), f.format)}${share}${rate}`;
  };
  if (b.risers.length) out.push(`拉动增长最多的：`, '', ...b.risers.map(mover), '');
  if (b.fallers.length) out.push(`拖累最多的：`, '', ...b.fallers.map(mover), '');
  if (!b.risers.length && !b.fallers.length) out.push('各项与对比期相比没有可比变化。', '');
  if (b.outliers.length) {
    out.push('值得注意的异常：', '');
    for (const o of b.outliers) {
      if (o.reason === 'negative') out.push(`- **${o.name}** ${facts.margin?.label ?? '毛利'}为负（${figure(o.value, 'money')}），存在亏损销售。`);
      else {
        const side = o.reason === 'low_rate' ? '明显低于' : '明显高于';
        out.push(`- **${o.name}** ${facts.rate?.label ?? '毛利率'} ${figure(o.value, 'rate')}，${side}整体的 ${figure(o.overall, 'rate')}。`);
      }
    }
    out.push('');
  }
  return out.join('\n');
}

export function nextStepsSection(facts: Facts): string {
  const steps: string[] = [];
  for (const b of facts.breakdowns) {
    const worst = b.fallers[0];
    if (worst) steps.push(`核查${b.dimension}「${worst.name}」${facts.focus.label}下滑的原因（客流、缺货、促销或价格变动）。`);
    const negative = b.outliers.find((o) => o.reason === 'negative');
    if (negative) steps.push(`检查${b.dimension}「${negative.name}」的售价与进价，避免持续负毛利销售。`);
    const low = b.outliers.find((o) => o.reason === 'low_rate');
    if (low) steps.push(`复核${b.dimension}「${low.name}」的折扣和商品结构，其${facts.rate?.label ?? '毛利率'}偏低。`);
  }
  if (!steps.length) steps.push('各维度表现平稳，可按周持续跟踪同一口径的变化。');
  return `## 建议关注\n\n${[...new Set(steps)].slice(0, 6).map((s, i) => `${i + 1}. ${s}`).join('\n')}\n`;
}

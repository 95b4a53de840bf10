import type { ColumnFormat } from '../../engine/wire';
import type { Breakdown, Change, Facts } from './facts';
import { WORDS, type Words } from './words';

const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Figures written exactly as the table shows them, so every number can be found there. */
export function figure(v: number | null, format: ColumnFormat): string {
  if (v === null) return '-';
  if (format === 'rate') return `${(v * 100).toFixed(2)}%`;
  if (format === 'money') return money.format(v);
  return new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 }).format(v);
}

const signed = (v: number) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(2)}`;
const pct = (v: number | null) => (v === null ? '-' : `${signed(v)}%`);
const pp = (v: number | null, w: Words) => (v === null ? '-' : w.points(signed(v)));
const upDown = (delta: number | null | undefined, w: Words) => (delta !== null && delta !== undefined && delta >= 0 ? w.increase : w.decrease);

function changeLine(c: Change, w: Words): string {
  const { format } = c;
  const { open, close, comma } = w.p;
  const base = `${c.label} ${figure(c.current, format)}${open}${w.comparison} ${figure(c.previous, format)}`;
  if (format === 'rate') return `${base}${comma}${w.change} ${pp(c.delta, w)}${close}`;
  return `${base}${comma}${upDown(c.delta, w)} ${figure(c.delta === null ? null : Math.abs(c.delta), format)}${comma}${w.growth} ${pct(c.growth)}${close}`;
}

export function overviewSection(facts: Facts, w: Words = WORDS.zh): string {
  const lines = facts.overall.map((c) => `- ${changeLine(c, w)}`);
  const focus = facts.overall.find((c) => c.label === facts.focus.label);
  const verdict =
    focus?.delta === null || focus?.delta === undefined
      ? w.noComparison
      : focus.delta >= 0
        ? w.rose(facts.focus.label, pct(focus.growth))
        : w.fell(facts.focus.label, pct(focus.growth));
  // the totals as the table shows them come first, so the text still cites the screen's figures
  const totals = (facts.periodTotals ?? []).map((c) => `- ${w.periodTotal(c.label, figure(c.current, c.format), figure(c.previous, c.format))}`);
  const periods = facts.periods ? `${w.unequalPeriods(facts.periods.current, facts.periods.previous)}\n\n${totals.length ? `${totals.join('\n')}\n\n` : ''}` : '';
  return `## ${w.overview}\n\n${periods}${verdict}\n\n${lines.join('\n')}\n`;
}

export function breakdownSection(b: Breakdown, facts: Facts, w: Words = WORDS.zh): string {
  const f = facts.focus;
  const out = [`## ${w.by(b.dimension, b.rows)}`, ''];
  const mover = (m: Breakdown['risers'][number]) => {
    const share = m.shareOfChange === null ? '' : w.shareOfChange(`${(m.shareOfChange * 100).toFixed(1)}%`);
    const { open, close, comma, colon, semi } = w.p;
    const rate = m.rate && facts.rate ? `${semi}${facts.rate.label} ${figure(m.rate.current, 'rate')}${open}${pp(m.rate.delta, w)}${close}` : '';
    return `- **${m.name}**${colon}${f.label} ${figure(m.focus.current, f.format)}${comma}${w.thanComparison} ${upDown(m.focus.delta, w)} ${figure(Math.abs(m.focus.delta!), f.format)}${share}${rate}`;
  };
  if (b.risers.length) out.push(w.risers, '', ...b.risers.map(mover), '');
  if (b.fallers.length) out.push(w.fallers, '', ...b.fallers.map(mover), '');
  if (!b.risers.length && !b.fallers.length) out.push(w.flat, '');
  if (b.outliers.length) {
    out.push(w.outliers, '');
    for (const o of b.outliers) {
      if (o.reason === 'negative') out.push(w.negativeMargin(o.name, facts.margin?.label ?? w.marginWord, figure(o.value, 'money')));
      else out.push(w.rateGap(o.name, facts.rate?.label ?? w.rateWord, figure(o.value, 'rate'), o.reason === 'low_rate', figure(o.overall, 'rate')));
    }
    out.push('');
  }
  return out.join('\n');
}

export function nextStepsSection(facts: Facts, w: Words = WORDS.zh): string {
  const steps: string[] = [];
  for (const b of facts.breakdowns) {
    const worst = b.fallers[0];
    if (worst) steps.push(w.checkFall(b.dimension, worst.name, facts.focus.label));
    const negative = b.outliers.find((o) => o.reason === 'negative');
    if (negative) steps.push(w.checkNegative(b.dimension, negative.name));
    const low = b.outliers.find((o) => o.reason === 'low_rate');
    if (low) steps.push(w.checkLowRate(b.dimension, low.name, facts.rate?.label ?? w.rateWord));
  }
  if (!steps.length) steps.push(w.steady);
  return `## ${w.nextSteps}\n\n${[...new Set(steps)].slice(0, 6).map((s, i) => `${i + 1}. ${s}`).join('\n')}\n`;
}

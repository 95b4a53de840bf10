/** What the 日结记录 screen says of a tenant's close state. Pure. */
import type { TenantCloseHealth } from '../../../engine/day-close';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The headline: closed through which day, and whether the close keeps up or how far behind it is. */
export function closeSummary(state: TenantCloseHealth | null, t: Translate): { text: string; color: 'green' | 'orange' | 'red' | 'gray' } {
  if (!state?.closed_through) return { text: t('dayClose.never'), color: 'gray' };
  const through = `${t('dayClose.closedThrough')} ${state.closed_through}`;
  if (state.last?.status === 'failed') return { text: `${through} · ${t('dayClose.lastFailed', { message: state.last.message ?? '' })}`, color: 'red' };
  if (state.behind_days) return { text: `${through} · ${t('dayClose.behind', { days: state.behind_days })}`, color: 'orange' };
  return { text: `${through} · ${t('dayClose.upToDate')}`, color: 'green' };
}

/** Milliseconds as seconds with one decimal; '-' while unknown. */
export function formatDuration(ms: number | null, t: Translate): string {
  return ms === null ? '-' : t('dayClose.seconds', { s: (ms / 1000).toFixed(1) });
}

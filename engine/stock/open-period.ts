import { threeMonthCutoff } from '../dates';

/**
 * A document's business date must lie in the open period (the `3M` restriction, rule C2): not
 * before the 3-month cut-off, whose archive is closed and never shown by the current tab of 88/129,
 * and not after today.
 */
export const OPEN_PERIOD_MESSAGES = {
  closed: (cutoff: string) => `业务日期早于${cutoff}，该期间已关账，不能登记单据`,
  future: '业务日期不能晚于今天',
} as const;

export function openPeriodError(businessDate: string, today: string): string | null {
  const day = businessDate.slice(0, 10);
  const cutoff = threeMonthCutoff(today);
  if (day < cutoff) return OPEN_PERIOD_MESSAGES.closed(cutoff);
  if (day > today) return OPEN_PERIOD_MESSAGES.future;
  return null;
}

/** The calendar date of an instant in a time zone (DESIGN §7: dates in the tenant's zone). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export function todayIn(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

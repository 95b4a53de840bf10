/** The calendar date of an instant in a time zone (dates are in the tenant's zone). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** An instant as 'YYYY-MM-DD HH:mm:ss' in a time zone (the wire format of datetime fields). */
export function dateTimeIn(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}:${p('second')}`;
}

export function todayIn(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dateTimeIn(now, timeZone).slice(0, 10);
}

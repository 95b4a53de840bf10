/** Calendar-day arithmetic on 'YYYY-MM-DD' texts (UTC, so no daylight-saving surprises). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

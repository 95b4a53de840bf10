import { describe, expect, it } from 'vitest';
import { openDuckDb } from '../../duckdb';
import { migrate } from '../../migrate';
import type { Db } from '../../types';
import { addDays, isoWeekday } from '../../../../engine/dates/calendar';
import { tenantProfiles } from '../scale';
import { Writer } from '../sink';
import { seedTenant } from '../tenant';

/** Order dates of the wholesale orders one short tenant run writes. */
async function wholesaleDates(db: Db, today: string): Promise<string[]> {
  const dates: string[] = [];
  const capture = {
    ...db,
    bulkInsert: async (table: string, cols: readonly string[], rows: readonly (readonly unknown[])[]) => {
      if (table !== 'wholesale_order') return;
      const at = cols.indexOf('order_date');
      for (const r of rows) dates.push(String(r[at]));
    },
  } as Db;
  const w = await Writer.open(capture, { via: 'bulk' });
  const profile = { ...tenantProfiles('demo')[2], months: 1 };
  await seedTenant(w, { profile, tenantDigit: 3, today, hashes: new Map(), onProgress: () => {} });
  await w.flushAll();
  return dates;
}

describe('wholesale simulation', () => {
  // report 112's date is required and opens on yesterday: whatever day the data is seeded, yesterday has orders
  it('ships on yesterday even when yesterday is a Sunday, and on no other Sunday', async () => {
    const db = await openDuckDb(':memory:');
    await migrate(db);
    const monday = '2026-11-30';
    const dates = await wholesaleDates(db, monday);
    await db.close();
    const yesterday = addDays(monday, -1);
    expect(isoWeekday(yesterday)).toBe(7);
    expect(dates).toContain(yesterday);
    expect(dates.filter((d) => isoWeekday(d) === 7 && d !== yesterday)).toEqual([]);
  }, 60_000);
});

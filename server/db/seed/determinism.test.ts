import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDuckDb } from '../duckdb';
import { migrate } from '../migrate';
import type { Db } from '../types';
import { tenantProfiles } from './scale';
import { Writer } from './sink';
import { seedTenant } from './tenant';

/** One short tenant run into a capturing database: a digest per table (account hashes are salted, so left out). */
async function digest(db: Db, today: string): Promise<Record<string, string>> {
  const hashes = new Map<string, ReturnType<typeof createHash>>();
  const capture = {
    ...db,
    bulkInsert: async (table: string, _cols: readonly string[], rows: readonly (readonly unknown[])[]) => {
      if (table === 'account') return;
      const h = hashes.get(table) ?? createHash('sha1');
      for (const r of rows) h.update(JSON.stringify(r));
      hashes.set(table, h);
    },
  } as Db;
  const w = await Writer.open(capture, { via: 'bulk' }); // every row through bulkInsert, where it is hashed
  const profile = { ...tenantProfiles('demo')[2], months: 1 };
  await seedTenant(w, { profile, tenantDigit: 3, today, hashes: new Map(), onProgress: () => {} });
  await w.flushAll();
  return Object.fromEntries([...hashes].map(([t, h]) => [t, h.digest('hex')]));
}

describe('seed determinism', () => {
  it('produces the same rows for the same today, and different ones for another day', async () => {
    const db = await openDuckDb(':memory:');
    await migrate(db);
    const a = await digest(db, '2026-11-22');
    const b = await digest(db, '2026-11-22');
    const c = await digest(db, '2026-11-23');
    await db.close();
    expect(Object.keys(a).length).toBeGreaterThan(60);
    expect(b).toEqual(a);
    expect(c.sales_order).not.toBe(a.sales_order);
  }, 60_000);
});

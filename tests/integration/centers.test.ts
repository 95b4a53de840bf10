/**
 * The logistics centre a movement without one is posted under (server/stock/centers.ts): where the
 * organisation already keeps the goods, else where it keeps most goods, else its own logistics centre
 * (a store's warehouse) — a store's first load finds no stock to go by, and its sales must land where
 * its deliveries do — else the organisation's code. Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { centerChooser } from '../../server/stock/centers';
import { dialectUnderTest, openTestDb, type TestDb } from './testdb';

const TENANT = 10139;
let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await openTestDb();
  db = t.db;
  await db.query(`INSERT INTO organisation (tenant_id, org_code, org_name, org_type) VALUES ($1, 'T901', '新店', 2), ($1, 'T902', '无仓新店', 2)`, [TENANT]);
  await db.query(`INSERT INTO logistics_center (tenant_id, center_code, center_name, center_type, contact_status, org_code) VALUES ($1, 'TW901', '新店仓', '1', 0, 'T901')`, [TENANT]);
});

afterAll(async () => {
  await t?.close();
});

describe(`the centre of a movement that names none (${dialectUnderTest})`, () => {
  it('an organisation without stock: its own logistics centre, else its own code; a centre the document names comes first', async () => {
    const centerOf = await centerChooser(db, TENANT, ['T901', 'T902']);
    expect(centerOf('T901', 'ANY')).toBe('TW901');
    expect(centerOf('T901', 'ANY', 'DC-NAMED')).toBe('DC-NAMED');
    expect(centerOf('T902', 'ANY')).toBe('T902');
  });

  it('an organisation with stock: where it keeps the goods, else where it keeps most goods', async () => {
    const [held] = await db.query<{ org_code: string; center_code: string; sku_no: string }>(
      'SELECT org_code, center_code, sku_no FROM stock WHERE tenant_id = $1 ORDER BY org_code, sku_no LIMIT 1',
      [TENANT],
    );
    const [usual] = await db.query<{ center_code: string }>(
      'SELECT center_code FROM stock WHERE tenant_id = $1 AND org_code = $2 GROUP BY center_code ORDER BY COUNT(*) DESC, center_code LIMIT 1',
      [TENANT, held.org_code],
    );
    const centerOf = await centerChooser(db, TENANT, [held.org_code]);
    expect(centerOf(held.org_code, held.sku_no, 'DC-NAMED')).toBe(held.center_code);
    expect(centerOf(held.org_code, 'NO-SUCH-GOODS')).toBe(usual.center_code);
  });
});

/**
 * A retailer's history (`npm run load -- --history`): facts of a day before the open period load like
 * any other, checked the same way, and post back-dated — the ledger on their day, the position now,
 * the daily snapshots from their day on. Without `history` the same files are refused by the 3M rule;
 * a day after today is refused either way. A caller that rebuilds the derived tables itself
 * (`derived: 'later'`) leaves the snapshots alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/dates/calendar';
import { threeMonthCutoff } from '../../engine/dates';
import { today as businessToday } from '../../server/clock';
import type { Db } from '../../server/db/types';
import { dataContract } from '../../server/ingest/contract-fs';
import { loadFolder, type LoadOptions } from '../../server/ingest/load';
import { fileLoads } from './load-helpers';
import { dialectUnderTest, openTestDb, type TestDb } from './testdb';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const today = businessToday();
const old = addDays(threeMonthCutoff(today), -20);
const files = fileLoads();
const contract = dataContract();

let t: TestDb;
let db: Db;
let store: { org_code: string; store_no: string };
let sku: string;

const num = async (sql: string, params: unknown[] = []) => Number(Object.values((await db.query<Record<string, unknown>>(sql, params))[0])[0] ?? 0);

/** One sale of 2 of the goods on `day`, as files in a folder of their own. */
function saleFolder(no: string, day: string): string {
  const folder = files.dir();
  const write = (name: string, lines: string[]) => writeFileSync(join(folder, name), `${lines.join('\n')}\n`);
  write('sales_order.csv', [
    'order_no,org_code,store_no,order_source,order_kind,is_return,origin_order_no,order_time,business_date,total_amount,discount_amount,pay_amount,is_mixed_payment,order_status',
    `${no},${store.org_code},${store.store_no},1,1,0,,${day} 10:00:00,${day},20.0000,0,20.0000,0,4`,
  ]);
  write('sales_order_item.csv', ['order_no,line_no,sku_no,qty,selling_price,sale_amount,discount_amount,output_tax_rate', `${no},1,${sku},2,10,20.0000,0,0.13`]);
  return folder;
}

const load = (folder: string, more: Partial<LoadOptions> = {}) => loadFolder({ target: db, contract, tenantId: 10139, folder, source: { kind: 'file' }, ...more });
const snapshot = (day: string) =>
  num('SELECT COALESCE(SUM(qty), 0) FROM stock_daily_snapshot WHERE tenant_id = 10139 AND org_code = $1 AND sku_no = $2 AND biz_date = CAST($3 AS DATE)', [store.org_code, sku, day]);
const position = () => num('SELECT COALESCE(SUM(stock_num), 0) FROM stock WHERE tenant_id = 10139 AND org_code = $1 AND sku_no = $2', [store.org_code, sku]);

beforeAll(async () => {
  t = await openTestDb();
  db = t.db;
  [store] = await db.query<{ org_code: string; store_no: string }>('SELECT org_code, store_no FROM store WHERE tenant_id = 10139 ORDER BY store_no LIMIT 1');
  [{ sku_no: sku }] = await db.query<{ sku_no: string }>(
    'SELECT sku_no FROM stock WHERE tenant_id = 10139 AND org_code = $1 AND stock_num > 10 ORDER BY sku_no LIMIT 1',
    [store.org_code],
  );
}, 600_000);

afterAll(async () => {
  files.cleanup();
  await t?.close();
});

describe(`a history load (${dialectUnderTest})`, () => {
  it('a day before the open period is refused by the 3M rule, and loads as history: ledger on its day, position now, snapshots from its day on', async () => {
    const refused = await load(saleFolder('HXA1', old));
    expect(refused.status).toBe('refused');
    expect(refused.rejectList[0]).toMatchObject({ table: 'sales_order', column: 'business_date' });
    expect(await num("SELECT COUNT(*) FROM sales_order WHERE tenant_id = 10139 AND order_no = 'HXA1'")).toBe(0);

    const [was, wasOld, wasToday] = [await position(), await snapshot(old), await snapshot(today)];
    const done = await load(saleFolder('HXA1', old), { history: true });
    expect(done, JSON.stringify(done.rejectList)).toMatchObject({ ok: true, status: 'done' });
    expect(await db.query("SELECT CAST(biz_date AS VARCHAR) AS d, qty FROM stock_ledger WHERE tenant_id = 10139 AND doc_no = 'HXA1'")).toEqual([{ d: old, qty: -2 }]);
    expect(await position()).toBeCloseTo(was - 2, 3);
    expect(await snapshot(old)).toBeCloseTo(wasOld - 2, 3);
    expect(await snapshot(today)).toBeCloseTo(wasToday - 2, 3);
    expect(await num("SELECT COUNT(*) FROM sales_order_item WHERE tenant_id = 10139 AND order_no = 'HXA1' AND cost_amount IS NOT NULL")).toBe(1);
  });

  it('a day after today is refused even as history', async () => {
    const after = await load(saleFolder('HXA2', addDays(today, 1)), { history: true });
    expect(after.status).toBe('refused');
    expect(after.rejectList[0]).toMatchObject({ table: 'sales_order', column: 'business_date' });
  });

  it("derived: 'later' posts the ledger and the position and leaves the snapshots to the caller's rebuild", async () => {
    const [was, wasOld] = [await position(), await snapshot(old)];
    const done = await load(saleFolder('HXA3', old), { history: true, derived: 'later' });
    expect(done).toMatchObject({ ok: true, status: 'done' });
    expect(await position()).toBeCloseTo(was - 2, 3);
    expect(await snapshot(old)).toBeCloseTo(wasOld, 3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex, verifyPassword } from '../../server/auth/password';
import { addDays } from '../../engine/dates/calendar';
import { threeMonthCutoff } from '../../engine/dates';
import { candidatesSql, DOCUMENT_PARTIES } from '../../server/db/seed/document-parties';
import { seedTodayInvoices } from '../../server/db/seed/extra-ops';
import { Writer } from '../../server/db/seed/sink';
import { validCatalogueFromDir } from '../../server/report/catalogue-fs';
import { fillEmptySummaries } from '../../server/report/summary-refresh';
import type { Db } from '../../server/db/types';
import { openTestDb, type TestDb } from './testdb';

/** Invariants of the seeded demo data that the reports rely on (docs/seed.md). */

/** Tables the app writes at run time; the seed leaves them empty. */
const APP_WRITTEN = new Set([
  'schema_migrations', 'account_session', 'login_attempt', 'complaint', 'complaint_image',
  'upload_file', 'import_log', 'custom_column_config', 'menu', 'document_attachment',
  'job_lease', 'studio_report', 'studio_report_version', 'idempotency_key', 'tenant_shard', 'tenant_departed', 'day_close_log',
  // written when head office creates an ingest key and when data is loaded or pushed
  'ingest_key', 'ingest_log',
]);

let t: TestDb;
let db: Db;
let today: string;

const one = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params))[0];
const num = async (sql: string, params: unknown[] = []) => Number(Object.values((await one(sql, params))!)[0] ?? 0);

beforeAll(async () => {
  t = await openTestDb();
  db = t.db;
  today = String((await one<{ d: string }>('SELECT MAX(business_date) AS d FROM sales_order'))!.d);
});
afterAll(async () => {
  await t?.close();
});

describe('seeded demo data', () => {
  it('fills every table of the model for tenant 10139 (the special tenant\'s _his_x archive: 30001), and the global menu', async () => {
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    const empty: string[] = [];
    for (const { table_name } of tables) {
      if (APP_WRITTEN.has(table_name) || table_name.endsWith('_his_x')) continue;
      const hasTenant = await num(
        `SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = 'tenant_id'`,
        [table_name],
      );
      const n = hasTenant ? await num(`SELECT COUNT(*) FROM ${table_name} WHERE tenant_id = 10139`) : await num(`SELECT COUNT(*) FROM ${table_name}`);
      if (n === 0) empty.push(table_name);
    }
    expect(empty).toEqual([]);
    expect(await num('SELECT COUNT(*) FROM menu')).toBeGreaterThan(50);
    expect(await num('SELECT COUNT(*) FROM sales_order_item_all WHERE tenant_id = 10139')).toBeGreaterThan(250_000);
  });

  it('rule 163: closing − opening = Σ ledger qty, and Σ amount + Σ cost difference, per org × warehouse × sku', async () => {
    const from = addDays(today, -120);
    const to = addDays(today, -1);
    const sql = `
      WITH r AS (SELECT tenant_id, org_code, center_code, sku_no, SUM(qty) AS q, SUM(amount) AS a, SUM(cost_diff_amount) AS cd
                   FROM stock_ledger WHERE biz_date BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE)
                  GROUP BY tenant_id, org_code, center_code, sku_no),
           o AS (SELECT * FROM stock_daily_snapshot WHERE biz_date = CAST($3 AS DATE)),
           c AS (SELECT * FROM stock_daily_snapshot WHERE biz_date = CAST($2 AS DATE)),
           k AS (SELECT tenant_id, org_code, center_code, sku_no FROM r UNION SELECT tenant_id, org_code, center_code, sku_no FROM o
                 UNION SELECT tenant_id, org_code, center_code, sku_no FROM c)
      SELECT COUNT(*) AS n,
             SUM(CASE WHEN ABS(COALESCE(c.qty, 0) - COALESCE(o.qty, 0) - COALESCE(r.q, 0)) > 0.0005 THEN 1 ELSE 0 END) AS bad_qty,
             SUM(CASE WHEN ABS(COALESCE(c.amount, 0) - COALESCE(o.amount, 0) - COALESCE(r.a, 0) - COALESCE(r.cd, 0)) > 0.00005 THEN 1 ELSE 0 END) AS bad_amount
        FROM k
        LEFT JOIN r ON r.tenant_id = k.tenant_id AND r.org_code = k.org_code AND r.center_code = k.center_code AND r.sku_no = k.sku_no
        LEFT JOIN o ON o.tenant_id = k.tenant_id AND o.org_code = k.org_code AND o.center_code = k.center_code AND o.sku_no = k.sku_no
        LEFT JOIN c ON c.tenant_id = k.tenant_id AND c.org_code = k.org_code AND c.center_code = k.center_code AND c.sku_no = k.sku_no`;
    const res = (await one<{ n: number; bad_qty: number; bad_amount: number }>(sql, [from, to, addDays(from, -1)]))!;
    expect(Number(res.n)).toBeGreaterThan(1000);
    expect(Number(res.bad_qty)).toBe(0);
    expect(Number(res.bad_amount)).toBe(0);
  });

  it('lot snapshots close the same identity per lot, amounts with their cost difference (report 171, rule C22)', async () => {
    const from = addDays(today, -60);
    const to = addDays(today, -1);
    const sql = `
      WITH r AS (SELECT tenant_id, org_code, center_code, lot_no, SUM(qty) AS q, SUM(amount + cost_diff_amount) AS a FROM stock_ledger
                  WHERE lot_no IS NOT NULL AND biz_date BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE) GROUP BY tenant_id, org_code, center_code, lot_no),
           o AS (SELECT * FROM lot_stock_daily_snapshot WHERE biz_date = CAST($3 AS DATE)),
           c AS (SELECT * FROM lot_stock_daily_snapshot WHERE biz_date = CAST($2 AS DATE)),
           k AS (SELECT tenant_id, org_code, center_code, lot_no FROM r UNION SELECT tenant_id, org_code, center_code, lot_no FROM o
                 UNION SELECT tenant_id, org_code, center_code, lot_no FROM c)
      SELECT COUNT(*) AS n,
             SUM(CASE WHEN ABS(COALESCE(c.qty, 0) - COALESCE(o.qty, 0) - COALESCE(r.q, 0)) > 0.0005
                        OR ABS(COALESCE(c.amount, 0) - COALESCE(o.amount, 0) - COALESCE(r.a, 0)) > 0.00005 THEN 1 ELSE 0 END) AS bad
        FROM k
        LEFT JOIN r ON r.tenant_id = k.tenant_id AND r.org_code = k.org_code AND r.center_code = k.center_code AND r.lot_no = k.lot_no
        LEFT JOIN o ON o.tenant_id = k.tenant_id AND o.org_code = k.org_code AND o.center_code = k.center_code AND o.lot_no = k.lot_no
        LEFT JOIN c ON c.tenant_id = k.tenant_id AND c.org_code = k.org_code AND c.center_code = k.center_code AND c.lot_no = k.lot_no`;
    const res = (await one<{ n: number; bad: number }>(sql, [from, to, addDays(from, -1)]))!;
    expect(Number(res.n)).toBeGreaterThan(100);
    expect(Number(res.bad)).toBe(0);
  });

  it('has every document type 1–15 in the ledger, and cost differences only where stock_before < 0', async () => {
    const types = await db.query<{ doc_type: number }>('SELECT DISTINCT doc_type FROM stock_ledger WHERE tenant_id = 10139 ORDER BY doc_type');
    expect(types.map((r) => Number(r.doc_type))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(await num('SELECT COUNT(*) FROM stock_ledger WHERE cost_diff_amount <> 0 AND stock_before >= 0')).toBe(0);
    expect(await num('SELECT COUNT(*) FROM stock_ledger WHERE cost_diff_amount <> 0')).toBeGreaterThan(0);
    expect(await num('SELECT COUNT(*) FROM stock s WHERE s.stock_num <> COALESCE((SELECT d.qty FROM stock_daily_snapshot d WHERE d.tenant_id = s.tenant_id AND d.biz_date = CAST($1 AS DATE) AND d.org_code = s.org_code AND d.center_code = s.center_code AND d.sku_no = s.sku_no), 0)', [today])).toBe(0);
  });

  it('rule 170: has mixed-payment orders, each paid by two pay types (report 165 excludes them)', async () => {
    expect(await num('SELECT COUNT(*) FROM sales_order WHERE tenant_id = 10139 AND is_mixed_payment = 1')).toBeGreaterThan(0);
    const wrong = await num(`
      SELECT COUNT(*) FROM sales_order_all o
       WHERE o.is_mixed_payment = 1
         AND (SELECT COUNT(DISTINCT p.pay_type) FROM sales_payment_all p WHERE p.tenant_id = o.tenant_id AND p.order_no = o.order_no) < 2`);
    expect(wrong).toBe(0);
  });

  it('order amounts agree with their lines and payments; returns are negative', async () => {
    expect(await num(`
      SELECT COUNT(*) FROM (SELECT o.order_no, MAX(o.pay_amount) AS pay, SUM(i.sale_amount) AS s
                              FROM sales_order o JOIN sales_order_item i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
                             GROUP BY o.order_no) x WHERE ABS(pay - s) > 0.001`)).toBe(0);
    expect(await num('SELECT COUNT(*) FROM sales_order_all WHERE is_return = 1 AND (pay_amount > 0 OR origin_order_no IS NULL)')).toBe(0);
    expect(await num('SELECT COUNT(*) FROM sales_order_all WHERE tenant_id = 10139 AND is_return = 1')).toBeGreaterThan(0);
  });

  it('every sales line carries its order\'s business date, live and archived (the sales dataset filters both)', async () => {
    for (const [items, orders] of [
      ['sales_order_item', 'sales_order'],
      ['sales_order_item_his', 'sales_order_his'],
      ['sales_order_item_his_x', 'sales_order_his_x'],
    ]) {
      expect(await num(`SELECT COUNT(*) FROM ${items}`), items).toBeGreaterThan(0);
      const off = await num(
        `SELECT COUNT(*) FROM ${items} i LEFT JOIN ${orders} o ON o.tenant_id = i.tenant_id AND o.order_no = i.order_no
          WHERE i.business_date IS NULL OR o.business_date IS NULL OR i.business_date <> o.business_date`,
      );
      expect(off, items).toBe(0);
    }
  });

  it('has virtual orders of every type and online-mall orders being prepared today (reports 90, 111)', async () => {
    const types = await db.query<{ v: number }>('SELECT DISTINCT virtual_type AS v FROM sales_order_all WHERE tenant_id = 10139 AND order_kind = 2 ORDER BY 1');
    expect(types.map((r) => Number(r.v))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await num(`SELECT COUNT(*) FROM sales_order WHERE tenant_id = 10139 AND order_source = 2 AND prep_status = 2 AND business_date = CAST($1 AS DATE)`, [today])).toBeGreaterThan(0);
  });

  it('keeps a store without any sales (report 166)', async () => {
    const idle = await db.query<{ org_code: string }>(`
      SELECT g.org_code FROM organisation g
       WHERE g.tenant_id = 10139 AND g.org_type = 2
         AND NOT EXISTS (SELECT 1 FROM sales_order_all s WHERE s.tenant_id = g.tenant_id AND s.org_code = g.org_code)`);
    expect(idle.length).toBeGreaterThanOrEqual(1);
  });

  it('rule 111: splits live and archive at today − 3 months', async () => {
    const cutoff = threeMonthCutoff(today);
    const pairs: [string, string][] = [
      ['sales_order', 'business_date'],
      ['purchase_receipt', 'CAST(receive_time AS DATE)'],
      ['purchase_return', 'CAST(return_time AS DATE)'],
    ];
    for (const [table, col] of pairs) {
      expect(await num(`SELECT COUNT(*) FROM ${table} WHERE ${col} < CAST($1 AS DATE)`, [cutoff])).toBe(0);
      expect(await num(`SELECT COUNT(*) FROM ${table}_his WHERE ${col} >= CAST($1 AS DATE)`, [cutoff])).toBe(0);
      expect(await num(`SELECT COUNT(*) FROM ${table}_his`)).toBeGreaterThan(0);
    }
    expect(await num('SELECT COUNT(*) FROM sales_order_item i WHERE NOT EXISTS (SELECT 1 FROM sales_order o WHERE o.tenant_id = i.tenant_id AND o.order_no = i.order_no)')).toBe(0);
    expect(await num('SELECT COUNT(*) FROM sales_payment_his p WHERE NOT EXISTS (SELECT 1 FROM sales_order_his o WHERE o.tenant_id = p.tenant_id AND o.order_no = p.order_no)')).toBe(0);
    // the special tenant's archive is also in the _his_x layout, with the store's finance_no (report 172)
    expect(await num('SELECT COUNT(*) FROM sales_order_his_x WHERE tenant_id = 30001 AND finance_no IS NOT NULL')).toBe(
      await num('SELECT COUNT(*) FROM sales_order_his WHERE tenant_id = 30001'),
    );
    expect(await num('SELECT COUNT(*) FROM sales_order_his_x WHERE tenant_id <> 30001')).toBe(0);
  });

  it('rule 167: the T+1 payment copy has no row for today and matches the payments of a past day (reports 76/78)', async () => {
    expect(await num('SELECT COUNT(*) FROM sales_payment_daily WHERE business_date >= CAST($1 AS DATE)', [today])).toBe(0);
    const day = addDays(today, -2);
    const daily = await num('SELECT SUM(receipt_amount - refund_amount) FROM sales_payment_daily WHERE tenant_id = 10139 AND business_date = CAST($1 AS DATE)', [day]);
    const paid = await num(
      `SELECT SUM(p.pay_amount) FROM sales_payment p JOIN sales_order o ON o.tenant_id = p.tenant_id AND o.order_no = p.order_no
        WHERE o.tenant_id = 10139 AND o.business_date = CAST($1 AS DATE)`,
      [day],
    );
    expect(daily).toBeCloseTo(paid, 2);
  });

  it('has the README\'s demo accounts with working passwords; newhire has both password flags (rule 56)', async () => {
    const accounts = await db.query<Record<string, unknown>>(
      `SELECT t.merchant_no, a.username, a.client_type, a.org_code, a.store_no, a.supplier_no, a.password_hash,
              a.is_edit_password, a.is_open_edit_password, a.permission, a.account_id, a.tenant_id
         FROM account a JOIN tenant t ON t.tenant_id = a.tenant_id WHERE a.status = 1`,
    );
    const find = (m: string, u: string) => accounts.find((a) => a.merchant_no === m && a.username === u)!;
    for (const [m, u, client] of [['10139', 'admin', 'HMT'], ['10139', 'store01', 'HMD'], ['10139', 'supplier01', 'HMS'], ['10139', 'newhire', 'HMT'], ['10139', 'analyst', 'HMT'], ['266', 'admin', 'HMT'], ['30001', 'admin', 'HMT']]) {
      expect(find(m, u)?.client_type).toBe(client);
    }
    expect(await verifyPassword(md5Hex('Demo@2026'), String(find('10139', 'admin').password_hash))).toBe(true);
    expect(await verifyPassword(md5Hex('Hm@123456'), String(find('10139', 'newhire').password_hash))).toBe(true);
    expect([find('10139', 'newhire').is_edit_password, find('10139', 'newhire').is_open_edit_password].map(Number)).toEqual([1, 1]);
    expect(find('10139', 'store01').store_no).toBe('S001');
    expect(find('10139', 'supplier01').supplier_no).toBe('V001');
    const admin = String(find('10139', 'admin').permission).split(',');
    expect(admin).toEqual(expect.arrayContaining(['70', '33', '128', 'dashboard', 'user', 'j-system-leadingin']));
    expect(admin).not.toContain('172');
    expect(String(find('30001', 'admin').permission).split(',')).toContain('172');
    const analyst = String(find('10139', 'analyst').permission).split(',');
    expect(analyst).toContain('dashboard');
    expect(analyst.length).toBeLessThan(admin.length / 3);
    const relations = await db.query<{ store_no: string }>(
      `SELECT s.store_no FROM account_org_relation r JOIN store s ON s.tenant_id = r.tenant_id AND s.org_code = r.org_code
        WHERE r.tenant_id = 10139 AND r.account_id = $1 ORDER BY s.store_no`,
      [find('10139', 'store01').account_id],
    );
    expect(relations.map((r) => r.store_no)).toEqual(['S001', 'S002']);
    expect(await num('SELECT COUNT(*) FROM account WHERE tenant_id = 10139 AND is_driver = 1')).toBeGreaterThan(0);
    expect(await num('SELECT COUNT(*) FROM data_screen WHERE tenant_id = 30001 AND is_rotating = 1')).toBe(1);
    expect(await num('SELECT COUNT(*) FROM data_screen WHERE tenant_id <> 30001 AND is_rotating = 1')).toBe(0);
    expect(await num('SELECT COUNT(*) FROM message WHERE tenant_id = 10139 AND is_read = 0')).toBeGreaterThan(0);
  });

  it('keeps tenant 266 apart from 10139: own names, own documents, every line with its own tenant header', async () => {
    expect(await num('SELECT COUNT(*) FROM sales_order_all WHERE tenant_id = 266')).toBeGreaterThan(1000);
    expect(await num(`SELECT COUNT(*) FROM sales_order_all a JOIN sales_order_all b ON a.order_no = b.order_no AND a.tenant_id = 10139 AND b.tenant_id = 266`)).toBe(0);
    expect(await num(`SELECT COUNT(*) FROM store a JOIN store b ON a.store_name = b.store_name AND a.tenant_id = 10139 AND b.tenant_id = 266`)).toBe(0);
    expect(await num(`SELECT COUNT(*) FROM sku a JOIN sku b ON a.sku_no = b.sku_no AND a.tenant_id = 10139 AND b.tenant_id = 266`)).toBe(0);
    expect(await num(`SELECT COUNT(*) FROM member a JOIN member b ON a.member_no = b.member_no AND a.tenant_id = 10139 AND b.tenant_id = 266`)).toBe(0);
    expect(await num(`
      SELECT COUNT(*) FROM sales_order_item_all i
       WHERE i.tenant_id = 266 AND NOT EXISTS (SELECT 1 FROM sales_order_all o WHERE o.tenant_id = 266 AND o.order_no = i.order_no)`)).toBe(0);
    expect(await num(`SELECT COUNT(*) FROM stock_ledger l WHERE l.tenant_id = 266 AND NOT EXISTS (SELECT 1 FROM sku s WHERE s.tenant_id = 266 AND s.sku_no = l.sku_no)`)).toBe(0);
  });

  it('fills the documents\' optional parties on two documents in three, each with a value its picker offers', async () => {
    for (const p of DOCUMENT_PARTIES) {
      const total = await num(`SELECT COUNT(*) FROM ${p.table} WHERE tenant_id = 10139`);
      const filled = await num(`SELECT COUNT(*) FROM ${p.table} WHERE tenant_id = 10139 AND ${p.column} IS NOT NULL`);
      const offered = await num(
        `SELECT COUNT(*) FROM ${p.table} WHERE tenant_id = 10139 AND ${p.column} IN (${candidatesSql(p)})`, [10139]);
      expect([p.table, p.column, filled > 0, filled < total]).toEqual([p.table, p.column, true, true]);
      expect([p.table, p.column, offered]).toEqual([p.table, p.column, filled]);
    }
  });

  // last: it writes a day after the seeded today
  it('report 193: the supplier client has its invoice today even when the day already invoiced another party', async () => {
    const day = addDays(today, 1);
    const cols = 'tenant_id, party_type, party_no, invoice_type, amount_ex_tax, tax_amount, tax_rate, settlement_no, status, created_at, updated_at';
    await db.query(
      `INSERT INTO invoice (invoice_no, invoice_date, ${cols})
       SELECT 'FPTEST1', CAST($1 AS DATE), ${cols} FROM invoice WHERE tenant_id = 10139 AND party_type = 3 ORDER BY invoice_no LIMIT 1`,
      [day],
    );
    const supplier = String(
      (await one<{ s: string }>(`SELECT MIN(supplier_no) AS s FROM account WHERE tenant_id = 10139 AND client_type = 'HMS'`))!.s,
    );
    const ofDay = (partyType: number, partyNo?: string) =>
      num(
        `SELECT COUNT(*) FROM invoice WHERE tenant_id = 10139 AND invoice_date = CAST($1 AS DATE) AND party_type = $2
            ${partyNo ? 'AND party_no = $3' : ''}`,
        partyNo ? [day, partyType, partyNo] : [day, partyType],
      );
    expect(await ofDay(3)).toBe(1);
    expect(await ofDay(4, supplier)).toBe(0);
    await seedTodayInvoices(db, await Writer.open(db), 10139, day);
    expect(await ofDay(4, supplier)).toBe(1);
  });

  it('a report summary left empty beside its facts (created by a migration on a database with sales) is filled at start', async () => {
    const catalogue = validCatalogueFromDir();
    const seeded = await num('SELECT COUNT(*) FROM sales_org_day');
    expect(seeded).toBeGreaterThan(0);
    expect(await fillEmptySummaries(db, catalogue)).toEqual([]);
    await db.exec('DELETE FROM sales_org_day');
    expect(await fillEmptySummaries(db, catalogue)).toEqual([{ table: 'sales_org_day', rows: seeded }]);
    expect(await num('SELECT COUNT(*) FROM sales_org_day')).toBe(seeded);
  });
});

describe('seed loads', () => {
  it('loads CSV batches with every value as pushed: quotes, commas and line breaks, empty text apart from NULL (DuckDB read_csv, PostgreSQL COPY)', async () => {
    await db.exec('CREATE TABLE zz_load (a BIGINT, b DECIMAL(18,4), q DECIMAL(18,3), d DATE, ts TIMESTAMP, s VARCHAR, k SMALLINT)');
    try {
      const w = await Writer.open(db, { flushAt: 2 });
      const rows = [
        { a: 101_390_000_000_001, b: 12.3456, q: -2, d: '2026-02-28', ts: '2026-02-28 21:30:05', s: '上海,"徐汇"店\n二楼\\', k: 1 },
        { a: 2, b: 0.1 + 0.2, q: 1.5, d: '2025-08-01', ts: '2025-08-01 08:00:00', s: '', k: 0 },
        { a: 3, b: null, d: '2025-08-02', ts: '2025-08-02 00:00:00' },
      ];
      for (const row of rows) w.push('zz_load', row);
      await w.flushAll();
      await w.close();
      expect(await db.query('SELECT * FROM zz_load ORDER BY a')).toEqual([
        { a: 2, b: 0.3, q: 1.5, d: '2025-08-01', ts: '2025-08-01 08:00:00', s: '', k: 0 },
        { a: 3, b: null, q: null, d: '2025-08-02', ts: '2025-08-02 00:00:00', s: null, k: null },
        rows[0],
      ]);
      // names go into the statement text: anything but a plain name is refused before it is sent
      await expect(db.loadCsv('zz_load; DROP TABLE zz_load', ['a'], ['bigint'], [Buffer.from('1\n')])).rejects.toThrow(/unexpected table or column name/);
      await expect(db.loadCsv('zz_load', ['a) FROM STDIN; --'], ['bigint'], [Buffer.from('1\n')])).rejects.toThrow(/unexpected table or column name/);
      expect(await db.query('SELECT COUNT(*) AS n FROM zz_load')).toEqual([{ n: 3 }]);
    } finally {
      await db.exec('DROP TABLE zz_load');
    }
  });
});

/**
 * The write side, on a database of its own side (DuckDB: a copy of the bench's file; PostgreSQL: the
 * bench's database, which gains the receipts approved here):
 *  - one 10-line receipt approval through the route, interleaved with the same writes done directly
 *    (status, approval record, ledger, positions, lots, lot stock, snapshot) in one transaction, rolled
 *    back so the bench's data stays true (which spares the direct side its commit);
 *  - 8 stores of one tenant approving at once, postings locking what they touch against the whole
 *    tenant exclusively (the way postings locked before), rounds alternating;
 *  - two tenants approving at once against the same approvals one after another;
 *  - a day of sales for up to 60 stores posted in bulk (rolled back) against inserting the same
 *    ledger rows directly.
 * Prints figures and ratios; asserts nothing.
 *
 * On its own: `npx tsx scripts/bench/writes.ts --data-dir DIR [--pg-url URL] [--runs N] [--only one,stores,tenants,bulk]`
 * (DIR a seeded DuckDB folder, `npx tsx scripts/seed.ts --scale demo --data-dir DIR`); it also
 * counts the statements of an approval's transaction.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { md5Hex } from '../../server/auth/password';
import { today as businessToday } from '../../server/clock';
import { openDuckDb } from '../../server/db/duckdb';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import type { Db } from '../../server/db/types';
import { postMovements, postingLocks, type Movement } from '../../server/stock/posting';
import { interleaved, msSpread, ratioLine, spread } from './ab';

const SECTIONS = ['one', 'stores', 'tenants', 'bulk'] as const;

interface Tenant {
  id: number;
  headers: Record<string, string>;
  supplier: string;
  stores: string[];
  skus: string[];
}

const LINES = 10;
const STORES_AT_ONCE = 8;
const PER_STREAM = 5;

class Rollback extends Error {}

async function rolledBack(db: Db, fn: (tx: Db) => Promise<unknown>): Promise<void> {
  await db
    .transaction(async (tx) => {
      await fn(tx);
      throw new Rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e;
    });
}

async function tenantOf(app: FastifyInstance, db: Db, id: number): Promise<Tenant> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { merchant_no: String(id), username: 'admin', password: md5Hex('Demo@2026'), client: 'HMT' } });
  const headers = { authorization: `Bearer ${login.json().data.token}` };
  const [{ supplier_no: supplier }] = await db.query<{ supplier_no: string }>(
    'SELECT supplier_no FROM sku WHERE tenant_id = $1 AND supplier_no IS NOT NULL GROUP BY supplier_no HAVING COUNT(*) >= $2 ORDER BY supplier_no LIMIT 1',
    [id, LINES],
  );
  const skus = (await db.query<{ sku_no: string }>('SELECT sku_no FROM sku WHERE tenant_id = $1 AND supplier_no = $2 ORDER BY sku_no LIMIT $3', [id, supplier, LINES])).map((r) => r.sku_no);
  const stores = (await db.query<{ org_code: string }>('SELECT org_code FROM store WHERE tenant_id = $1 ORDER BY org_code LIMIT $2', [id, STORES_AT_ONCE])).map((r) => r.org_code);
  return { id, headers, supplier, stores, skus };
}

/** Submitted 10-line receipts, ready to approve. */
async function receipts(app: FastifyInstance, t: Tenant, org: string, count: number, today: string): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const lines = t.skus.map((sku_no, j) => ({ sku_no, qty: 1 + ((i + j) % 5), price: 3 + j / 4, input_tax_rate: 0.13 }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents/purchase-receipt',
      headers: t.headers,
      payload: { header: { receive_type: '1', supplier_no: t.supplier, org_code: org, receive_time: `${today} 08:00:00` }, lines },
    });
    if (res.statusCode !== 200) throw new Error(`receipt refused: ${res.body.slice(0, 300)}`);
    const no = res.json().data.no as string;
    await app.inject({ method: 'POST', url: `/api/documents/purchase-receipt/${no}/submit`, headers: t.headers });
    out.push(no);
  }
  return out;
}

async function approve(app: FastifyInstance, t: Tenant, no: string): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/api/documents/purchase-receipt/${no}/audit`, headers: t.headers, payload: { status: '1', remark: 'bench' } });
  if (res.statusCode !== 200) throw new Error(`approval refused: ${res.body.slice(0, 300)}`);
}

/** What an approval writes, written directly: the floor a posting is measured against. */
async function directApproval(db: Db, t: Tenant, no: string, org: string, today: string, round: number): Promise<void> {
  const at = `CAST('${today} 08:00:00' AS TIMESTAMP)`;
  await rolledBack(db, async (tx) => {
    await tx.query('UPDATE purchase_receipt SET status = 2 WHERE tenant_id = $1 AND receive_no = $2', [t.id, no]);
    await tx.query(
      `INSERT INTO approval_record (tenant_id, business_type, business_no, approver_account_id, approver_name, result, remark, created_at)
       VALUES ($1, 'purchase-receipt', $2, 0, 'bench', '1', NULL, ${at})`,
      [t.id, no],
    );
    const [{ m }] = await tx.query<{ m: number }>('SELECT MAX(ledger_id) AS m FROM stock_ledger WHERE tenant_id = $1', [t.id]);
    const lots = t.skus.map((_, j) => `BD${round}-${no}-${j}`);
    const values = (width: number) => t.skus.map((_, j) => `(${Array.from({ length: width }, (_, k) => `$${j * width + k + 2}`).join(', ')})`).join(', ');
    await tx.query(
      `INSERT INTO stock_ledger (tenant_id, ledger_id, org_code, center_code, sku_no, lot_no, doc_type, doc_no, doc_item_id, qty, cost_price, amount, stock_before, cost_diff_amount, biz_time, biz_date)
       SELECT $1, CAST(v.id AS BIGINT), v.org, '1', v.sku, v.lot, 1, v.no, CAST(v.item AS BIGINT), 1, 3, 3, 0, 0, ${at}, CAST('${today}' AS DATE) FROM (VALUES ${values(6)}) AS v(id, org, sku, lot, no, item)`,
      [t.id, ...t.skus.flatMap((sku, j) => [String(Number(m) + j + 1), org, sku, lots[j], no, String(j + 1)])],
    );
    await tx.query(
      `UPDATE stock SET stock_num = stock_num + 1, usable_num = usable_num + 1, stock_amount = stock_amount + 3 WHERE tenant_id = $1 AND org_code = $2 AND sku_no IN (${t.skus.map((_, j) => `$${j + 3}`).join(', ')})`,
      [t.id, org, ...t.skus],
    );
    await tx.query(
      `INSERT INTO lot (tenant_id, lot_no, sku_no, org_code, center_code, lot_price, receive_no, receive_time)
       SELECT $1, v.lot, v.sku, v.org, '1', 3, v.no, ${at} FROM (VALUES ${values(4)}) AS v(lot, sku, org, no)`,
      [t.id, ...t.skus.flatMap((sku, j) => [lots[j], sku, org, no])],
    );
    await tx.query(
      `INSERT INTO lot_stock (tenant_id, lot_no, org_code, center_code, sku_no, stock_num, last_modify)
       SELECT $1, v.lot, v.org, '1', v.sku, 1, ${at} FROM (VALUES ${values(3)}) AS v(lot, org, sku)`,
      [t.id, ...t.skus.flatMap((sku, j) => [lots[j], org, sku])],
    );
    await tx.query(
      `UPDATE stock_daily_snapshot SET qty = qty + 1, amount = amount + 3 WHERE tenant_id = $1 AND org_code = $2 AND biz_date = CAST($3 AS DATE) AND sku_no IN (${t.skus.map((_, j) => `$${j + 4}`).join(', ')})`,
      [t.id, org, today, ...t.skus],
    );
    await tx.query(`UPDATE purchase_receipt_item SET lot_no = receive_no WHERE tenant_id = $1 AND receive_no = $2`, [t.id, no]);
  });
}

const perSecond = (count: number, ms: number) => (count / (ms / 1000)).toFixed(1);

export async function benchWrites(opts: {
  name: string;
  db: Db;
  app: FastifyInstance;
  rounds: number;
  log: (line: string) => void;
  only?: ReadonlySet<string>;
  /** statements run inside transactions so far, when the app's database counts them */
  statements?: () => number;
}): Promise<void> {
  const { db, app, log } = opts;
  const only = opts.only ?? new Set(SECTIONS);
  const today = businessToday();
  const main = await tenantOf(app, db, 10139);
  const other = await tenantOf(app, db, 266);
  log(`\n${opts.name}: writes (${LINES}-line purchase receipts approved through the route; ${opts.rounds} rounds, order rotating)`);

  const store = main.stores[0];
  if (only.has('one')) {
    // one approval beside the same writes done directly
    const viaRoute = await receipts(app, main, store, opts.rounds + 1, today);
    const direct = await receipts(app, main, store, opts.rounds + 1, today);
    let r = 0;
    let d = 0;
    const counted: number[] = [];
    const route = async () => {
      const before = opts.statements?.();
      await approve(app, main, viaRoute[r++]);
      if (before !== undefined) counted.push(opts.statements!() - before);
    };
    const one = await interleaved({ route, direct: () => directApproval(db, main, direct[d], store, today, d++) }, opts.rounds);
    const statements = counted.length ? ` | ${spread(counted).median} statements in its transaction` : '';
    log(`  one approval: route ${msSpread(one.route)} | same writes directly ${msSpread(one.direct)} | route / direct ${ratioLine(one.route, one.direct)}${statements} | target ≤ 50 ms: ${spread(one.route).median <= 50 ? 'met' : 'NOT met'}`);
  }
  if (only.has('stores')) await storesAtOnce(app, main, today, opts.rounds, log);
  if (only.has('tenants')) await tenantsAtOnce(app, main, other, store, today, log);
  if (only.has('bulk')) await bulk(db, main, today, opts.rounds, log);
}

/** 8 stores at once, locking what postings touch against the whole tenant */
async function storesAtOnce(app: FastifyInstance, main: Tenant, today: string, rounds: number, log: (line: string) => void): Promise<void> {
  const scopes = ['touched', 'tenant'] as const;
  const rate: Record<(typeof scopes)[number], number[]> = { touched: [], tenant: [] };
  const rounds8 = Math.max(2, Math.ceil(rounds / 5));
  for (let round = 0; round < rounds8; round++) {
    for (const scope of round % 2 ? [...scopes].reverse() : scopes) {
      const docs = await Promise.all(main.stores.map(async (org) => receipts(app, main, org, PER_STREAM, today)));
      postingLocks.scope = scope;
      const t = performance.now();
      await Promise.all(docs.map(async (list) => {
        for (const no of list) await approve(app, main, no);
      }));
      rate[scope].push((docs.flat().length / (performance.now() - t)) * 1000);
      postingLocks.scope = 'touched';
    }
  }
  const [touched, tenantWide] = [spread(rate.touched).median, spread(rate.tenant).median];
  log(`  ${main.stores.length} stores at once: ${touched.toFixed(1)} approvals/s locking what they touch | ${tenantWide.toFixed(1)} /s locking the tenant | ${(touched / tenantWide).toFixed(2)}× (${rounds8} rounds each)`);
}

/** two tenants at once against the same approvals one after another */
async function tenantsAtOnce(app: FastifyInstance, main: Tenant, other: Tenant, store: string, today: string, log: (line: string) => void): Promise<void> {
  const pair = async () => [await receipts(app, main, store, PER_STREAM * 2, today), await receipts(app, other, other.stores[0], PER_STREAM * 2, today)] as const;
  const [a1, b1] = await pair();
  let t = performance.now();
  await Promise.all([(async () => { for (const no of a1) await approve(app, main, no); })(), (async () => { for (const no of b1) await approve(app, other, no); })()]);
  const together = performance.now() - t;
  const [a2, b2] = await pair();
  t = performance.now();
  for (const no of a2) await approve(app, main, no);
  for (const no of b2) await approve(app, other, no);
  const apart = performance.now() - t;
  log(`  two tenants at once: ${perSecond(a1.length + b1.length, together)} approvals/s | one after another ${perSecond(a2.length + b2.length, apart)} /s | ${(apart / together).toFixed(2)}×`);
}

/** a day of sales in bulk, rolled back, against inserting the same ledger rows directly */
async function bulk(db: Db, main: Tenant, today: string, rounds: number, log: (line: string) => void): Promise<void> {
  const [{ day }] = await db.query<{ day: string }>('SELECT CAST(MAX(business_date) AS VARCHAR) AS day FROM sales_order_item WHERE tenant_id = $1 AND business_date < CAST($2 AS DATE)', [main.id, today]);
  const lines = await db.query<{ org_code: string; sku_no: string; qty: number; order_no: string; line_no: number; t: string }>(
    `SELECT o.org_code, i.sku_no, i.qty, i.order_no, i.line_no, CAST(o.order_time AS VARCHAR) AS t
       FROM sales_order_item i JOIN sales_order o ON o.tenant_id = i.tenant_id AND o.order_no = i.order_no
      WHERE i.tenant_id = $1 AND i.business_date = CAST($2 AS DATE) AND i.sku_no IS NOT NULL
        AND o.org_code IN (SELECT org_code FROM store WHERE tenant_id = $1 ORDER BY org_code LIMIT 60)
      ORDER BY o.order_time, i.order_no, i.line_no`,
    [main.id, day],
  );
  const centers = new Map((await db.query<{ org_code: string; c: string }>('SELECT org_code, MIN(center_code) AS c FROM stock WHERE tenant_id = $1 GROUP BY org_code', [main.id])).map((x) => [x.org_code, x.c]));
  const moves: Movement[] = lines.map((l) => ({
    org: l.org_code, center: centers.get(l.org_code) ?? '1', sku: l.sku_no, date: day, time: String(l.t).slice(0, 19), qty: -Number(l.qty), docType: 5, docNo: `BB${l.order_no}`, itemId: Number(l.line_no),
  }));
  const bulk = await interleaved({
    posting: () => rolledBack(db, (tx) => postMovements(tx, main.id, today, moves)),
    insert: () => rolledBack(db, (tx) => tx.query(
      `INSERT INTO stock_ledger (tenant_id, ledger_id, org_code, center_code, sku_no, lot_no, doc_type, doc_no, doc_item_id, qty, cost_price, amount, stock_before, cost_diff_amount, biz_time, biz_date)
       SELECT i.tenant_id, 9 * 10000000000 + ROW_NUMBER() OVER (), o.org_code, '1', i.sku_no, NULL, 5, 'BB' || i.order_no, i.line_no, -i.qty, 1, -i.qty, 0, 0, o.order_time, i.business_date
         FROM sales_order_item i JOIN sales_order o ON o.tenant_id = i.tenant_id AND o.order_no = i.order_no
        WHERE i.tenant_id = $1 AND i.business_date = CAST($2 AS DATE) AND i.sku_no IS NOT NULL
          AND o.org_code IN (SELECT org_code FROM store WHERE tenant_id = $1 ORDER BY org_code LIMIT 60)`,
      [main.id, day],
    )),
  }, Math.max(3, Math.ceil(rounds / 5)));
  log(`  a day of sales in bulk, rolled back (${moves.length.toLocaleString()} lines, ${new Set(moves.map((m) => m.org)).size} stores, ${day}): posting ${msSpread(bulk.posting)} | the ledger rows inserted directly ${msSpread(bulk.insert)} | ${ratioLine(bulk.posting, bulk.insert, 2)}`);
}

/** The database with every statement inside a transaction counted. */
function counting(db: Db): { db: Db; count: () => number } {
  let n = 0;
  const inTx = (tx: Db): Db =>
    new Proxy(tx, {
      get: (t, k) => (k === 'query' || k === 'exec' ? (...a: unknown[]) => (n++, (t[k] as (...x: unknown[]) => unknown)(...a)) : t[k as keyof Db]),
    });
  const wrapped = new Proxy(db, { get: (t, k) => (k === 'transaction' ? <T>(fn: (tx: Db) => Promise<T>) => t.transaction((tx) => fn(inTx(tx))) : t[k as keyof Db]) });
  return { db: wrapped, count: () => n };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'pg-url': { type: 'string' },
      runs: { type: 'string', default: '31' },
      only: { type: 'string', default: SECTIONS.join(',') },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || (!values['data-dir'] && !values['pg-url'])) {
    console.log('npx tsx scripts/bench/writes.ts --data-dir DIR (a seeded DuckDB folder; approves on a copy) [--pg-url URL (keeps what it approves)] [--runs 31] [--only one,stores,tenants,bulk]');
    process.exit(0);
  }
  const only = new Set(values.only!.split(','));
  const run = async (name: string, db: Db, filesDir: string) => {
    await migrate(db);
    const counted = counting(db);
    const app = await buildServer({ db: counted.db, config: { staticDir: '/nonexistent', filesDir } });
    await app.ready();
    await benchWrites({ name, db, app, rounds: Number(values.runs), log: console.log, only, statements: counted.count });
    await app.close();
    await db.close();
  };
  if (values['data-dir']) {
    const dir = mkdtempSync(join(tmpdir(), 'hm-bench-writes-'));
    try {
      copyFileSync(join(values['data-dir'], 'hm.duckdb'), join(dir, 'hm.duckdb'));
      await run('DuckDB', await openDuckDb(join(dir, 'hm.duckdb')), dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (values['pg-url']) await run('PostgreSQL', await openPostgres(values['pg-url']), mkdtempSync(join(tmpdir(), 'hm-bench-writes-files-')));
}

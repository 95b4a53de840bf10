/**
 * Loaded sales do business like documents (issue "Data in", item 4): a day's sales_order,
 * sales_order_item and sales_payment files load into tenant 10139, post to stock in bulk exactly as one
 * by one, and move reports 70, 130, 165, 102 and 61 by exactly their rows — to the cent, with the
 * summaries on and off; the same files again change nothing; bad facts are refused whole; a load
 * killed in the middle leaves nothing. Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/dates/calendar';
import type { ReportRow } from '../../engine/wire';
import { buildServer } from '../../server/app';
import { today as businessToday } from '../../server/clock';
import type { Db } from '../../server/db/types';
import { dataContract } from '../../server/ingest/contract-fs';
import { loadFolder, type LoadResult } from '../../server/ingest/load';
import { cents, reportClient } from './report-helpers';
import { login, startTestServer, type TestServer } from './server';
import { coldCopy, dialectUnderTest } from './testdb';

const today = businessToday();
const yesterday = addDays(today, -1);
const contract = dataContract();
let on: TestServer;
let offApp: Awaited<ReturnType<typeof buildServer>>;
let token: string;
let store: { org_code: string; store_no: string };
let skus: { sku_no: string; supplier_no: string | null }[];
let payTypes: string[];
/** a store organisation of tenant 266 whose code tenant 10139 does not have */
let otherOrg: string;
const folders: string[] = [];

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = [], db: Db = on.testDb.db) => db.query<T>(sql, params);
const num = async (sql: string, params: unknown[] = []) => Number(Object.values((await q(sql, params))[0])[0] ?? 0);

beforeAll(async () => {
  on = await startTestServer();
  offApp = await buildServer({ db: on.testDb.db, config: { staticDir: '/nonexistent', reportSummaries: false, filesDir: mkdtempSync(join(tmpdir(), 'hm-off-')) } });
  await offApp.ready();
  token = (await login(on.app, 'admin', 'HMT')).token;
  [store] = await q<{ org_code: string; store_no: string }>('SELECT org_code, store_no FROM store WHERE tenant_id = 10139 ORDER BY store_no LIMIT 1');
  // two goods the store keeps and one it has never kept (a new stock position)
  const kept = await q<{ sku_no: string; supplier_no: string | null }>(
    `SELECT s.sku_no, k.supplier_no FROM stock s JOIN sku k ON k.tenant_id = s.tenant_id AND k.sku_no = s.sku_no
      WHERE s.tenant_id = 10139 AND s.org_code = $1 AND s.stock_num > 5 ORDER BY s.sku_no LIMIT 2`,
    [store.org_code],
  );
  const fresh = await q<{ sku_no: string; supplier_no: string | null }>(
    `SELECT sku_no, supplier_no FROM sku k WHERE tenant_id = 10139 AND NOT EXISTS (SELECT 1 FROM stock s WHERE s.tenant_id = 10139 AND s.org_code = $1 AND s.sku_no = k.sku_no)
      ORDER BY sku_no LIMIT 1`,
    [store.org_code],
  );
  skus = [...kept, ...fresh];
  otherOrg = '9266';
  await q(`INSERT INTO organisation (tenant_id, org_code, org_name, org_type) VALUES (266, $1, '他家门店', 2)`, [otherOrg]);
  payTypes = (await q<{ pay_type: string }>('SELECT pay_type FROM payment_trade_type WHERE tenant_id = 10139 ORDER BY pay_type LIMIT 2')).map((r) => r.pay_type);
}, 300_000);

afterAll(async () => {
  await offApp?.close();
  await on?.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** One day's files: two sales (one paid two ways, one of goods the store never kept) and a return. */
function dayFiles(day: string, tag: string): Record<string, string> {
  const [a, b, c] = skus;
  const no = (n: number) => `FX${tag}${n}`;
  return {
    'sales_order.csv': [
      'order_no,org_code,store_no,order_source,order_kind,is_return,origin_order_no,order_time,business_date,total_amount,discount_amount,pay_amount,is_mixed_payment,order_status',
      `${no(1)},${store.org_code},${store.store_no},1,1,0,,${day} 09:15:00,${day},25.5000,0,25.5000,0,4`,
      `${no(2)},${store.org_code},${store.store_no},1,1,0,,${day} 11:30:00,${day},30.0000,2.0000,28.0000,1,4`,
      `${no(3)},${store.org_code},${store.store_no},1,1,1,${no(1)},${day} 16:45:00,${day},-10.0000,0,-10.0000,0,4`,
    ].join('\n'),
    'sales_order_item.csv': [
      'order_no,line_no,sku_no,supplier_no,qty,selling_price,sale_amount,discount_amount,output_tax_rate',
      `${no(1)},1,${a.sku_no},${a.supplier_no ?? ''},2,10,20.0000,0,0.13`,
      `${no(1)},2,${b.sku_no},${b.supplier_no ?? ''},1,5.5,5.5000,0,0.13`,
      `${no(2)},1,${c.sku_no},${c.supplier_no ?? ''},3,10,28.0000,2.0000,0.13`,
      `${no(3)},1,${a.sku_no},${a.supplier_no ?? ''},-1,10,-10.0000,0,0.13`,
    ].join('\n'),
    'sales_payment.csv': [
      'order_no,pay_line,pay_type,pay_amount,pay_time',
      `${no(1)},1,${payTypes[0]},25.5000,${day} 09:15:10`,
      `${no(2)},1,${payTypes[0]},20.0000,${day} 11:30:10`,
      `${no(2)},2,${payTypes[1]},8.0000,${day} 11:30:20`,
      `${no(3)},1,${payTypes[0]},-10.0000,${day} 16:45:10`,
    ].join('\n'),
  };
}

function folderOf(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hm-facts-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const load = (folder: string, db: Db = on.testDb.db): Promise<LoadResult> => loadFolder({ target: db, contract, tenantId: 10139, folder, source: { kind: 'file' } });

/** A report's totals for the store over one day, through the app (summaries on) or the second app (off). */
async function totals(id: number, day: string, summaries: boolean): Promise<ReportRow> {
  const client = reportClient(summaries ? on : { ...on, app: offApp }, today);
  const cfg = await client.config(id, token);
  const org = cfg.dimension.find((d) => d.id === 'org_code');
  const where = org ? [{ where_id: org.id, operator_id: Number(org.default_operator_id ?? 1), operation_value: [store.org_code] }] : [];
  const { totals: row } = await client.open(id, token, (qq) => ({ ...qq, date_start: day, date_end: day, date_start_2: day, end_2: day, whereList: JSON.stringify(where) }));
  return row;
}

/** 70, 102 and 61 read closed days only (restriction to_yesterday) */
const reportsOf = (day: string) => (day < today ? [70, 130, 165, 102, 61] : [130, 165]);
async function figures(day: string, summaries: boolean): Promise<Record<number, ReportRow>> {
  const out: Record<number, ReportRow> = {};
  for (const id of reportsOf(day)) out[id] = await totals(id, day, summaries);
  return out;
}
const n = (row: ReportRow | undefined, key: string) => Number(row?.[key] ?? 0);
/**
 * A report figure moved by an amount of 4 decimals (a booked cost): the report shows each figure rounded
 * to the cent, before and after, so their difference is the movement to within two roundings (0.01),
 * however many decimals the stored figure had before. (A movement of whole cents, such as the files'
 * sales, moves a rounded figure by exactly itself: `cents`.)
 */
function centsMoved(now: number, was: number, moved: number, what: string): void {
  expect(Math.abs(now - was - moved), `${what} ${now} − ${was} vs ${moved}`).toBeLessThanOrEqual(0.01 + 1e-9);
}

describe(`loaded sales do business like documents (${dialectUnderTest})`, () => {
  it('a day of sales moves every affected report by exactly its rows, summaries on and off; a later day adds that day', async () => {
    for (const [day, tag] of [[yesterday, 'Y'], [today, 'T']] as const) {
      const before = { on: await figures(day, true), off: await figures(day, false) };
      const result = await load(folderOf(dayFiles(day, tag)));
      expect(result, JSON.stringify(result.rejectList)).toMatchObject({ ok: true, status: 'done' });
      const orders = [1, 2, 3].map((i) => `FX${tag}${i}`);
      const list = orders.map((o) => `'${o}'`).join(', ');
      // independent figures: the files' amounts, and the cost the ledger booked for these orders
      const sales = 20 + 5.5 + 28 - 10;
      const qty = 2 + 1 + 3 - 1;
      const cost = -(await num(`SELECT SUM(amount) FROM stock_ledger WHERE tenant_id = 10139 AND doc_no IN (${list})`));
      expect(await num(`SELECT SUM(cost_amount) FROM sales_order_item WHERE tenant_id = 10139 AND order_no IN (${list})`)).toBeCloseTo(cost, 4);
      expect(await num(`SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139 AND doc_no IN (${list})`)).toBe(4);
      for (const summaries of [true, false]) {
        const was = summaries ? before.on : before.off;
        const now = await figures(day, summaries);
        const side = summaries ? 'summaries on' : 'summaries off';
        if (day < today) {
          cents(n(now[70], 'sales') - n(was[70], 'sales'), sales, `70 sales, ${side}`);
          centsMoved(n(now[70], 'cost'), n(was[70], 'cost'), cost, `70 cost, ${side}`);
          // the stock reports read the posting: the day closes lower by the quantity sold, valued at its cost
          cents(n(now[102], 'close_qty') - n(was[102], 'close_qty'), -qty, `102 close qty, ${side}`);
          centsMoved(n(now[102], 'close_amount'), n(was[102], 'close_amount'), -cost, `102 close amount, ${side}`);
          cents(n(now[61], 'stock_qty') - n(was[61], 'stock_qty'), -qty, `61 stock qty, ${side}`);
          centsMoved(n(now[61], 'stock_amount'), n(was[61], 'stock_amount'), -cost, `61 stock amount, ${side}`);
        }
        cents(n(now[130], 'sales') - n(was[130], 'sales'), sales, `130 sales, ${side}`);
        cents(n(now[130], 'qty') - n(was[130], 'qty'), qty, `130 qty, ${side}`);
        centsMoved(n(now[130], 'cost'), n(was[130], 'cost'), cost, `130 cost, ${side}`);
        // report 165 leaves out orders paid more than one way (is_mixed_payment = 1): only the first sale counts
        cents(n(now[165], 'pay') - n(was[165], 'pay'), 25.5, `165 pay, ${side}`);
        cents(n(now[165], 'refund') - n(was[165], 'refund'), 10, `165 refund, ${side}`);
      }
      // the ledger report and the balances read the same movement: out by the quantity sold, valued at cost
      const snapshot = await num(
        `SELECT SUM(qty) FROM stock_daily_snapshot WHERE tenant_id = 10139 AND org_code = $1 AND biz_date = CAST($2 AS DATE) AND sku_no IN (${skus.map((s) => `'${s.sku_no}'`).join(', ')})`,
        [store.org_code, today],
      );
      const position = await num(`SELECT SUM(stock_num) FROM stock WHERE tenant_id = 10139 AND org_code = $1 AND sku_no IN (${skus.map((s) => `'${s.sku_no}'`).join(', ')})`, [
        store.org_code,
      ]);
      expect(snapshot).toBeCloseTo(position, 3);
    }
    // the T+1 copy of a closed day holds the loaded payments too
    const copy = await num(
      `SELECT SUM(receipt_amount - refund_amount) FROM sales_payment_daily WHERE tenant_id = 10139 AND business_date = CAST($1 AS DATE) AND org_code = $2`,
      [yesterday, store.org_code],
    );
    const paid = await num(
      `SELECT SUM(p.pay_amount) FROM sales_payment p JOIN sales_order o ON o.tenant_id = p.tenant_id AND o.order_no = p.order_no
        WHERE o.tenant_id = 10139 AND o.business_date = CAST($1 AS DATE) AND o.org_code = $2`,
      [yesterday, store.org_code],
    );
    expect(copy).toBeCloseTo(paid, 2);
  });

  it('the same files again change nothing; the same orders in other files are refused as loaded', async () => {
    const ledger = await num('SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139');
    const stock = await q('SELECT * FROM stock WHERE tenant_id = 10139 AND org_code = $1 ORDER BY sku_no, center_code', [store.org_code]);
    expect(await load(folderOf(dayFiles(today, 'T')))).toMatchObject({ ok: true, status: 'repeated' });
    const reordered = dayFiles(today, 'T');
    reordered['sales_order.csv'] = reordered['sales_order.csv'].split('\n').reverse().join('\n').replace(/^(.*)\n(.*)$/s, (_, rest, head) => `${head}\n${rest}`);
    const again = await load(folderOf(reordered));
    expect(again.status).toBe('refused');
    expect(again.rejectList.map((r) => r.value).sort()).toEqual(['FXT1', 'FXT2', 'FXT3']);
    expect(again.rejectList[0].zh).toContain('已导入');
    expect(await num('SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139')).toBe(ledger);
    expect(await q('SELECT * FROM stock WHERE tenant_id = 10139 AND org_code = $1 ORDER BY sku_no, center_code', [store.org_code])).toEqual(stock);
    const [log] = await q<{ status: string; rows_rejected: number; rejects: string }>('SELECT status, rows_rejected, rejects FROM ingest_log WHERE tenant_id = 10139 ORDER BY log_id DESC LIMIT 1');
    expect(log.status).toBe('refused');
    expect(Number(log.rows_rejected)).toBe(3);
    expect(log.rejects).toContain('FXT1');
  });

  it('NDJSON files load like CSV', async () => {
    const files = dayFiles(today, 'J');
    const ndjson = (csv: string) => {
      const [head, ...rows] = csv.split('\n');
      const cols = head.split(',');
      return rows.map((r) => JSON.stringify(Object.fromEntries(r.split(',').map((v, i) => [cols[i], v === '' ? null : /^-?[0-9.]+$/.test(v) && !cols[i].endsWith('_no') ? Number(v) : v])))).join('\n');
    };
    const result = await load(folderOf(Object.fromEntries(Object.entries(files).map(([k, v]) => [k.replace('.csv', '.ndjson'), ndjson(v)]))));
    expect(result, JSON.stringify(result.rejectList)).toMatchObject({ ok: true, status: 'done' });
    expect(await num("SELECT COUNT(*) FROM sales_order_item WHERE tenant_id = 10139 AND order_no LIKE 'FXJ%' AND cost_amount IS NOT NULL")).toBe(4);
  });
});

describe(`facts of one table, dated by a time (${dialectUnderTest})`, () => {
  it('card use, member points and advance payments load for today and are refused before the open period', async () => {
    const [card] = await q<{ card_instance_no: string; card_no: string }>('SELECT card_instance_no, card_no FROM member_card WHERE tenant_id = 10139 ORDER BY 1 LIMIT 1');
    const [member] = await q<{ member_no: string }>('SELECT member_no FROM member WHERE tenant_id = 10139 ORDER BY 1 LIMIT 1');
    const [supplier] = await q<{ supplier_no: string }>('SELECT supplier_no FROM supplier WHERE tenant_id = 10139 ORDER BY 1 LIMIT 1');
    const files = (at: string, id: number) => ({
      'card_transaction.csv': `txn_id,card_instance_no,card_no,org_code,txn_type,amount,txn_time\n${id},${card.card_instance_no},${card.card_no},${store.org_code},1,50.0000,${at}\n`,
      'member_points_ledger.csv': `id,member_no,org_code,points,biz_time\n${id},${member.member_no},${store.org_code},12,${at}\n`,
      'advance_payment.csv': `adv_no,party_type,party_no,adv_type,amount,biz_time\nADV${id},4,${supplier.supplier_no},1,300.0000,${at}\n`,
    });
    const ok = await load(folderOf(files(`${today} 09:30:00`, 990_000_001)));
    expect(ok, JSON.stringify(ok.rejectList)).toMatchObject({ ok: true, status: 'done' });
    expect(await num('SELECT COUNT(*) FROM card_transaction WHERE tenant_id = 10139 AND txn_id = 990000001')).toBe(1);
    expect(await num('SELECT SUM(points) FROM member_points_ledger WHERE tenant_id = 10139 AND id = 990000001')).toBe(12);
    expect(await num("SELECT SUM(amount) FROM advance_payment WHERE tenant_id = 10139 AND adv_no = 'ADV990000001'")).toBe(300);
    // the same keys again, another time: refused as loaded (a BIGINT key compared as itself on PostgreSQL)
    const again = await load(folderOf(files(`${today} 10:30:00`, 990_000_001)));
    expect(again.status).toBe('refused');
    expect(again.rejectList.every((r) => r.zh.includes('已导入'))).toBe(true);
    expect(again.rejectList).toHaveLength(3);
    const old = await load(folderOf(files('2020-01-02 09:30:00', 990_000_002)));
    expect(old.status).toBe('refused');
    expect(old.rejectList.map((r) => r.table).sort()).toEqual(['advance_payment', 'card_transaction', 'member_points_ledger']);
    expect(old.rejectList[0].zh).toContain('该期间已关账');
    expect(await num('SELECT COUNT(*) FROM card_transaction WHERE tenant_id = 10139 AND txn_id = 990000002')).toBe(0);
  });
});

describe(`bad facts are refused whole, nothing written (${dialectUnderTest})`, () => {
  const changed = (name: string, edit: (text: string) => string) => {
    const files = dayFiles(today, 'B');
    files[name] = edit(files[name]);
    return files;
  };
  const cases: [what: string, files: () => Record<string, string | Buffer>, expected: string][] = [
    ['a day before the open period', () => changed('sales_order.csv', (t) => t.replaceAll(`,${today},`, ',2020-01-02,')), 'business_date'],
    ['a day after today', () => changed('sales_order.csv', (t) => t.replaceAll(`,${today},`, `,${addDays(today, 1)},`)), 'business_date'],
    ['unknown goods', () => changed('sales_order_item.csv', (t) => t.replace(`FXB1,1,${skus[0].sku_no}`, 'FXB1,1,NOPE')), 'sku_no'],
    ["another tenant's store", () => changed('sales_order.csv', (t) => t.replace(`FXB2,${store.org_code}`, `FXB2,${otherOrg}`)), 'org_code'],
    ['lines without their header', () => changed('sales_order_item.csv', (t) => `${t}\nFXB9,1,${skus[0].sku_no},,1,1,1,0,0.13`), 'order_no'],
    ['a booked cost supplied', () => changed('sales_order_item.csv', (t) => t.replace('output_tax_rate', 'cost_amount')), 'cost_amount'],
    ['a duplicate key', () => changed('sales_payment.csv', (t) => `${t}\n${t.split('\n')[1]}`), 'order_no+pay_line'],
    ['a truncated CSV', () => changed('sales_order_item.csv', (t) => t.slice(0, t.length - 12)), ''],
    ['lines alone', () => ({ 'sales_order_item.csv': dayFiles(today, 'B')['sales_order_item.csv'] }), ''],
  ];
  for (const [what, files, column] of cases) {
    it(what, async () => {
      const ledger = await num('SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139');
      const result = await load(folderOf(files()));
      expect(result.status).toBe('refused');
      if (column) expect(result.rejectList.map((r) => r.column)).toContain(column);
      expect(await num("SELECT COUNT(*) FROM sales_order WHERE tenant_id = 10139 AND order_no LIKE 'FXB%'")).toBe(0);
      expect(await num("SELECT COUNT(*) FROM sales_order_item WHERE tenant_id = 10139 AND order_no LIKE 'FXB%'")).toBe(0);
      expect(await num('SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139')).toBe(ledger);
    });
  }

  it('a 2 GB file is refused before it is read', async () => {
    const dir = folderOf(dayFiles(today, 'B'));
    const big = join(dir, 'sales_order_item.csv');
    // a sparse file: 2 GiB on paper, nothing on disk
    const { truncateSync } = await import('node:fs');
    truncateSync(big, 2 * 1024 ** 3);
    const result = await load(dir);
    expect(result.status).toBe('refused');
    expect(result.rejectList[0].zh).toContain('文件过大');
    expect(readFileSync(join(dir, 'rejects.csv'), 'utf8')).toContain('file too large');
  });
});

describe(`a load killed in the middle leaves nothing (${dialectUnderTest})`, () => {
  it('kill -9 while the lines are written: no order, line, ledger row or log row; the load then goes through', async () => {
    const copy = await coldCopy();
    const dir = folderOf(dayFiles(today, 'K'));
    const marker = join(folderOf({}), 'reached');
    try {
      // the copy's own loads before this one (the seed brings its data through the loader)
      const logged = await (async () => {
        const db = await copy.open();
        try {
          return Number(Object.values((await db.query("SELECT COUNT(*) FROM ingest_log WHERE tenant_id = 10139 AND status = 'done'"))[0])[0]);
        } finally {
          await db.close();
        }
      })();
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'fixtures', 'load-child.ts'), copy.location, dir, 'sales_order_item', marker], {
        env: { ...process.env },
        stdio: 'ignore',
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      for (let i = 0; i < 900 && !existsSync(marker); i++) await new Promise((r) => setTimeout(r, 100));
      expect(existsSync(marker)).toBe(true);
      child.kill('SIGKILL');
      await exited;
      const db = await copy.open();
      try {
        const count = async (sql: string) => Number(Object.values((await db.query(sql))[0])[0]);
        expect(await count("SELECT COUNT(*) FROM sales_order WHERE tenant_id = 10139 AND order_no LIKE 'FXK%'")).toBe(0);
        expect(await count("SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139 AND doc_no LIKE 'FXK%'")).toBe(0);
        expect(await count("SELECT COUNT(*) FROM ingest_log WHERE tenant_id = 10139 AND status = 'done'")).toBe(logged);
        const again = await load(dir, db);
        expect(again, JSON.stringify(again.rejectList)).toMatchObject({ ok: true, status: 'done' });
        expect(await count("SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139 AND doc_no LIKE 'FXK%'")).toBe(4);
        expect(await count("SELECT COUNT(*) FROM ingest_log WHERE tenant_id = 10139 AND status = 'done'")).toBe(logged + 1);
      } finally {
        await db.close();
      }
    } finally {
      await copy.drop();
    }
  });
});

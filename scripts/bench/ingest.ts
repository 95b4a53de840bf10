/**
 * `npx tsx scripts/bench/ingest.ts --file DB.duckdb [--lines 1000000] [--rounds 3] [--batches 10]` (`--lines 0`: the push API only; `--batches 0`: the bulk load only)
 * Ingest step of `npm run bench`: the product's bulk load of a week of sales (sales_order,
 * sales_order_item, sales_payment as CSV; every check, the posting of each line, the cost written
 * back, summaries and the T+1 copy of the days) against DuckDB reading the same files straight into
 * the same tables with no check and no posting (INSERT … SELECT FROM read_csv). Each round loads into
 * a fresh copy of the seeded file on each side, in rotating order; prints medians and their ratio.
 * Then the push API's lines per second (benchPush), with the process's CPU time per batch beside the
 * clock (on a machine shared with other work the clock varies far more than the CPU time).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { addDays } from '../../engine/dates/calendar';
import { openDuckDb } from '../../server/db/duckdb';
import type { Db } from '../../server/db/types';
import { buildServer } from '../../server/app';
import { dataContract } from '../../server/ingest/contract-fs';
import { createKey } from '../../server/ingest/keys';
import { loadFolder } from '../../server/ingest/load';
import { tenantToday } from '../../server/tenant-clock';
import { interleaved, msSpread, ratioLine } from './ab';

export interface IngestBenchOptions {
  /** a seeded DuckDB file, checkpointed (it is copied for every round and side) */
  file: string;
  lines?: number;
  rounds?: number;
  tenantId?: number;
  log: (line: string) => void;
}

const TABLES = ['sales_order', 'sales_order_item', 'sales_payment'] as const;

/** A week of two-line sales at the tenant's stores, of goods each store keeps; the files' folder. */
export async function writeSales(db: Db, tenantId: number, lines: number, dir: string): Promise<void> {
  const today = await tenantToday(db, tenantId);
  const stores = await db.query<{ org_code: string; store_no: string }>('SELECT org_code, store_no FROM store WHERE tenant_id = $1 ORDER BY store_no', [tenantId]);
  const kept = await db.query<{ org_code: string; sku_no: string }>('SELECT DISTINCT org_code, sku_no FROM stock WHERE tenant_id = $1 ORDER BY 1, 2', [tenantId]);
  const skusAt = new Map<string, string[]>();
  for (const k of kept) skusAt.set(k.org_code, [...(skusAt.get(k.org_code) ?? []), k.sku_no]);
  const usable = stores.filter((s) => (skusAt.get(s.org_code)?.length ?? 0) >= 2);
  const [{ pay_type: pay }] = await db.query<{ pay_type: string }>('SELECT pay_type FROM payment_trade_type WHERE tenant_id = $1 ORDER BY pay_type LIMIT 1', [tenantId]);
  const orders = ['order_no,org_code,store_no,order_source,order_kind,is_return,order_time,business_date,total_amount,discount_amount,pay_amount,is_mixed_payment,order_status'];
  const items = ['order_no,line_no,sku_no,qty,selling_price,sale_amount,discount_amount'];
  const payments = ['order_no,pay_line,pay_type,pay_amount,pay_time'];
  for (let i = 0; i < lines / 2; i++) {
    const store = usable[i % usable.length];
    const skus = skusAt.get(store.org_code)!;
    const day = addDays(today, -(i % 7));
    const time = `${day} ${String(8 + (i % 12)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`;
    const no = `BI${i}`;
    const [a, b] = [skus[i % skus.length], skus[(i + 1) % skus.length]];
    orders.push(`${no},${store.org_code},${store.store_no},1,1,0,${time},${day},15.0000,0,15.0000,0,4`);
    items.push(`${no},1,${a},1,10,10.0000,0`, `${no},2,${b},1,5,5.0000,0`);
    payments.push(`${no},1,${pay},15.0000,${time}`);
  }
  writeFileSync(join(dir, 'sales_order.csv'), `${orders.join('\n')}\n`);
  writeFileSync(join(dir, 'sales_order_item.csv'), `${items.join('\n')}\n`);
  writeFileSync(join(dir, 'sales_payment.csv'), `${payments.join('\n')}\n`);
}

/** The floor: the same files into the same tables, read by DuckDB with the contract's types, nothing else. */
async function directLoad(db: Db, tenantId: number, dir: string): Promise<void> {
  const contract = dataContract();
  await db.transaction(async (tx) => {
    for (const table of TABLES) {
      const t = contract.supplied.find((c) => c.table === table)!;
      const file = join(dir, `${table}.csv`);
      const names = readFileSync(file, 'utf8').slice(0, 1000).split('\n')[0].split(',');
      const types = names.map((n) => t.columns.find((c) => c.name === n)!.type);
      const spec = names.map((n, i) => `'${n}': '${types[i]}'`).join(', ');
      // the posting fills the cost; the floor writes a zero where the table demands one
      const cost = table === 'sales_order_item' ? [', cost_amount', ', 0'] : ['', ''];
      await tx.exec(
        `INSERT INTO ${table} (tenant_id, ${names.join(', ')}${cost[0]}) SELECT ${tenantId}, ${names.join(', ')}${cost[1]} FROM read_csv('${file}', header = true, columns = {${spec}})`,
      );
    }
  });
}

export async function benchIngest(opts: IngestBenchOptions): Promise<void> {
  const { log } = opts;
  const lines = opts.lines ?? 1_000_000;
  const rounds = opts.rounds ?? 3;
  const tenantId = opts.tenantId ?? 10139;
  const dir = mkdtempSync(join(tmpdir(), 'hm-bench-ingest-'));
  const files = join(dir, 'files');
  mkdirSync(files);
  try {
    const source = await openDuckDb(opts.file);
    await writeSales(source, tenantId, lines, files);
    await source.close();
    const fresh = (name: string) => {
      const path = join(dir, `${name}.duckdb`);
      rmSync(path, { force: true });
      rmSync(`${path}.wal`, { force: true });
      copyFileSync(opts.file, path);
      return openDuckDb(path);
    };
    const contract = dataContract();
    let written = 0;
    // the copy is made before the clock starts: each side times only its load (clock, and the process's CPU)
    const cpu: Record<string, number[]> = { product: [], direct: [] };
    const side = (name: 'product' | 'direct', run: (db: Db) => Promise<void>) => async () => {
      const db = await fresh(name);
      const t = performance.now();
      const c = process.cpuUsage();
      await run(db);
      const used = process.cpuUsage(c);
      const ms = performance.now() - t;
      cpu[name].push((used.user + used.system) / 1000);
      await db.close();
      return ms;
    };
    const product = side('product', async (db) => {
      const result = await loadFolder({ target: db, contract, tenantId, folder: files, source: { kind: 'file' } });
      if (result.status !== 'done') throw new Error(`bench load refused: ${JSON.stringify(result.rejectList.slice(0, 3))}`);
      written = result.tables.reduce((a, t) => a + t.rows, 0);
    });
    const direct = side('direct', (db) => directLoad(db, tenantId, files));
    const spent: Record<string, number[]> = { product: [], direct: [] };
    await interleaved({ product: async () => spent.product.push(await product()), direct: async () => spent.direct.push(await direct()) }, rounds);
    // interleaved times the copy too; the sides' own clocks time the loads alone (the untimed first run dropped)
    const times = { product: spent.product.slice(1), direct: spent.direct.slice(1) };
    log(`bulk load of ${lines} sales lines (${lines / 2} orders, ${written} rows in 3 files) into tenant ${tenantId} (DuckDB), ${rounds} rounds:`);
    log(`  npm run load (checks, posting, summaries): ${msSpread(times.product)} = ${Math.round(lines / (times.product.sort((a, b) => a - b)[Math.floor(times.product.length / 2)] / 1000))} lines/s`);
    log(`  INSERT … SELECT FROM read_csv, no checks:  ${msSpread(times.direct)}`);
    log(`  product / floor:                           ${ratioLine(times.product, times.direct, 1.5)}`);
    log(`  CPU: product ${msSpread(cpu.product.slice(1))}, floor ${msSpread(cpu.direct.slice(1))}; ${ratioLine(cpu.product.slice(1), cpu.direct.slice(1), 1.5)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The push API: batches of two-line orders (lines and payments nested, NDJSON) posted one after the
 * other through the real route with an ingest key, into a copy of the seeded file; lines per second,
 * beside the target of 20,000.
 */
export async function benchPush(opts: { file: string; batches?: number; orders?: number; tenantId?: number; log: (line: string) => void }): Promise<void> {
  const batches = opts.batches ?? 10;
  const perBatch = opts.orders ?? 5000;
  const tenantId = opts.tenantId ?? 10139;
  const dir = mkdtempSync(join(tmpdir(), 'hm-bench-push-'));
  try {
    copyFileSync(opts.file, join(dir, 'hm.duckdb'));
    const db = await openDuckDb(join(dir, 'hm.duckdb'));
    const app = await buildServer({ db, config: { staticDir: '/nonexistent', filesDir: dir } });
    await app.ready();
    const key = await createKey(db, tenantId, 0, 'bench', ['sales_order'], async () => {});
    const today = await tenantToday(db, tenantId);
    const stocked = await db.query<{ org_code: string; sku_no: string }>('SELECT org_code, sku_no FROM stock WHERE tenant_id = $1 ORDER BY 1, 2 LIMIT 2000', [tenantId]);
    const spent: number[] = [];
    const cpu: number[] = [];
    let lines = 0;
    for (let b = 0; b < batches; b++) {
      const body = Array.from({ length: perBatch }, (_, i) => {
        const [a, c] = [stocked[(b * perBatch + i) % stocked.length], stocked[(b * perBatch + i + 1) % stocked.length]];
        const time = `${today} ${String(8 + (i % 12)).padStart(2, '0')}:00:00`;
        return JSON.stringify({
          order_no: `BP${b}-${i}`, org_code: a.org_code, order_source: 1, order_kind: 1, is_return: 0, order_time: time, business_date: today,
          total_amount: 15, discount_amount: 0, pay_amount: 15, is_mixed_payment: 0, order_status: 4,
          sales_order_item: [
            { line_no: 1, sku_no: a.sku_no, qty: 1, selling_price: 10, sale_amount: 10, discount_amount: 0 },
            { line_no: 2, sku_no: c.sku_no, qty: 1, selling_price: 5, sale_amount: 5, discount_amount: 0 },
          ],
          sales_payment: [{ pay_line: 1, pay_type: 'CASH', pay_amount: 15 }],
        });
      }).join('\n');
      const t = performance.now();
      const c = process.cpuUsage();
      const res = await app.inject({
        method: 'POST',
        url: '/api/ingest/sales_order',
        headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/x-ndjson', 'idempotency-key': `bench-${b}` },
        payload: body,
      });
      spent.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
      if (res.statusCode !== 200) throw new Error(`push refused: ${res.body.slice(0, 300)}`);
      lines += perBatch * 2;
    }
    const seconds = spent.reduce((a, x) => a + x, 0) / 1000;
    const rate = lines / seconds;
    opts.log(`push API: ${batches} batches of ${perBatch} orders (${perBatch * 2} lines, lines and payments nested, NDJSON) one after the other (DuckDB):`);
    opts.log(`  per batch ${msSpread(spent)}; ${Math.round(rate)} lines/s | target ≥ 20,000 lines/s: ${rate >= 20_000 ? 'met' : 'NOT met'}`);
    // CPU of all the process's threads (DuckDB's included): what the batch costs, whatever else the machine runs
    opts.log(`  CPU per batch ${msSpread(cpu)} = ${Math.round((perBatch * 2) / (cpu.sort((a, b) => a - b)[Math.floor(cpu.length / 2)] / 1000))} lines per CPU second`);
    await app.close();
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: { file: { type: 'string' }, lines: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '3' }, batches: { type: 'string', default: '10' } },
  });
  if (!values.file) throw new Error('--file DB.duckdb (a seeded DuckDB file) is required');
  if (Number(values.lines) > 0) await benchIngest({ file: values.file, lines: Number(values.lines), rounds: Number(values.rounds), log: console.log });
  if (Number(values.batches) > 0) await benchPush({ file: values.file, batches: Number(values.batches), log: console.log });
}

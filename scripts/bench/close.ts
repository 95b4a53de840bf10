/**
 * `npx tsx scripts/bench/close.ts --data-dir DIR [--days 15] [--tenant 10139]`
 * Close step of `npm run bench`: the product's daily close of one tenant's day (closeDay: archive
 * rotation, T+1 payment copy, snapshot carry, summary refresh, with its counts, log and state) against
 * the database doing the same writes directly (the same INSERT … SELECT / DELETE statements, bare,
 * without counts, log or lease). Two copies of the seeded DuckDB file, one per side; each round closes
 * the next day on both, in rotating order. Prints the ratio of the medians and the rows each day moved,
 * so a cost that grew with the history rather than the day would show as ms per row rising.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { addDays } from '../../engine/dates/calendar';
import { threeMonthCutoff } from '../../engine/dates';
import { ARCHIVE_FAMILIES, closeDay } from '../../server/close';
import { openDuckDb } from '../../server/db/duckdb';
import type { Db } from '../../server/db/types';
import { validCatalogueFromDir } from '../../server/report/catalogue-fs';
import { summaryInsertSql } from '../../server/report/summary-refresh';
import { interleaved, msSpread, ratioLine } from './ab';

export interface CloseBenchOptions {
  /** a seeded DuckDB file, checkpointed (it is copied twice) */
  file: string;
  /** the first day closed: the seed's today */
  firstDay: string;
  days?: number;
  tenantId?: number;
  log: (line: string) => void;
}

/** The close's writes for one day as plain statements: what the database does, with nothing around it. */
async function directClose(db: Db, tenantId: number, day: string, summaries: string[]): Promise<void> {
  const from = threeMonthCutoff(day);
  const to = threeMonthCutoff(addDays(day, 1));
  for (const f of ARCHIVE_FAMILIES) {
    const range = `${f.date} >= CAST($2 AS ${f.dateType}) AND ${f.date} < CAST($3 AS ${f.dateType})`;
    const headers = `SELECT ${f.key} FROM ${f.header} WHERE tenant_id = $1 AND ${range}`;
    await db.transaction(async (tx) => {
      for (const l of f.lines) {
        const rows = 'date' in l.by ? `${l.by.date} >= CAST($2 AS DATE) AND ${l.by.date} < CAST($3 AS DATE)` : `${l.by.key} IN (${headers})`;
        await tx.query(`INSERT INTO ${l.table}_his SELECT * FROM ${l.table} WHERE tenant_id = $1 AND ${rows}`, [tenantId, from, to]);
        await tx.query(`DELETE FROM ${l.table} WHERE tenant_id = $1 AND ${rows}`, [tenantId, from, to]);
      }
      await tx.query(`INSERT INTO ${f.header}_his SELECT * FROM ${f.header} WHERE tenant_id = $1 AND ${range}`, [tenantId, from, to]);
      await tx.query(`DELETE FROM ${f.header} WHERE tenant_id = $1 AND ${range}`, [tenantId, from, to]);
    });
  }
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM sales_payment_daily WHERE tenant_id = $1 AND business_date = CAST($2 AS DATE)', [tenantId, day]);
    await tx.query(
      `INSERT INTO sales_payment_daily SELECT o.tenant_id, o.business_date, o.org_code, p.pay_type, p.show_status, o.cashier_account_id,
              SUM(CASE WHEN p.pay_amount >= 0 THEN p.pay_amount ELSE 0 END), SUM(CASE WHEN p.pay_amount < 0 THEN -p.pay_amount ELSE 0 END), SUM(p.fee_amount), COUNT(*)
         FROM sales_order o JOIN sales_payment p ON p.tenant_id = o.tenant_id AND p.order_no = o.order_no
        WHERE o.tenant_id = $1 AND o.business_date = CAST($2 AS DATE) GROUP BY 1, 2, 3, 4, 5, 6`,
      [tenantId, day],
    );
  });
  await db.transaction(async (tx) => {
    for (const [table, keys] of [['stock_daily_snapshot', 'org_code, center_code, sku_no'], ['lot_stock_daily_snapshot', 'org_code, center_code, sku_no, lot_no']]) {
      await tx.query(
        `INSERT INTO ${table} (tenant_id, biz_date, ${keys}, qty, amount) SELECT tenant_id, CAST($3 AS DATE), ${keys}, qty, amount FROM ${table}
          WHERE tenant_id = $1 AND biz_date = CAST($2 AS DATE) AND (qty <> 0 OR amount <> 0)`,
        [tenantId, day, addDays(day, 1)],
      );
    }
  });
  for (const sql of summaries) {
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM sales_org_day WHERE tenant_id = $1 AND business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)', [tenantId, day, day]);
      await tx.query(sql, [tenantId, day, day]);
    });
  }
}

export async function benchClose(opts: CloseBenchOptions): Promise<void> {
  const { log } = opts;
  const days = opts.days ?? 15;
  const tenantId = opts.tenantId ?? 10139;
  const dir = mkdtempSync(join(tmpdir(), 'hm-bench-close-'));
  try {
    copyFileSync(opts.file, join(dir, 'product.duckdb'));
    copyFileSync(opts.file, join(dir, 'direct.duckdb'));
    const product = await openDuckDb(join(dir, 'product.duckdb'));
    const direct = await openDuckDb(join(dir, 'direct.duckdb'));
    const catalogue = validCatalogueFromDir();
    const sales = catalogue.indexes.get('sales')!;
    const summaries = (sales.dataset.summaries ?? []).map((s) =>
      summaryInsertSql(sales, s, ['o.tenant_id = $1', 'o.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)']),
    );
    let nextProduct = opts.firstDay;
    let nextDirect = opts.firstDay;
    const moved: { day: string; rows: number; ms: number }[] = [];
    const times = await interleaved(
      {
        product: async () => {
          const day = nextProduct;
          nextProduct = addDays(day, 1);
          const t = performance.now();
          const out = await closeDay(product, tenantId, day, { catalogue, instanceId: 'bench' });
          moved.push({ day, rows: out.rowsArchived, ms: performance.now() - t });
        },
        direct: async () => {
          const day = nextDirect;
          nextDirect = addDays(day, 1);
          await directClose(direct, tenantId, day, summaries);
        },
      },
      days,
    );
    log(`daily close of tenant ${tenantId}, ${days} days from ${opts.firstDay} (DuckDB):`);
    log(`  product close:          ${msSpread(times.product)}`);
    log(`  the same writes direct: ${msSpread(times.direct)}`);
    log(`  product / direct:       ${ratioLine(times.product, times.direct)}`);
    const perRow = moved.filter((m) => m.rows > 0).map((m) => `${m.day} ${m.rows} rows ${(m.ms / m.rows * 1000).toFixed(0)} µs/row`);
    log(`  rows archived per day:  ${perRow.join('; ')}`);
    await product.close();
    await direct.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, days: { type: 'string', default: '15' }, tenant: { type: 'string', default: '10139' }, today: { type: 'string' } } });
  if (!values['data-dir']) throw new Error('--data-dir DIR (a seeded DuckDB folder) is required');
  const file = join(values['data-dir'], 'hm.duckdb');
  const db = await openDuckDb(file);
  const [{ d }] = await db.query<{ d: string }>('SELECT MAX(closed_through) AS d FROM day_close');
  await db.exec('CHECKPOINT');
  await db.close();
  await benchClose({ file, firstDay: addDays(d, 1), days: Number(values.days), tenantId: Number(values.tenant), log: console.log });
}

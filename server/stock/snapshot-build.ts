import { addDays, addMonths, firstOfMonth } from '../../engine/dates/calendar';
import type { Db } from '../db/types';

/**
 * Daily closing balances built from the stock ledger inside the database: each position's running
 * Σ qty and Σ (amount + cost_diff_amount) carried forward to every day until its next movement.
 * So closing − opening = Σ ledger over any range, exactly. A row is written for each day
 * with stock or value, and for each day with a movement; a missing row means zero.
 * Half a year per statement, in date order (DuckDB skips row groups by date): each statement joins
 * the whole running table, so fewer, larger chunks are faster, while a chunk still bounds the sort.
 */

const MONTHS_PER_CHUNK = 6;

interface SnapshotKind {
  table: string;
  run: string;
  /** the position key besides tenant_id */
  keys: string[];
  where: string;
}

const STOCK: SnapshotKind = {
  table: 'stock_daily_snapshot',
  run: 'seed_run_stock',
  keys: ['org_code', 'center_code', 'sku_no'],
  where: '1 = 1',
};

const LOTS: SnapshotKind = {
  table: 'lot_stock_daily_snapshot',
  run: 'seed_run_lot',
  keys: ['org_code', 'center_code', 'sku_no', 'lot_no'],
  where: 'lot_no IS NOT NULL',
};

function runTableSql(k: SnapshotKind): string {
  const part = ['tenant_id', ...k.keys].join(', ');
  return `
    CREATE TABLE ${k.run} AS
    SELECT ${part}, biz_date,
           SUM(dq) OVER (PARTITION BY ${part} ORDER BY biz_date ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS qty,
           SUM(da) OVER (PARTITION BY ${part} ORDER BY biz_date ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS amount,
           LEAD(biz_date) OVER (PARTITION BY ${part} ORDER BY biz_date) AS next_date
      FROM (SELECT ${part}, biz_date, SUM(qty) AS dq, SUM(amount + cost_diff_amount) AS da
              FROM stock_ledger WHERE ${k.where}
             GROUP BY ${part}, biz_date) daily`;
}

/**
 * One row per day from a position's movement until the day before its next one, clipped to the
 * chunk [$1, $2]; a position left empty gets only its movement day. Each run row is expanded by a
 * series of its own days (a calendar joined to the run on date ranges was a nested loop: every day
 * of the chunk compared with every run row). DuckDB's generate_series returns a list, PostgreSQL's
 * a set. Sorted by day only: that is what DuckDB's zone maps prune by (a row group holds every
 * position of its days either way), and sorting by the position keys too took twice the CPU.
 */
function chunkInsertSql(k: SnapshotKind, dialect: Db['dialect']): string {
  const cols = k.keys.map((c) => `r.${c}`).join(', ');
  const last = `CASE WHEN r.qty <> 0 OR r.amount <> 0 THEN LEAST(COALESCE(r.next_date - 1, CAST($2 AS DATE)), CAST($2 AS DATE)) ELSE r.biz_date END`;
  const series = `generate_series(CAST(GREATEST(r.biz_date, CAST($1 AS DATE)) AS TIMESTAMP), CAST(${last} AS TIMESTAMP), INTERVAL '1 day')`;
  return `
    INSERT INTO ${k.table} (tenant_id, biz_date, ${k.keys.join(', ')}, qty, amount)
    SELECT tenant_id, biz_date, ${k.keys.join(', ')}, qty, amount
      FROM (SELECT r.tenant_id, CAST(${dialect === 'duckdb' ? `unnest(${series})` : series} AS DATE) AS biz_date, ${cols}, r.qty, r.amount
              FROM ${k.run} r
             WHERE r.biz_date <= CAST($2 AS DATE) AND (r.next_date IS NULL OR r.next_date > CAST($1 AS DATE))) d
     ORDER BY biz_date`;
}

/** The range cut into chunks of whole calendar months, as [from, to] date pairs. */
export function monthRanges(start: string, end: string, months = 1): [string, string][] {
  const out: [string, string][] = [];
  for (let m = firstOfMonth(start); m <= end; m = addMonths(m, months)) {
    const last = addDays(addMonths(m, months), -1);
    out.push([m < start ? start : m, last > end ? end : last]);
  }
  return out;
}

export async function buildSnapshots(db: Db, start: string, today: string, onProgress: (msg: string) => void): Promise<void> {
  for (const k of [STOCK, LOTS]) {
    await db.exec(`DROP TABLE IF EXISTS ${k.run}`);
    await db.exec(runTableSql(k));
    for (const [from, to] of monthRanges(start, today, MONTHS_PER_CHUNK)) {
      await db.query(chunkInsertSql(k, db.dialect), [from, to]);
      onProgress(`${k.table} ${from} … ${to}`);
    }
    await db.exec(`DROP TABLE ${k.run}`);
  }
}

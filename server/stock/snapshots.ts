/**
 * Keeping the daily closing balances right after a posting. A snapshot row holds a position's
 * running Σ qty and Σ (amount + cost difference) at the end of a day; a missing row means zero
 * (the seed writes a row for each day with stock or value, and for each day with a movement:
 * server/db/seed/snapshots.ts). A posting dated d changes every day from d to today by its amounts:
 * existing rows are corrected, missing days are added, and days left at zero without a movement are
 * dropped again, so the table looks exactly as if it had been built from the whole ledger.
 */
import { addDays } from '../../engine/dates/calendar';
import { toYuan } from '../../engine/stock';
import type { Db } from '../db/types';
import { NO_NUM, NO_TEXT, text, type ReadPart, type ReadRow } from './one-read';
import { withRows } from './row-set';

export interface SnapshotKey {
  org: string;
  center: string;
  sku: string;
  /** null: the position's row in stock_daily_snapshot; a lot: its row in lot_stock_daily_snapshot */
  lot: string | null;
}

interface Delta {
  key: SnapshotKey;
  date: string;
  qty: number;
  /** 1/10000 yuan */
  amt: number;
}

/** Changes per position (or lot) and business date, summed before they are written. */
export class SnapshotDeltas {
  readonly byKey = new Map<string, Delta>();

  add(key: SnapshotKey, date: string, qty: number, amt: number): void {
    const id = `${key.org}\u0000${key.center}\u0000${key.sku}\u0000${key.lot ?? ''}\u0001${date}`;
    const d = this.byKey.get(id);
    if (d) {
      d.qty += qty;
      d.amt += amt;
    } else this.byKey.set(id, { key, date, qty, amt });
  }
}

const yuanText = (units: number) => toYuan(units).toFixed(4);

/**
 * Applies the changes set-based, one statement per table: per position (or lot), the running sum of
 * its changes holds from each change's date to the next one's; existing rows from there to today gain
 * it, missing days are added with it, and rows left at zero on a day without a movement go, as if the
 * table had been built from the whole ledger.
 */
export async function applySnapshotDeltas(tx: Db, tenantId: number, today: string, deltas: SnapshotDeltas): Promise<void> {
  for (const lots of [false, true]) {
    const rows = [...deltas.byKey.values()]
      .filter((d) => d.date <= today && (d.key.lot !== null) === lots)
      .map((d) => [d.key.org, d.key.center, d.key.sku, ...(lots ? [d.key.lot] : []), d.date, d.qty.toFixed(3), yuanText(d.amt)]);
    if (rows.length === 0) continue;
    const keys = ['org_code', 'center_code', 'sku_no', ...(lots ? ['lot_no'] : [])];
    const columns = [...keys.map((name) => ({ name, type: 'VARCHAR' })), { name: 'biz_date', type: 'DATE' }, { name: 'qty', type: 'DECIMAL(18,3)' }, { name: 'amount', type: 'DECIMAL(18,4)' }];
    const since = rows.reduce((min, r) => (String(r[keys.length]) < min ? String(r[keys.length]) : min), today);
    const table = lots ? 'lot_stock_daily_snapshot' : 'stock_daily_snapshot';
    if (since === today) await withRows(tx, columns, rows, 3, (from, params) => tx.query(todaySql(table, keys, from), [tenantId, today, ...params]));
    else await withRows(tx, columns, rows, 4, (from, params) => tx.query(backSql(table, keys, from), [tenantId, since, today, ...params]));
  }
}

const list = (keys: readonly string[], a: string) => keys.map((k) => `${a}.${k}`).join(', ');
const same = (keys: readonly string[], a: string, b: string) => keys.map((k) => `${a}.${k} = ${b}.${k}`).join(' AND ');

/**
 * A posting of today ($1 tenant, $2 today): one change per key, on today's row, which keeps its
 * movement and so stays even at zero. The simplest statement: on DuckDB the day as a constant, no
 * running sums and no days to generate make it a third of the general one's cost.
 */
function todaySql(table: string, keys: readonly string[], from: string): string {
  return `MERGE INTO ${table} s USING ${from} x
       ON s.tenant_id = $1 AND s.biz_date = CAST($2 AS DATE) AND ${same(keys, 's', 'x')}
     WHEN MATCHED THEN UPDATE SET qty = s.qty + x.qty, amount = s.amount + x.amount
     WHEN NOT MATCHED THEN INSERT (tenant_id, biz_date, ${keys.join(', ')}, qty, amount) VALUES ($1, CAST($2 AS DATE), ${list(keys, 'x')}, x.qty, x.amount)`;
}

/**
 * Any posting ($1 tenant, $2 the earliest change date, $3 today): the days it reads are bounded by the
 * change dates. A day that is a change date keeps its row at zero; so does one with a movement in
 * the ledger, which a back-dated posting reaches without a change of its own on that day.
 */
function backSql(table: string, keys: readonly string[], from: string): string {
  // per key and change date: the running sum, valid until the next change date
  const running = `SELECT ${list(keys, 'd')}, d.biz_date AS since,
                          LEAD(d.biz_date) OVER (PARTITION BY ${list(keys, 'd')} ORDER BY d.biz_date) AS until,
                          SUM(SUM(d.qty)) OVER (PARTITION BY ${list(keys, 'd')} ORDER BY d.biz_date) AS qty,
                          SUM(SUM(d.amount)) OVER (PARTITION BY ${list(keys, 'd')} ORDER BY d.biz_date) AS amount
                     FROM ${from} d GROUP BY ${list(keys, 'd')}, d.biz_date`;
  const day = 'CAST(g.d AS DATE)';
  const keep = `${day} = r.since OR EXISTS (SELECT 1 FROM stock_ledger l WHERE l.tenant_id = $1 AND l.biz_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) AND l.biz_date = ${day} AND ${same(keys, 'l', 'r')})`;
  return `MERGE INTO ${table} s
    USING (SELECT ${list(keys, 'r')}, ${day} AS biz_date, r.qty, r.amount, ${keep} AS keep
             FROM (${running}) r
             JOIN generate_series(CAST(CAST($2 AS DATE) AS TIMESTAMP), CAST(CAST($3 AS DATE) AS TIMESTAMP), INTERVAL '1 day') AS g(d)
               ON ${day} >= r.since AND (r.until IS NULL OR ${day} < r.until)) x
       ON s.tenant_id = $1 AND s.biz_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) AND s.biz_date = x.biz_date AND ${same(keys, 's', 'x')}
     WHEN MATCHED AND s.qty + x.qty = 0 AND s.amount + x.amount = 0 AND NOT x.keep THEN DELETE
     WHEN MATCHED THEN UPDATE SET qty = s.qty + x.qty, amount = s.amount + x.amount
     WHEN NOT MATCHED AND (x.qty <> 0 OR x.amount <> 0 OR x.keep) THEN
       INSERT (tenant_id, biz_date, ${keys.join(', ')}, qty, amount) VALUES ($1, x.biz_date, ${list(keys, 'x')}, x.qty, x.amount)`;
}

const SNAPSHOT_KEYS: readonly [table: string, keys: readonly string[]][] = [
  ['stock_daily_snapshot', ['org_code', 'center_code', 'sku_no']],
  ['lot_stock_daily_snapshot', ['org_code', 'center_code', 'sku_no', 'lot_no']],
];

/** The combined read's part for the day kept in day_close (one-read.ts). */
export const snapshotDayRead = (tenantId: number): ReadPart => ({
  part: 'snapshot day',
  select: `SELECT ${text('snapshots_through')}, ${NO_TEXT}, ${NO_TEXT}, ${NO_TEXT}, ${NO_NUM}, ${NO_NUM}, ${NO_NUM} FROM day_close WHERE tenant_id = $1`,
  params: [tenantId],
});

/**
 * The day through which a tenant's snapshots hold a row for every position with stock or value:
 * kept in day_close (`read`: as the posting's combined read found it); a database from before it was
 * kept answers the last day its snapshots reach.
 */
async function snapshotsThrough(tx: Db, tenantId: number, read?: Map<string, ReadRow[]>): Promise<string | null> {
  const [kept] = read?.get('snapshot day')?.map((r) => ({ d: r.a })) ?? (await tx.query<{ d: string | null }>('SELECT snapshots_through AS d FROM day_close WHERE tenant_id = $1', [tenantId]));
  if (kept?.d) return kept.d;
  const [built] = await tx.query<{ d: string | null }>('SELECT MAX(biz_date) AS d FROM stock_daily_snapshot WHERE tenant_id = $1', [tenantId]);
  return built?.d ?? null;
}

/** Whether the snapshots already reach `day` (a posting then carries nothing forward). */
export async function snapshotsReach(tx: Db, tenantId: number, day: string): Promise<boolean> {
  const through = await snapshotsThrough(tx, tenantId);
  return through !== null && through >= day;
}

export async function recordSnapshotsThrough(tx: Db, tenantId: number, day: string): Promise<void> {
  await tx.query(
    `INSERT INTO day_close (tenant_id, snapshots_through) VALUES ($1, CAST($2 AS DATE))
     ON CONFLICT (tenant_id) DO UPDATE SET snapshots_through = excluded.snapshots_through`,
    [tenantId, day],
  );
}

/**
 * Carries the snapshots forward to `day`: each day after the last one carried gets a row for every
 * position (and lot) that closed the day before with stock or value and has no row yet, so a missing
 * row still means zero once the calendar has moved on. Runs in the caller's transaction under the
 * tenant's posting lock (postings correct from their date to today and need today's rows to exist);
 * the rows carried; nothing when the snapshots already reach `day`. `read`: the posting's combined read.
 */
export async function carrySnapshotsForward(tx: Db, tenantId: number, day: string, read?: Map<string, ReadRow[]>): Promise<number> {
  const through = await snapshotsThrough(tx, tenantId, read);
  if (through !== null && through >= day) return 0;
  let carried = 0;
  if (through !== null) {
    for (let d = addDays(through, 1), before = through; d <= day; before = d, d = addDays(d, 1)) {
      for (const [table, keys] of SNAPSHOT_KEYS) {
        const rows = await tx.query(
          `INSERT INTO ${table} (tenant_id, biz_date, ${keys.join(', ')}, qty, amount)
           SELECT p.tenant_id, CAST($2 AS DATE), ${keys.map((k) => `p.${k}`).join(', ')}, p.qty, p.amount FROM ${table} p
            WHERE p.tenant_id = $1 AND p.biz_date = CAST($3 AS DATE) AND (p.qty <> 0 OR p.amount <> 0)
              AND NOT EXISTS (SELECT 1 FROM ${table} z WHERE z.tenant_id = $1 AND z.biz_date = CAST($2 AS DATE) AND ${keys.map((k) => `z.${k} = p.${k}`).join(' AND ')})
           RETURNING 1 AS x`,
          [tenantId, d, before],
        );
        carried += rows.length;
      }
    }
  }
  await recordSnapshotsThrough(tx, tenantId, day);
  return carried;
}

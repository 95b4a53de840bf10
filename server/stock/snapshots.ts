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
    const id = JSON.stringify([key.org, key.center, key.sku, key.lot, date]);
    const d = this.byKey.get(id);
    if (d) {
      d.qty += qty;
      d.amt += amt;
    } else this.byKey.set(id, { key, date, qty, amt });
  }
}

const keyColumns = (key: SnapshotKey) => ['org_code', 'center_code', 'sku_no', ...(key.lot === null ? [] : ['lot_no'])];
const keyValues = (key: SnapshotKey) => [key.org, key.center, key.sku, ...(key.lot === null ? [] : [key.lot])];
const tableOf = (key: SnapshotKey) => (key.lot === null ? 'stock_daily_snapshot' : 'lot_stock_daily_snapshot');

/** `alias.column = $n` for each key column, the parameters numbered from `first`. */
const keyWhere = (key: SnapshotKey, first: number, alias: string) =>
  keyColumns(key).map((c, i) => `${alias}.${c} = $${first + i}`).join(' AND ');

export async function applySnapshotDeltas(tx: Db, tenantId: number, today: string, deltas: SnapshotDeltas): Promise<void> {
  for (const d of deltas.byKey.values()) {
    if (d.date > today) continue;
    const table = tableOf(d.key);
    const cols = keyColumns(d.key);
    const change = [tenantId, d.date, today, d.qty, toYuan(d.amt), ...keyValues(d.key)];
    await tx.query(
      `UPDATE ${table} s SET qty = s.qty + CAST($4 AS DECIMAL(18,3)), amount = s.amount + CAST($5 AS DECIMAL(18,4))
        WHERE s.tenant_id = $1 AND s.biz_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) AND ${keyWhere(d.key, 6, 's')}`,
      change,
    );
    await tx.query(
      `INSERT INTO ${table} (tenant_id, biz_date, ${cols.join(', ')}, qty, amount)
       SELECT $1, CAST(g.d AS DATE), ${cols.map((_, i) => `CAST($${6 + i} AS VARCHAR)`).join(', ')}, CAST($4 AS DECIMAL(18,3)), CAST($5 AS DECIMAL(18,4))
         FROM generate_series(CAST($2 AS TIMESTAMP), CAST($3 AS TIMESTAMP), INTERVAL '1 day') AS g(d)
        WHERE NOT EXISTS (SELECT 1 FROM ${table} z WHERE z.tenant_id = $1 AND z.biz_date = CAST(g.d AS DATE) AND ${keyWhere(d.key, 6, 'z')})`,
      change,
    );
    await tx.query(
      `DELETE FROM ${table} s
        WHERE s.tenant_id = $1 AND s.biz_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) AND ${keyWhere(d.key, 4, 's')} AND s.qty = 0 AND s.amount = 0
          AND NOT EXISTS (SELECT 1 FROM stock_ledger l WHERE l.tenant_id = $1 AND l.biz_date = s.biz_date AND ${keyWhere(d.key, 4, 'l')})`,
      [tenantId, d.date, today, ...keyValues(d.key)],
    );
  }
}

const SNAPSHOT_KEYS: readonly [table: string, keys: readonly string[]][] = [
  ['stock_daily_snapshot', ['org_code', 'center_code', 'sku_no']],
  ['lot_stock_daily_snapshot', ['org_code', 'center_code', 'sku_no', 'lot_no']],
];

/**
 * The day through which a tenant's snapshots hold a row for every position with stock or value:
 * kept in day_close; a database from before it was kept answers the last day its snapshots reach.
 */
async function snapshotsThrough(tx: Db, tenantId: number): Promise<string | null> {
  const [kept] = await tx.query<{ d: string | null }>('SELECT snapshots_through AS d FROM day_close WHERE tenant_id = $1', [tenantId]);
  if (kept?.d) return kept.d;
  const [built] = await tx.query<{ d: string | null }>('SELECT MAX(biz_date) AS d FROM stock_daily_snapshot WHERE tenant_id = $1', [tenantId]);
  return built?.d ?? null;
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
 * the rows carried; nothing when the snapshots already reach `day`.
 */
export async function carrySnapshotsForward(tx: Db, tenantId: number, day: string): Promise<number> {
  const through = await snapshotsThrough(tx, tenantId);
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

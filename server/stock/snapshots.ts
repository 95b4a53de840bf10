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
import { withScratch } from '../db/scratch';
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
 * Applies the changes set-based, one statement-set per table: per position (or lot), the running sum
 * of its changes holds from each change's date to the next one's; existing rows from there to today
 * gain it, missing days are added with it, and rows left at zero on a day without a movement go, as if
 * the table had been built from the whole ledger.
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
    await withScratch(tx, columns, rows, (scratch) => applyScratch(tx, lots ? 'lot_stock_daily_snapshot' : 'stock_daily_snapshot', keys, scratch, tenantId, since, today));
  }
}

/** `since`, the earliest change date, bounds every statement's days, so a posting of today reads only today's rows. */
async function applyScratch(tx: Db, table: string, keys: readonly string[], scratch: string, tenantId: number, since: string, today: string): Promise<void> {
  const same = (a: string, b: string) => keys.map((k) => `${a}.${k} = ${b}.${k}`).join(' AND ');
  const list = (a: string) => keys.map((k) => `${a}.${k}`).join(', ');
  // per key and change date: the running sum, valid until the next change date
  const running = `(SELECT ${list('d')}, d.biz_date AS since,
                           LEAD(d.biz_date) OVER (PARTITION BY ${list('d')} ORDER BY d.biz_date) AS until,
                           SUM(SUM(d.qty)) OVER (PARTITION BY ${list('d')} ORDER BY d.biz_date) AS qty,
                           SUM(SUM(d.amount)) OVER (PARTITION BY ${list('d')} ORDER BY d.biz_date) AS amount
                      FROM ${scratch} d GROUP BY ${list('d')}, d.biz_date)`;
  const during = (day: string) => `${day} >= r.since AND (r.until IS NULL OR ${day} < r.until)`;
  const days = (day: string) => `${day} BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`;
  await tx.query(
    `UPDATE ${table} s SET qty = s.qty + r.qty, amount = s.amount + r.amount
       FROM ${running} r
      WHERE s.tenant_id = $1 AND ${same('s', 'r')} AND ${days('s.biz_date')} AND ${during('s.biz_date')}`,
    [tenantId, since, today],
  );
  await tx.query(
    `INSERT INTO ${table} (tenant_id, biz_date, ${keys.join(', ')}, qty, amount)
     SELECT $1, CAST(g.d AS DATE), ${list('r')}, r.qty, r.amount
       FROM ${running} r
       JOIN generate_series(CAST(CAST($2 AS DATE) AS TIMESTAMP), CAST(CAST($3 AS DATE) AS TIMESTAMP), INTERVAL '1 day') AS g(d)
         ON ${during('CAST(g.d AS DATE)')}
      WHERE NOT EXISTS (SELECT 1 FROM ${table} z WHERE z.tenant_id = $1 AND ${days('z.biz_date')} AND z.biz_date = CAST(g.d AS DATE) AND ${same('z', 'r')})`,
    [tenantId, since, today],
  );
  // a day with a movement keeps its row, whether the movement is this posting's or in the ledger already
  await tx.query(
    `DELETE FROM ${table} s
      WHERE s.tenant_id = $1 AND s.qty = 0 AND s.amount = 0 AND ${days('s.biz_date')}
        AND EXISTS (SELECT 1 FROM ${scratch} d WHERE ${same('d', 's')} AND d.biz_date <= s.biz_date)
        AND NOT EXISTS (SELECT 1 FROM ${scratch} d WHERE ${same('d', 's')} AND d.biz_date = s.biz_date)
        AND NOT EXISTS (SELECT 1 FROM stock_ledger l WHERE l.tenant_id = $1 AND ${days('l.biz_date')} AND l.biz_date = s.biz_date AND ${same('l', 's')})`,
    [tenantId, since, today],
  );
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

/**
 * Keeping the daily closing balances right after a posting. A snapshot row holds a position's
 * running Σ qty and Σ (amount + cost difference) at the end of a day; a missing row means zero
 * (the seed writes a row for each day with stock or value, and for each day with a movement:
 * server/db/seed/snapshots.ts). A posting dated d changes every day from d to today by its amounts:
 * existing rows are corrected, missing days are added, and days left at zero without a movement are
 * dropped again, so the table looks exactly as if it had been built from the whole ledger.
 */
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

/**
 * The seed's history in through the product's loader: the rows a retailer would supply, collected by
 * the writer as files (fact-files.ts), are loaded for the tenant like `npm run load` loads a retailer's
 * first files — checked, the stock facts posted in time order (ledger, positions, lots, booked costs),
 * one transaction. The snapshots and summaries follow once every load is in (seed index.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataContract } from '../../ingest/contract';
import { loadFolder } from '../../ingest/load';
import { withScratch } from '../scratch';
import type { Db } from '../types';
import { Rng } from './prng';
import type { Writer } from './sink';

/** Loads what the writer collected since the last load; rows written per table. */
export async function loadCollected(db: Db, w: Writer, contract: DataContract, tenantId: number, today: string, onProgress: (msg: string) => void): Promise<Record<string, number>> {
  if (!w.files) throw new Error('seed: the writer collects no files');
  await w.flushAll();
  const folder = await mkdtemp(join(tmpdir(), `hm-seed-${tenantId}-`));
  try {
    await w.files.writeTo(folder);
    const result = await loadFolder({ target: db, contract, tenantId, folder, source: { kind: 'file' }, history: true, today, derived: 'later', log: onProgress });
    if (!result.ok) {
      const first = result.rejectList.slice(0, 5).map((r) => `${r.table} line ${r.line} ${r.column}=${r.value}: ${r.en}`);
      throw new Error(`seed: the loader refused tenant ${tenantId}'s files (${result.rejects} rejects): ${first.join('; ')}`);
    }
    onProgress(`${tenantId}: loaded ${result.tables.reduce((a, t) => a + t.rows, 0)} rows in ${result.seconds.toFixed(1)} s`);
    return Object.fromEntries(result.tables.map((t) => [t.table, t.rows]));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Some goods on hold (quality checks, claims): about one position in twenty with more than ten in stock has one to three frozen. */
export async function freezeSome(db: Db, tenantId: number): Promise<void> {
  const rng = Rng.of(tenantId, 'balances');
  const held = await db.query<{ org_code: string; center_code: string; sku_no: string }>(
    'SELECT org_code, center_code, sku_no FROM stock WHERE tenant_id = $1 AND stock_num > 10 ORDER BY org_code, center_code, sku_no',
    [tenantId],
  );
  const rows = held.filter(() => rng.chance(0.05)).map((p) => [p.org_code, p.center_code, p.sku_no, rng.int(1, 3)]);
  if (!rows.length) return;
  const columns = [{ name: 'org_code', type: 'VARCHAR' }, { name: 'center_code', type: 'VARCHAR' }, { name: 'sku_no', type: 'VARCHAR' }, { name: 'n', type: 'INTEGER' }];
  await withScratch(db, columns, rows, (from) =>
    db.query(
      `UPDATE stock SET freeze_num = f.n, usable_num = stock_num - f.n
         FROM ${from} f WHERE stock.tenant_id = $1 AND stock.org_code = f.org_code AND stock.center_code = f.center_code AND stock.sku_no = f.sku_no`,
      [tenantId],
    ),
  );
}

import { today as businessToday } from '../../clock';
import { refreshShippedSummaries } from '../../report/summary-refresh';
import type { Db } from '../types';
import { writeMenu } from './config';
import { withFewerCheckpoints } from './checkpoints';
import { addDays } from '../../../engine/dates/calendar';
import { threeMonthCutoff } from '../../../engine/dates';
import { ARCHIVE_FAMILIES, buildPaymentDaily, recordClosedThrough, rotateArchives } from '../../close';
import { recordSnapshotsThrough } from '../../stock/snapshots';
import { buildSnapshots } from '../../stock/snapshot-build';
import { seedDocuments } from './documents';
import { seedExtraOps } from './extra-ops';
import { seedExtraSales } from './extra-sales';
import { tenantProfiles, type Scale } from './scale';
import { Writer } from './sink';
import { seedTenant } from './tenant';
import { dataContract } from '../../ingest/contract-fs';
import { freezeSome, loadCollected } from './load-history';

export type { Scale } from './scale';

export interface SeedOptions {
  scale: Scale;
  /** 'YYYY-MM-DD'; default today in Asia/Shanghai. Same today and scale → same data. */
  today?: string;
  onProgress?: (msg: string) => void;
}

export interface SeedSummary {
  scale: Scale;
  today: string;
  /** rows dated before this live in the *_his tables */
  cutoff: string;
  seconds: number;
  rows: Record<string, number>;
}

/**
 * Fills an empty, migrated database with the demo tenants 10139, 266 and 30001 (special).
 * Deterministic (seeded PRNG streams per tenant, day and store) and memory-bounded: facts are generated
 * day by day and appended in date order.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const today = opts.today ?? businessToday();
  const cutoff = threeMonthCutoff(today);
  const rows = await withFewerCheckpoints(db, () => fill(db, opts.scale, today, cutoff, opts.onProgress ?? (() => {})));
  return { scale: opts.scale, today, cutoff, seconds: (Date.now() - started) / 1000, rows };
}

/**
 * The tenants, their extras and documents as live facts; then what the product derives from facts, by
 * the product's own code: the daily snapshots, the T+1 payment copy, the archives and the summaries,
 * and the days counted as closed. Rows per table.
 */
async function fill(db: Db, scale: Scale, today: string, cutoff: string, onProgress: (msg: string) => void): Promise<Record<string, number>> {
  const contract = dataContract();
  const w = await Writer.open(db, { contract });
  const hashes = new Map<string, string>();
  const loaded: Record<string, number> = {};
  const count = (rows: Record<string, number>) => {
    for (const [table, n] of Object.entries(rows)) loaded[table] = (loaded[table] ?? 0) + n;
  };
  let start = today;
  try {
    writeMenu(w);
    const profiles = tenantProfiles(scale);
    for (const [i, profile] of profiles.entries()) {
      onProgress(`tenant ${profile.tenantId} ${profile.tenantName} (${scale})`);
      const first = await seedTenant(w, { profile, tenantDigit: i + 1, today, hashes, onProgress });
      if (first < start) start = first;
      count(await loadCollected(db, w, contract, profile.tenantId, today, onProgress));
      // the extras read the loaded stock and facts back
      await seedExtraSales(db, w, profile.tenantId, today);
      await seedExtraOps(db, w, profile.tenantId, today);
      count(await loadCollected(db, w, contract, profile.tenantId, today, onProgress));
      await freezeSome(db, profile.tenantId);
    }
    await w.flushAll();
  } finally {
    await w.close();
  }
  // the daily balances are built from the complete ledger the loads posted, extras included
  await buildSnapshots(db, start, today, onProgress);
  // the document screens' own documents post through the product, which keeps the balances right
  for (const profile of tenantProfiles(scale)) await seedDocuments(db, profile.tenantId, today);
  const rows = { ...w.counts(), ...loaded };
  for (const profile of tenantProfiles(scale)) {
    onProgress(`tenant ${profile.tenantId}: payments per day, archives before ${cutoff}`);
    rows.sales_payment_daily = (rows.sales_payment_daily ?? 0) + (await buildPaymentDaily(db, profile.tenantId, start, addDays(today, -1)));
    await rotateArchives(db, profile.tenantId, cutoff, { batchDays: 31 });
    await db.transaction(async (tx) => {
      await recordClosedThrough(tx, profile.tenantId, addDays(today, -1));
      await recordSnapshotsThrough(tx, profile.tenantId, today);
    });
  }
  // the report summaries are sums of the finished facts
  onProgress('report summaries');
  for (const s of await refreshShippedSummaries(db)) rows[s.table] = s.rows;
  const archived = ARCHIVE_FAMILIES.flatMap((f) => [f.header, ...f.lines.map((l) => l.table)]).flatMap((t) => [t, `${t}_his`]);
  const specialArchive = ARCHIVE_FAMILIES.flatMap((f) => f.special?.tables ?? []).map((t) => `${t}_his_x`);
  for (const table of ['stock_daily_snapshot', 'lot_stock_daily_snapshot', ...archived, ...specialArchive]) {
    rows[table] = Number((await db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
  }
  return rows;
}

/** Seeds only a database without tenants; returns null when it already holds data. */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<SeedSummary | null> {
  const [{ n }] = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM tenant');
  if (Number(n) > 0) return null;
  return seed(db, opts);
}

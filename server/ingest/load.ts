/**
 * The load of a retailer's files (docs/loading.md): a folder of one file per table is staged in an
 * in-memory DuckDB and checked there against the data contract; only when no row is refused is
 * everything written, in one transaction under the tenant's posting lock: master data upserted by
 * natural key, facts inserted and posted like approved documents, the summaries and the T+1 payment
 * copy of the days they touch rebuilt. Each load leaves a row in ingest_log; the same files loaded
 * again are recognised by their fingerprint and change nothing.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Catalogue } from '../../engine/definition/catalogue';
import { sqlTimestamp } from '../clock';
import { buildPaymentDaily } from '../close/payment-daily';
import { closedThrough } from '../close/state';
import { openDuckDb } from '../db/duckdb';
import { lockTenant } from '../db/tenant-lock';
import type { Db } from '../db/types';
import { validCatalogueFromDir } from '../report/catalogue-fs';
import { refreshSummaryDays } from '../report/summary-refresh';
import { HttpError } from '../http/errors';
import { tenantToday } from '../tenant-clock';
import type { DataContract } from './contract';
import { checkFacts, factDays, factLoads, prepareFacts, removeReplaced, storedFacts, type FactLoad } from './load-facts';
import { planFiles, REJECTS_FILE, stageFile, type LoadFile } from './load-files';
import { checkReferences } from './load-references';
import { rejectsCsv, writeRejects, type Reject } from './load-rejects';
import { checkColumns, checkKeys, checkValues } from './load-validate';
import { insertRows, upsertTables, type StagedFile } from './load-write';

export type LoadSource = { kind: 'file' } | { kind: 'push'; keyId: number };

export interface LoadOptions {
  target: Db;
  contract: DataContract;
  tenantId: number;
  folder: string;
  source: LoadSource;
  /** one progress line at a time */
  log?: (line: string) => void;
  /** runs inside the write transaction (a push's Idempotency-Key commits with its rows) */
  seal?: (tx: Db) => Promise<void>;
  /**
   * A retailer's history (its first load, moving from another system): facts of any day up to today,
   * not only of the open period. Everything else is checked as for any load.
   */
  history?: boolean;
  /** the business day; default the tenant's today */
  today?: string;
  /**
   * 'later': the caller rebuilds the daily snapshots and the summaries from the complete facts once its
   * last load is in (correcting a year of snapshots load by load costs far more than one rebuild).
   */
  derived?: 'now' | 'later';
}

export interface LoadResult {
  ok: boolean;
  /** done: written; refused: nothing written, see the rejects; repeated: these files were loaded before, nothing written */
  status: 'done' | 'refused' | 'repeated';
  /** rows per table: read (when refused or repeated) or written */
  tables: { table: string; file: string; rows: number }[];
  rejects: number;
  /** the first rejects (at most REJECTS_KEPT) */
  rejectList: Reject[];
  /** where the refused rows are listed, when there are any */
  rejectsFile?: string;
  seconds: number;
  logId: number;
}

/** A mistake in how the load was asked for (not in the files): nothing is read or written. */
export class LoadError extends Error {}

/** One file larger than this is refused before it is read (HM_LOAD_MAX_FILE_BYTES). */
export const maxFileBytes = () => Number(process.env.HM_LOAD_MAX_FILE_BYTES ?? 1024 ** 3);
const REJECTS_KEPT = 1000;

/** A refusal found inside the write transaction (a fact already stored): the transaction rolls back. */
class RefusedInWrite extends Error {
  constructor(readonly rejects: Reject[]) {
    super('refused');
  }
}

export async function tenantOf(db: Db, merchantNo: string): Promise<number> {
  const [tenant] = await db.query<{ tenant_id: number }>('SELECT tenant_id FROM tenant WHERE merchant_no = $1', [merchantNo]);
  if (!tenant) throw new LoadError(`商户号 ${merchantNo} 不存在 / unknown merchant_no ${merchantNo}`);
  return Number(tenant.tenant_id);
}

export async function loadFolder(opts: LoadOptions): Promise<LoadResult> {
  const started = new Date();
  const log = opts.log ?? (() => {});
  const { target, tenantId } = opts;
  const today = opts.today ?? (await tenantToday(target, tenantId));
  const later = opts.derived === 'later';
  const staging = await openDuckDb(':memory:');
  const rejectsFile = join(opts.folder, REJECTS_FILE);
  const tables: LoadResult['tables'] = [];
  const finish = async (status: LoadResult['status'], rejects: Reject[], fingerprint: string | null, logId?: number): Promise<LoadResult> => {
    if (rejects.length) await writeRejects(rejectsFile, rejects);
    // a rejects file of an earlier attempt no longer describes these files
    else await rm(rejectsFile, { force: true });
    const id = logId ?? (await target.transaction((tx) => writeLog(tx, opts, { status, tables, rejects, fingerprint, started })));
    const result = { ok: status !== 'refused', status, tables, rejects: rejects.length, rejectList: rejects.slice(0, REJECTS_KEPT), seconds: (Date.now() - started.getTime()) / 1000, logId: id };
    return rejects.length ? { ...result, rejectsFile } : result;
  };
  try {
    const { files, rejects } = await planFiles(opts.folder, opts.contract);
    rejects.push(...(await oversized(files)));
    if (rejects.length) return await finish('refused', rejects, null);
    const fingerprint = await fingerprintOf(files);
    const staged = new Map<string, StagedFile>();
    for (const file of files) {
      const read = await stageFile(staging, file);
      const fileRejects = [...read.rejects, ...(read.rejects.length ? [] : checkColumns(file, read.columns))];
      if (fileRejects.length === 0) {
        fileRejects.push(...(await checkValues(staging, file, read.columns)), ...(await checkKeys(staging, file)));
      }
      log(`读取 / read ${file.file}: ${read.rows} 行 / rows${fileRejects.length ? `, ${fileRejects.length} 处拒收 / rejects` : ''}`);
      tables.push({ table: file.table, file: file.file, rows: read.rows });
      rejects.push(...fileRejects);
      // references are checked against the files that are readable, so one bad file does not hide others' mistakes
      if (!read.rejects.length) staged.set(file.table, { file, columns: read.columns, rows: read.rows });
    }
    if (!rejects.length && (await loadedBefore(target, tenantId, fingerprint))) {
      log('这些文件已导入过，未写入 / these files were loaded before: nothing written');
      return await finish('repeated', [], fingerprint);
    }
    const contracts = new Map(opts.contract.supplied.map((t) => [t.table, t]));
    for (const { file, columns } of staged.values()) {
      rejects.push(...(await checkReferences({ staging, target, tenantId, staged, contracts }, file, columns)));
    }
    const facts = factLoads(staged);
    rejects.push(...facts.rejects);
    for (const load of facts.loads) rejects.push(...(await checkFacts(staging, load, today, opts.history === true)));
    if (rejects.length) return await finish('refused', rejects, fingerprint);

    const factTables = new Set(facts.loads.flatMap((l) => [l.header.file.table, ...l.parts.map((p) => p.file.table)]));
    const master = [...staged.values()].filter((f) => !factTables.has(f.file.table));
    const wrote = (table: string, rows: number) => log(`写入 / wrote ${table}: ${rows} 行 / rows`);
    try {
      const logId = await target.transaction(async (tx) => {
        await lockTenant(tx, 'posting', tenantId);
        const stored = (await Promise.all(facts.loads.map((l) => storedFacts(tx, staging, tenantId, l)))).flat();
        if (stored.length) throw new RefusedInWrite(stored);
        await upsertTables(tx, staging, tenantId, master, wrote);
        await writeFacts(tx, staging, tenantId, today, facts.loads, wrote, later);
        if (!later) await refreshDays(tx, tenantId, today, facts.loads, staging, log);
        await opts.seal?.(tx);
        return writeLog(tx, opts, { status: 'done', tables, rejects: [], fingerprint, started });
      });
      return await finish('done', [], fingerprint, logId);
    } catch (err) {
      if (err instanceof RefusedInWrite) return await finish('refused', err.rejects, fingerprint);
      throw err;
    }
  } finally {
    await staging.close();
  }
}

async function writeFacts(tx: Db, staging: Db, tenantId: number, today: string, loads: readonly FactLoad[], wrote: (table: string, rows: number) => void, snapshotsLater: boolean): Promise<void> {
  try {
    await prepareFacts(tx, staging, tenantId, today, loads, { snapshots: !snapshotsLater });
  } catch (err) {
    // a lot short of stock or a lot number taken: the posting refuses before writing, the load is refused whole
    if (err instanceof HttpError && err.code === 'POSTING_REFUSED') {
      const table = loads.find((l) => l.family.posting)?.header.file;
      throw new RefusedInWrite([{ table: table?.table ?? '', file: table?.file ?? '', line: 0, column: '', value: '', zh: err.message, en: `the posting refused the load: ${err.message}` }]);
    }
    throw err;
  }
  for (const load of loads) {
    await removeReplaced(tx, staging, tenantId, load);
    for (const f of [load.header, ...load.parts]) wrote(f.file.table, await insertRows(tx, staging, tenantId, f));
  }
}

/**
 * The report definitions whose summaries a load rebuilds, read once per process as the server reads
 * its reports' (reading and validating every definition cost a push as much as its summary refresh).
 */
let definitions: Catalogue | undefined;
const summaryCatalogue = () => (definitions ??= validCatalogueFromDir());

/** The summaries and, for days the close has already passed, the T+1 payment copy of the days the facts are dated. */
async function refreshDays(tx: Db, tenantId: number, today: string, loads: readonly FactLoad[], staging: Db, log: (line: string) => void): Promise<void> {
  const ranges = (await Promise.all(loads.map((l) => factDays(staging, l)))).filter((r): r is [string, string] => r !== null);
  if (!ranges.length) return;
  const from = ranges.map((r) => r[0]).sort()[0];
  const to = ranges.map((r) => r[1]).sort().at(-1)!;
  const rows = await refreshSummaryDays(tx, summaryCatalogue(), tenantId, from, to);
  log(`汇总 / summaries ${from} … ${to}: ${rows} 行 / rows`);
  const closed = await closedThrough(tx, tenantId, today);
  if (from <= closed) await buildPaymentDaily(tx, tenantId, from, closed < to ? closed : to);
}

/** Files too large to read are refused before anything is read. */
async function oversized(files: readonly LoadFile[]): Promise<Reject[]> {
  const limit = maxFileBytes();
  const out: Reject[] = [];
  for (const f of files) {
    const { size } = await stat(f.path);
    if (size > limit) {
      out.push({ table: f.table, file: f.file, line: 0, column: '', value: String(size),
        zh: `文件过大（${size} 字节，上限 ${limit}）：请按天或按门店拆分`, en: `file too large (${size} bytes, limit ${limit}): split it by day or by store` });
    }
  }
  return out;
}

/** sha256 over the files' names and bytes, in name order. */
async function fingerprintOf(files: readonly LoadFile[]): Promise<string> {
  const all = createHash('sha256');
  for (const f of [...files].sort((a, b) => a.file.localeCompare(b.file))) {
    const one = createHash('sha256');
    for await (const chunk of createReadStream(f.path)) one.update(chunk as Buffer);
    all.update(`${f.file}\u0000${one.digest('hex')}\u0000`);
  }
  return all.digest('hex');
}

async function loadedBefore(db: Db, tenantId: number, fingerprint: string): Promise<boolean> {
  const [row] = await db.query("SELECT 1 AS x FROM ingest_log WHERE tenant_id = $1 AND fingerprint = $2 AND status = 'done' LIMIT 1", [tenantId, fingerprint]);
  return row !== undefined;
}

interface LogEntry {
  status: LoadResult['status'];
  tables: LoadResult['tables'];
  rejects: readonly Reject[];
  fingerprint: string | null;
  started: Date;
}

/** The load's ingest_log row (under the tenant's posting lock, so concurrent loads number their rows apart); its id. */
async function writeLog(tx: Db, opts: LoadOptions, e: LogEntry): Promise<number> {
  await lockTenant(tx, 'posting', opts.tenantId);
  const [row] = await tx.query<{ id: number | null }>('SELECT MAX(log_id) AS id FROM ingest_log WHERE tenant_id = $1', [opts.tenantId]);
  const id = Number(row?.id ?? 0) + 1;
  const rows = e.tables.reduce((a, t) => a + t.rows, 0);
  await tx.query(
    `INSERT INTO ingest_log (tenant_id, log_id, source, key_id, tables, rows_accepted, rows_rejected, status, fingerprint, started_at, duration_ms, rejects)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CAST($10 AS TIMESTAMP), $11, $12)`,
    [
      opts.tenantId,
      id,
      opts.source.kind,
      opts.source.kind === 'push' ? opts.source.keyId : null,
      e.tables.map((t) => `${t.table}:${t.rows}`).join(','),
      e.status === 'done' ? rows : 0,
      e.status === 'refused' ? e.rejects.length : 0,
      e.status,
      e.fingerprint,
      sqlTimestamp(e.started),
      Date.now() - e.started.getTime(),
      e.rejects.length ? rejectsCsv(e.rejects.slice(0, REJECTS_KEPT)) : null,
    ],
  );
  return id;
}

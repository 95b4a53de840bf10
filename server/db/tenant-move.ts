import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { REFERENCE_TABLES } from './citus';
import { checkIdentifiers } from './identifiers';
import { migrate } from './migrate';
import { openPostgres } from './postgres';
import { sqlTimestamp } from '../clock';
import { placeOf, type MapRow, type Shard } from './shard-map';
import { TENANT_WRITES_LOCK } from './sharded';
import { settleTenantJobs } from './tenant-move-jobs';
import { compareTotals, type TableTotals } from './tenant-totals';

export interface MoveOptions {
  tenantId: number;
  /** the database that holds the tenant now */
  sourceUrl: string;
  /** the database that will hold it: migrated, without rows of the tenant */
  targetUrl: string;
  /** the first shard's database, which keeps the shard map (tenant_shard) */
  controlUrl: string;
  sourceShard: string;
  targetShard: string;
  /** how long API processes take to see the map change (they re-read it every second) */
  drainMs?: number;
  /** how long the tenant's running exports and imports may take to end before they are stopped */
  jobWaitMs?: number;
  /** how long a stopped job may take to end before the move gives up */
  jobStopWaitMs?: number;
  log?: (line: string) => void;
  /** tests only: runs inside the removal of the source's rows before it commits; a throw leaves the removal pending */
  beforeSourceRemoved?: () => Promise<void> | void;
}

export type MoveTuning = Pick<MoveOptions, 'drainMs' | 'jobWaitMs' | 'jobStopWaitMs' | 'beforeSourceRemoved'>;

export interface MoveResult {
  /** false when the run only finished what an earlier move left (the tenant was on the target already) */
  moved: boolean;
  tables: number;
  rows: number;
  totals: TableTotals[];
  /** rows of the tenant an earlier move left on other shards, removed by this run */
  leftovers: { shard: string; rows: number }[];
}

/** Map rows the API reads (shard-map.ts); the move marks the tenant `moving` until it is done. */
const MAP_UPSERT = `INSERT INTO tenant_shard (tenant_id, shard, state, changed_at) VALUES ($1, $2, $3, LOCALTIMESTAMP)
  ON CONFLICT (tenant_id) DO UPDATE SET shard = EXCLUDED.shard, state = EXCLUDED.state, changed_at = EXCLUDED.changed_at`;

/** Base tables with a tenant_id column, each with its columns in order and which of them are numbers. */
const TENANT_COLUMNS = `
  SELECT c.table_name, c.column_name, c.data_type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
   WHERE c.table_schema = current_schema()
     AND EXISTS (SELECT 1 FROM information_schema.columns k WHERE k.table_schema = c.table_schema AND k.table_name = c.table_name AND k.column_name = 'tenant_id')
   ORDER BY c.table_name, c.ordinal_position`;

const NUMERIC_TYPES = new Set(['smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision']);

export interface TenantTable {
  name: string;
  columns: string[];
  numbers: string[];
}

async function connect(url: string, applicationName = 'hm-tenant-move'): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url, application_name: applicationName });
  await c.connect();
  return c;
}

/** The tables a tenant's rows live in: every tenant table except the shared (reference) ones. */
export async function tenantTables(c: pg.Client): Promise<TenantTable[]> {
  const rows = (await c.query<{ table_name: string; column_name: string; data_type: string }>(TENANT_COLUMNS)).rows;
  const tables = new Map<string, TenantTable>();
  for (const r of rows) {
    if (REFERENCE_TABLES.includes(r.table_name)) continue;
    const t = tables.get(r.table_name) ?? { name: r.table_name, columns: [], numbers: [] };
    t.columns.push(r.column_name);
    if (NUMERIC_TYPES.has(r.data_type) && r.column_name !== 'tenant_id') t.numbers.push(r.column_name);
    tables.set(r.table_name, t);
  }
  for (const t of tables.values()) checkIdentifiers(t.name, ...t.columns);
  return [...tables.values()];
}

/** Row count and the sum of every number column of one tenant's rows in each table. */
export async function tenantTotals(c: pg.Client, tables: readonly TenantTable[], tenantId: number): Promise<TableTotals[]> {
  const out: TableTotals[] = [];
  for (const t of tables) {
    const sums = t.numbers.map((col, i) => `sum(${col})::text AS s${i}`);
    const { rows } = await c.query(`SELECT ${['count(*)::text AS n', ...sums].join(', ')} FROM ${t.name} WHERE tenant_id = $1`, [tenantId]);
    const row = rows[0] as Record<string, string | null>;
    out.push({ table: t.name, rows: Number(row.n), sums: Object.fromEntries(t.numbers.map((col, i) => [col, row[`s${i}`]])) });
  }
  return out;
}

async function migrations(c: pg.Client): Promise<string> {
  return (await c.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id')).rows.map((r) => r.id).join(',');
}

/** Copies one table's rows of the tenant in PostgreSQL's binary COPY format (both sides share the schema). */
async function copyTable(source: pg.Client, target: pg.Client, table: string, columns: readonly string[], tenantId: number): Promise<void> {
  const list = columns.join(', ');
  const out = source.query(copyTo(`COPY (SELECT ${list} FROM ${table} WHERE tenant_id = ${tenantId}) TO STDOUT (FORMAT binary)`));
  const into = target.query(copyFrom(`COPY ${table} (${list}) FROM STDIN (FORMAT binary)`));
  await pipeline(out, into);
}

/**
 * Moves one tenant to another shard: marks it moving in the map (its requests are refused), waits for
 * requests in flight and for its running jobs, copies its rows of every tenant table in one transaction
 * on the target from one snapshot of the source, checks counts and sums per table against that
 * snapshot and again against the source as it is now (a late write fails the move instead of being
 * lost), switches the map with the source's removal pending (`cleanup`), removes the source's rows and
 * marks the tenant active. Any failure before the switch rolls the target back and leaves the tenant
 * where it was; a failed removal stays pending until the next move of the tenant finishes it
 * (`moveMerchant`).
 */
export async function moveTenant(o: MoveOptions): Promise<MoveResult> {
  if (!Number.isSafeInteger(o.tenantId)) throw new Error(`not a tenant id: ${o.tenantId}`);
  const log = o.log ?? (() => {});
  const [source, target, control] = [await connect(o.sourceUrl), await connect(o.targetUrl), await connect(o.controlUrl)];
  let switched = false;
  try {
    if ((await migrations(source)) !== (await migrations(target))) throw new Error('the target shard is not migrated like the source: run the migrations on every shard first');
    const tables = await tenantTables(source);
    const already = (await tenantTotals(target, tables, o.tenantId)).filter((t) => t.rows > 0);
    if (already.length) throw new Error(`the target shard already holds rows of tenant ${o.tenantId} (${already.map((t) => t.table).join(', ')})`);

    await control.query(MAP_UPSERT, [o.tenantId, o.sourceShard, 'moving']);
    try {
      const drainMs = o.drainMs ?? 2000;
      log(`tenant ${o.tenantId} marked moving; waiting ${drainMs} ms for requests in flight`);
      await new Promise((r) => setTimeout(r, drainMs));
      await settleTenantJobs(source, o.tenantId, { waitMs: o.jobWaitMs ?? 60_000, stopWaitMs: o.jobStopWaitMs ?? 30_000, log });
      // from here no transaction of the tenant commits on the source (sharded.ts): the lock waits for
      // those under way and is held until this connection ends
      await source.query(`SET lock_timeout = '30s'`);
      await source.query('SELECT pg_advisory_lock($1, $2)', [TENANT_WRITES_LOCK, o.tenantId]);
      await source.query('RESET lock_timeout');
      await target.query('BEGIN');
      // one snapshot of the source for the copy and its check
      await source.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // the tenant row is shared (every shard has its tenants'), copied when the target lacks it
      const { rows } = await target.query('SELECT 1 FROM tenant WHERE tenant_id = $1', [o.tenantId]);
      if (rows.length === 0) await copyTable(source, target, 'tenant', await tenantColumns(source), o.tenantId);
      // a tenant coming back: its transactions here are served again once the map says so
      await target.query('DELETE FROM tenant_departed WHERE tenant_id = $1', [o.tenantId]);
      for (const t of tables) await copyTable(source, target, t.name, t.columns, o.tenantId);
      const before = await tenantTotals(source, tables, o.tenantId);
      await source.query('COMMIT');
      const after = await tenantTotals(target, tables, o.tenantId);
      const diff = compareTotals(before, after);
      if (diff.length) throw new Error(`copy check failed: ${diff.join('; ')}`);
      // a write outside a transaction (no lock) that came after the snapshot would be lost at the switch
      const late = compareTotals(before, await tenantTotals(source, tables, o.tenantId));
      if (late.length) throw new Error(`the tenant's rows changed on ${o.sourceShard} during the copy (${late.slice(0, 3).join('; ')}); nothing was moved, run the move again`);
      await raiseSequences(source, target);
      await target.query('COMMIT');
      log(`copied ${tables.length} tables, ${before.reduce((n, t) => n + t.rows, 0)} rows; counts and sums equal`);
      await control.query(MAP_UPSERT, [o.tenantId, o.targetShard, 'cleanup']);
      switched = true;
      log(`map switched: tenant ${o.tenantId} on ${o.targetShard}; its rows on ${o.sourceShard} are to be removed`);
      const removed = await removeTenantRows(source, tables, o.tenantId, o.targetShard, o.beforeSourceRemoved);
      await markActive(control, o.tenantId, o.targetShard);
      log(`removed tenant ${o.tenantId}'s ${removed} rows from ${o.sourceShard}`);
      return { moved: true, tables: tables.length, rows: after.reduce((n, t) => n + t.rows, 0), totals: after, leftovers: [] };
    } catch (err) {
      if (switched) {
        throw new Error(
          `tenant ${o.tenantId} is on ${o.targetShard} now, but removing its rows from ${o.sourceShard} failed (${(err as Error).message}); ` +
            'the removal is pending: run the same tenant:move again to finish it',
        );
      }
      await target.query('ROLLBACK').catch(() => {});
      await source.query('ROLLBACK').catch(() => {});
      await control.query(MAP_UPSERT, [o.tenantId, o.sourceShard, 'active']);
      throw err;
    }
  } finally {
    await Promise.all([source.end(), target.end(), control.end()]);
  }
}

/**
 * Deletes every row of the tenant from one shard's tenant tables, in one transaction, and records there
 * where the tenant went (a late transaction of the tenant on this shard is refused); how many rows.
 */
async function removeTenantRows(c: pg.Client, tables: readonly TenantTable[], tenantId: number, wentTo: string, beforeCommit?: () => Promise<void> | void): Promise<number> {
  let removed = 0;
  try {
    await c.query('BEGIN');
    for (const t of tables) removed += (await c.query(`DELETE FROM ${t.name} WHERE tenant_id = $1`, [tenantId])).rowCount ?? 0;
    await c.query(
      `INSERT INTO tenant_departed (tenant_id, shard, departed_at) VALUES ($1, $2, CAST($3 AS TIMESTAMP))
       ON CONFLICT (tenant_id) DO UPDATE SET shard = EXCLUDED.shard, departed_at = EXCLUDED.departed_at`,
      [tenantId, wentTo, sqlTimestamp()],
    );
    await beforeCommit?.();
    await c.query('COMMIT');
    return removed;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/** The tenant's removal is done: the map says so (only if it still names `shard`). */
async function markActive(control: pg.Client, tenantId: number, shard: string): Promise<void> {
  await control.query(`UPDATE tenant_shard SET state = 'active', changed_at = LOCALTIMESTAMP WHERE tenant_id = $1 AND shard = $2`, [tenantId, shard]);
}

async function tenantColumns(c: pg.Client): Promise<string[]> {
  const { rows } = await c.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'tenant' ORDER BY ordinal_position`,
  );
  return rows.map((r) => r.column_name);
}

/** Ids drawn from a sequence on the source must not be drawn again on the target: each target sequence is raised to the source's. */
async function raiseSequences(source: pg.Client, target: pg.Client): Promise<void> {
  const { rows } = await source.query<{ name: string; last: string }>(
    `SELECT sequencename AS name, coalesce(last_value, start_value)::text AS last FROM pg_sequences WHERE schemaname = current_schema()`,
  );
  for (const s of rows) {
    checkIdentifiers(s.name);
    await target.query(`SELECT setval('${s.name}', greatest((SELECT last_value FROM ${s.name}), $1::bigint))`, [s.last]);
  }
}

/** First key of the advisory lock one move holds on the main shard for its tenant (tenant-lock.ts uses 7xxx too). */
const MOVE_LOCK = 7601;

/**
 * `npm run tenant:move -- <merchant> <shard>`: finds the merchant's tenant and its shard in the map
 * kept on the first shard, finishes what an earlier move of the tenant left (rows on a shard it left:
 * a removal that failed after the switch, or a copy of a move stopped before its switch), migrates the
 * target shard, and moves the tenant there. One move of a tenant at a time: the run holds a lock on the
 * main shard, so a tenant marked moving without that lock held is a move that stopped, and is resumed.
 */
export async function moveMerchant(
  shards: readonly Shard[],
  merchantNo: string,
  targetName: string,
  log: (line: string) => void = () => {},
  tuning: MoveTuning = {},
): Promise<MoveResult> {
  const main = shards[0];
  const target = shards.find((s) => s.name === targetName);
  if (!target) throw new Error(`no shard named ${targetName} (shards: ${shards.map((s) => s.name).join(', ')})`);
  const control = await connect(main.url);
  try {
    const found = (await control.query<{ tenant_id: string }>('SELECT tenant_id FROM tenant WHERE merchant_no = $1', [merchantNo])).rows;
    if (!found.length) throw new Error(`no tenant with merchant number ${merchantNo}`);
    const tenantId = Number(found[0].tenant_id);
    const [{ locked }] = (await control.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [MOVE_LOCK, tenantId])).rows;
    if (!locked) throw new Error(`tenant ${tenantId} is being moved already`);
    const rows = (await control.query<MapRow>('SELECT tenant_id, shard, state FROM tenant_shard WHERE tenant_id = $1', [tenantId])).rows;
    const place = placeOf(rows, tenantId);
    const home = shards.find((s) => s.name === place.shard);
    if (!home) throw new Error(`tenant ${tenantId} is on shard ${place.shard}, which HM_SHARDS does not name`);
    let leftovers: MoveResult['leftovers'] = [];
    if (rows[0] && rows[0].state !== 'active') {
      log(`tenant ${tenantId} on ${home.name}: an earlier move left ${rows[0].state === 'cleanup' ? 'its old rows to remove' : 'it marked moving'}; finishing that first`);
      leftovers = await removeLeftovers(shards, home, tenantId, log, tuning.beforeSourceRemoved);
      await markActive(control, tenantId, home.name);
    }
    if (home.name === target.name) {
      if (rows[0]?.state === 'active' || !rows[0]) throw new Error(`tenant ${tenantId} (merchant ${merchantNo}) is on ${target.name} already`);
      return { moved: false, tables: 0, rows: 0, totals: [], leftovers };
    }
    const db = await openPostgres(target.url);
    try {
      const applied = await migrate(db);
      if (applied.length) log(`migrated ${target.name}: ${applied.join(', ')}`);
    } finally {
      await db.close();
    }
    log(`moving tenant ${tenantId} (merchant ${merchantNo}) from ${home.name} to ${target.name}`);
    const result = await moveTenant({
      ...tuning,
      tenantId,
      sourceUrl: home.url,
      targetUrl: target.url,
      controlUrl: main.url,
      sourceShard: home.name,
      targetShard: target.name,
      log,
    });
    return { ...result, leftovers };
  } finally {
    // ending the connection releases the move's lock
    await control.end();
  }
}

/**
 * Removes the tenant's rows from every shard but `home`, the one the map names: rows there are no
 * one's (a removal left pending, or a copy whose move stopped before its switch). A shard that is
 * `home`'s own database under another name is skipped: it is seen holding `home`'s connection.
 */
async function removeLeftovers(
  shards: readonly Shard[],
  home: Shard,
  tenantId: number,
  log: (line: string) => void,
  beforeCommit?: () => Promise<void> | void,
): Promise<MoveResult['leftovers']> {
  const marker = `hm-tenant-move-${randomUUID()}`;
  const homeClient = await connect(home.url, marker);
  const removed: MoveResult['leftovers'] = [];
  try {
    for (const shard of shards) {
      if (shard.name === home.name) continue;
      const c = await connect(shard.url);
      try {
        const alias = await c.query('SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [marker]);
        if (alias.rows.length) continue;
        const tables = await tenantTables(c);
        if (!(await tenantTotals(c, tables, tenantId)).some((t) => t.rows > 0)) continue;
        const rows = await removeTenantRows(c, tables, tenantId, home.name, beforeCommit);
        log(`removed tenant ${tenantId}'s ${rows} rows left on ${shard.name}`);
        removed.push({ shard: shard.name, rows });
      } finally {
        await c.end();
      }
    }
  } finally {
    await homeClient.end();
  }
  return removed;
}

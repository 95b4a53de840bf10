import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { REFERENCE_TABLES } from './citus';
import { checkIdentifiers } from './identifiers';
import { migrate } from './migrate';
import { openPostgres } from './postgres';
import { placeOf, type MapRow, type Shard } from './shard-map';
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
  log?: (line: string) => void;
}

export interface MoveResult {
  tables: number;
  rows: number;
  totals: TableTotals[];
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

async function connect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url, application_name: 'hm-tenant-move' });
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
 * Moves one tenant to another shard: marks it moving in the map (its requests are refused), copies its
 * rows of every tenant table in one transaction on the target, checks counts and sums per table against
 * the source, switches the map, then deletes the source's rows. Any failure before the switch rolls the
 * target back and leaves the tenant where it was.
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
    log(`tenant ${o.tenantId} marked moving; waiting ${o.drainMs ?? 2000} ms for requests in flight`);
    await new Promise((r) => setTimeout(r, o.drainMs ?? 2000));
    try {
      await target.query('BEGIN');
      // the tenant row is shared (every shard has its tenants'), copied when the target lacks it
      const { rows } = await target.query('SELECT 1 FROM tenant WHERE tenant_id = $1', [o.tenantId]);
      if (rows.length === 0) await copyTable(source, target, 'tenant', await tenantColumns(source), o.tenantId);
      for (const t of tables) await copyTable(source, target, t.name, t.columns, o.tenantId);
      const before = await tenantTotals(source, tables, o.tenantId);
      const after = await tenantTotals(target, tables, o.tenantId);
      const diff = compareTotals(before, after);
      if (diff.length) throw new Error(`copy check failed: ${diff.join('; ')}`);
      await raiseSequences(source, target);
      await target.query('COMMIT');
      log(`copied ${tables.length} tables, ${before.reduce((n, t) => n + t.rows, 0)} rows; counts and sums equal`);
      await control.query(MAP_UPSERT, [o.tenantId, o.targetShard, 'active']);
      switched = true;
      log(`map switched: tenant ${o.tenantId} on ${o.targetShard}`);
      await source.query('BEGIN');
      for (const t of tables) await source.query(`DELETE FROM ${t.name} WHERE tenant_id = $1`, [o.tenantId]);
      await source.query('COMMIT');
      log(`removed tenant ${o.tenantId}'s rows from ${o.sourceShard}`);
      return { tables: tables.length, rows: after.reduce((n, t) => n + t.rows, 0), totals: after };
    } catch (err) {
      if (!switched) {
        await target.query('ROLLBACK').catch(() => {});
        await control.query(MAP_UPSERT, [o.tenantId, o.sourceShard, 'active']);
      } else {
        await source.query('ROLLBACK').catch(() => {});
      }
      throw err;
    }
  } finally {
    await Promise.all([source.end(), target.end(), control.end()]);
  }
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

/**
 * `npm run tenant:move -- <merchant> <shard>`: finds the merchant's tenant and its shard in the map
 * kept on the first shard, migrates the target shard, and moves the tenant there.
 */
export async function moveMerchant(shards: readonly Shard[], merchantNo: string, targetName: string, log: (line: string) => void = () => {}): Promise<MoveResult> {
  const main = shards[0];
  const target = shards.find((s) => s.name === targetName);
  if (!target) throw new Error(`no shard named ${targetName} (shards: ${shards.map((s) => s.name).join(', ')})`);
  const control = await connect(main.url);
  let tenantId: number;
  let rows: MapRow[];
  try {
    const found = (await control.query<{ tenant_id: string }>('SELECT tenant_id FROM tenant WHERE merchant_no = $1', [merchantNo])).rows;
    if (!found.length) throw new Error(`no tenant with merchant number ${merchantNo}`);
    tenantId = Number(found[0].tenant_id);
    rows = (await control.query<MapRow>('SELECT tenant_id, shard, state FROM tenant_shard WHERE tenant_id = $1', [tenantId])).rows;
  } finally {
    await control.end();
  }
  const place = placeOf(rows, tenantId);
  if (place.moving) throw new Error(`tenant ${tenantId} is being moved already`);
  if (place.shard === target.name) throw new Error(`tenant ${tenantId} (merchant ${merchantNo}) is on ${target.name} already`);
  const source = shards.find((s) => s.name === place.shard);
  if (!source) throw new Error(`tenant ${tenantId} is on shard ${place.shard}, which HM_SHARDS does not name`);
  const db = await openPostgres(target.url);
  try {
    const applied = await migrate(db);
    if (applied.length) log(`migrated ${target.name}: ${applied.join(', ')}`);
  } finally {
    await db.close();
  }
  log(`moving tenant ${tenantId} (merchant ${merchantNo}) from ${source.name} to ${target.name}`);
  return moveTenant({ tenantId, sourceUrl: source.url, targetUrl: target.url, controlUrl: main.url, sourceShard: source.name, targetShard: target.name, log });
}

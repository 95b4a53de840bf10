import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Kysely, PostgresDialect } from 'kysely';
import { checkIdentifiers } from './identifiers';
import { normaliseTimestamp } from './normalise';
import { ReplicaSet, type ReplicaOptions } from './replicas';
import type { ColumnChunk, Db, Row } from './types';

const { Pool, types } = pg;

/** Type parsers shared by every PostgreSQL connection: the same plain values as DuckDB. */
const parsers: Record<number, (v: string) => unknown> = {
  20: Number, // int8
  1700: Number, // numeric
  700: Number,
  701: Number,
  1082: (v) => v, // date as 'YYYY-MM-DD'
  1114: normaliseTimestamp,
  1184: normaliseTimestamp,
};

const typeConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    parsers[oid] ?? types.getTypeParser(oid, format as 'text')) as typeof types.getTypeParser,
};

type Client = pg.PoolClient | pg.Pool;

interface Pools {
  /** small queries: sessions, pickers, configuration, writes */
  pool: pg.Pool;
  /** report scans and export cursors */
  scans: pg.Pool;
  /** streaming standbys that answer scans and cursors outside a transaction, when configured */
  replicas: ReplicaSet | null;
  listener: Listener;
}

/** Rows fetched as value arrays turned into columns. */
function transpose(fields: readonly pg.FieldDef[], rows: readonly unknown[][]): ColumnChunk {
  const columns = fields.map((_, c) => rows.map((row) => row[c]));
  return { names: fields.map((f) => f.name), columns, rowCount: rows.length };
}

function makeDb(pools: Pools, kysely: Kysely<any>, client: Client): Db {
  const { pool, scans } = pools;
  const inTx = client !== pool;
  /** A server-side cursor keeps memory flat whatever the result size. */
  async function* cursorOn(c: pg.PoolClient, own: boolean, sql: string, params: readonly unknown[], chunkSize: number, rowMode: 'array' | 'object') {
    const name = `hm_cursor_${Math.random().toString(36).slice(2, 10)}`;
    let failed: Error | undefined;
    let finished = false;
    try {
      if (own) await c.query('BEGIN');
      await c.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params as unknown[]);
      for (;;) {
        const text = `FETCH ${chunkSize} FROM ${name}`;
        const fetched: pg.QueryResult | pg.QueryArrayResult = rowMode === 'array' ? await c.query({ text, rowMode }) : await c.query(text);
        if (fetched.rows.length === 0) break;
        yield fetched;
      }
      await c.query(`CLOSE ${name}`);
      if (own) await c.query('COMMIT');
      finished = true;
    } catch (err) {
      failed = err as Error;
      if (own) await c.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      // a connection whose cursor failed is closed rather than reused (it may be the one that broke), and
      // so is one left inside its transaction by a reader that stopped early
      if (own) c.release(failed ?? !finished);
    }
  }
  /**
   * Outside a transaction a cursor reads from a usable standby; when the standby fails before the
   * first chunk the primary runs it instead (after a chunk the reader already holds rows, so it fails).
   */
  async function* cursor(sql: string, params: readonly unknown[], chunkSize: number, rowMode: 'array' | 'object') {
    if (inTx) {
      yield* cursorOn(client as pg.PoolClient, false, sql, params, chunkSize, rowMode);
      return;
    }
    const replica = pools.replicas?.pick();
    if (replica) {
      let yielded = false;
      try {
        const c = await replica.pool.connect();
        for await (const chunk of cursorOn(c, true, sql, params, chunkSize, rowMode)) {
          yielded = true;
          yield chunk;
        }
        return;
      } catch (err) {
        if (yielded || !pools.replicas!.failed(replica.index, err)) throw err;
      }
    }
    yield* cursorOn(await scans.connect(), true, sql, params, chunkSize, rowMode);
  }
  /** A scan outside a transaction: on a usable standby, again on the primary when the standby fails. */
  async function routedScan(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const replica = pools.replicas?.pick();
    if (replica) {
      try {
        return await scanNamed(replica.pool, sql, params);
      } catch (err) {
        if (!pools.replicas!.failed(replica.index, err)) throw err;
      }
    }
    return scanNamed(scans, sql, params);
  }
  const db: Db = {
    dialect: 'postgres',
    kysely,
    query: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, params as unknown[])).rows as T[],
    scan: async <T>(sql: string, params: readonly unknown[] = []) =>
      (inTx ? (await client.query(sql, params as unknown[])).rows : await routedScan(sql, params)) as T[],
    exec: async (sql) => void (await client.query(sql)),
    listen: (channel, onMessage, onState) => pools.listener.add(channel, onMessage, onState),
    ...(pools.replicas ? { replicaHealth: () => pools.replicas!.health() } : {}),
    stream: async function* (sql, params = [], chunkSize = 5000) {
      for await (const { rows } of cursor(sql, params, chunkSize, 'object')) yield rows as Row[];
    },
    streamColumns: async function* (sql, params = [], chunkSize = 5000) {
      for await (const { rows, fields } of cursor(sql, params, chunkSize, 'array')) yield transpose(fields, rows as unknown[][]);
    },
    loadCsv: async (table, columns, _types, csv) => {
      checkIdentifiers(table, ...columns);
      const c = inTx ? (client as pg.PoolClient) : await pool.connect();
      try {
        await pipeline(Readable.from(csv), c.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT csv)`)));
      } finally {
        if (!inTx) c.release();
      }
    },
    bulkInsert: async (table, columns, rows) => {
      const perStatement = Math.max(1, Math.floor(60000 / columns.length));
      for (let start = 0; start < rows.length; start += perStatement) {
        const chunk = rows.slice(start, start + perStatement);
        const params: unknown[] = [];
        const tuples = chunk.map((row) => {
          const slots = row.map((v) => {
            params.push(v);
            return `$${params.length}`;
          });
          return `(${slots.join(',')})`;
        });
        await client.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')}`, params);
      }
    },
    transaction: async (fn) => {
      if (client !== pool) return fn(db);
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const result = await fn(makeDb(pools, kysely, c));
        await c.query('COMMIT');
        return result;
      } catch (err) {
        await c.query('ROLLBACK');
        throw err;
      } finally {
        c.release();
      }
    },
    close: async () => {
      await pools.listener.close();
      await kysely.destroy();
      // Kysely ends the pool only if it was used itself; raw queries alone would leave connections open
      if (!pool.ended) await pool.end();
      if (!scans.ended) await scans.end();
      await pools.replicas?.close();
    },
  };
  return db;
}

/** How many named statements one scan connection keeps before it is closed and replaced. */
export const NAMED_PER_CONNECTION = 100;
/** the statements prepared on each scan connection, by name */
const prepared = new WeakMap<pg.PoolClient, Set<string>>();

const statementName = (sql: string) => `hm_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;

/**
 * A report statement prepared by name on its scan connection: one screen's text is the same for
 * every page and every user of the same scope, so the backend parses it once per connection and the
 * text is not sent again (plans stay custom, see SCAN_OPTIONS). A connection holding as many names as
 * it may keep runs a new text unnamed and is closed after it, so no backend grows without bound; the
 * pool opens another on demand. A failed statement closes its connection, as `Pool.query` does.
 */
async function scanNamed(scans: pg.Pool, sql: string, params: readonly unknown[]): Promise<Row[]> {
  const client = await scans.connect();
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Set()));
  const name = statementName(sql);
  const full = !names.has(name) && names.size >= NAMED_PER_CONNECTION;
  let failed: Error | undefined;
  try {
    const result = await client.query(full ? { text: sql, values: params as unknown[] } : { name, text: sql, values: params as unknown[] });
    if (!full) names.add(name);
    return result.rows;
  } catch (err) {
    failed = err as Error;
    throw err;
  } finally {
    client.release(failed ?? full);
  }
}

/**
 * One connection of its own that LISTENs (a pooled connection would lose its LISTEN when released).
 * When it drops it reports `down` and reconnects, then reports `up` once listening again.
 */
class Listener {
  private handlers = new Map<string, { onMessage: (payload: string) => void; onState: (up: boolean) => void }[]>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private url: string) {}

  add(channel: string, onMessage: (payload: string) => void, onState: (up: boolean) => void): void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    const list = this.handlers.get(channel) ?? [];
    list.push({ onMessage, onState });
    this.handlers.set(channel, list);
    if (this.client) void this.client.query(`LISTEN ${channel}`).then(() => onState(true), () => this.drop());
    else this.connect();
  }

  private state(up: boolean): void {
    for (const list of this.handlers.values()) for (const h of list) h.onState(up);
  }

  private connect(): void {
    if (this.connecting || this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      for (const h of this.handlers.get(n.channel) ?? []) h.onMessage(n.payload ?? '');
    });
    client.on('error', () => this.drop());
    client.on('end', () => this.drop());
    this.connecting = (async () => {
      try {
        await client.connect();
        for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
        this.client = client;
        if (this.closed) await client.end();
        else this.state(true);
      } catch {
        client.end().catch(() => {});
        this.scheduleRetry();
      } finally {
        this.connecting = null;
      }
    })();
  }

  private drop(): void {
    if (!this.client) return;
    const old = this.client;
    this.client = null;
    old.end().catch(() => {});
    this.state(false);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect();
    }, 1000);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting;
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => {});
  }
}

/**
 * Sessions: the server's timezone; JIT off, since report statements are short analytic queries
 * whose JIT compile time exceeds what it saves (docs/performance.md has the figures).
 */
const SESSION_OPTIONS = '-c timezone=Asia/Shanghai -c jit=off';
/**
 * Scan connections run report statements only: those join a date range of orders to their lines,
 * where probing the lines once per order (a nested loop) loses to hashing them read by date. Their
 * statements are named (scanNamed) but always planned with their values: a generic plan would not
 * know the date range.
 */
const SCAN_OPTIONS = `${SESSION_OPTIONS} -c enable_nestloop=off -c plan_cache_mode=force_custom_plan`;

/**
 * Connections stay open while idle (pg closes them after 10 s by default): a new backend reads the
 * catalogue of every table a report touches on its first statement, which cost a report screen
 * 130–250 ms after each pause. Idle connections do not keep the process alive.
 */
function openPool(url: string, max: number, options: string, applicationName: string, connectionTimeoutMillis = 0): pg.Pool {
  const pool = new Pool({
    connectionString: url,
    max,
    types: typeConfig,
    options,
    // names the pool in pg_stat_activity: which connections serve scans, and on which server
    application_name: applicationName,
    connectionTimeoutMillis,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
  });
  // An idle connection the server ends (restart, or a dropped database) is reported here; without a
  // listener it would crash the process. The pool drops that connection and the next query opens another.
  pool.on('error', (err) => {
    if (!pool.ending) console.warn(`PostgreSQL: idle connection lost (${err.message})`);
  });
  // A connection that ends between its checkout and its first statement (a standby stopped) emits an
  // error no one listens to yet, which would crash the process; that statement fails instead, and a
  // scan then runs on the primary.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * The primary at `url`; with `replicas`, report scans and export cursors outside a transaction read
 * from its streaming standbys while they answer and keep up (replicas.ts).
 */
export async function openPostgres(url: string, scanPoolSize = 4, smallPoolSize = 4, replicas?: ReplicaOptions): Promise<Db> {
  const pool = openPool(url, smallPoolSize, SESSION_OPTIONS, 'hm');
  const scans = openPool(url, scanPoolSize, SCAN_OPTIONS, 'hm-scan');
  await pool.query('SELECT 1');
  const kysely = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  let standbys: ReplicaSet | null = null;
  if (replicas && replicas.urls.length > 0) {
    standbys = new ReplicaSet(replicas, scanPoolSize, (u, max, name, timeout) => openPool(u, max, SCAN_OPTIONS, name, timeout));
    await standbys.start();
  }
  return makeDb({ pool, scans, replicas: standbys, listener: new Listener(url) }, kysely, pool);
}

export type { Row };

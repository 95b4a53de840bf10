import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBInstance,
  type DuckDBValue,
} from '@duckdb/node-api';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect as KyselyDialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { checkIdentifiers } from './identifiers';
import { converterFor, type Convert } from './normalise';
import { appendCodePoints, columnReader } from './duck-columns';
import { PackedTextBuilder, valueAt } from './packed-text';
import type { ColumnChunk, Db, Row, RowAppender } from './types';
import { isWriteStatement, WriteLock } from './write-lock';

type Conn = DuckDBConnection;

type Reader = Awaited<ReturnType<Conn['runAndReadAll']>>;

/** Plain rows from value arrays: each column's converter is chosen once, from its type. */
function rowsOf(names: string[], convert: Convert[], values: unknown[][]): Row[] {
  return values.map((v) => {
    const row: Row = {};
    for (let c = 0; c < names.length; c++) row[names[c]] = convert[c](v[c]);
    return row;
  });
}

function shapeOf(reader: Pick<Reader, 'columnNames' | 'columnTypes'>): { names: string[]; convert: Convert[] } {
  return { names: reader.columnNames(), convert: reader.columnTypes().map((t) => converterFor(String(t))) };
}

/**
 * With parameters the statement is prepared in one call (`runAndReadAll` with values first splits
 * the text into statements, then prepares: one more trip through the thread pool for one statement).
 */
async function readAll(conn: Conn, sql: string, params: readonly unknown[]): Promise<Reader> {
  if (!params.length) return conn.runAndReadAll(sql);
  const prepared = await conn.prepare(sql);
  try {
    prepared.bind(params.map(toDuck) as DuckDBValue[]);
    return await prepared.runAndReadAll();
  } finally {
    prepared.destroySync();
  }
}

function rowsOfReader(reader: Reader): Row[] {
  const { names, convert } = shapeOf(reader);
  return rowsOf(names, convert, reader.getRowsJson() as unknown[][]);
}

async function runQuery(conn: Conn, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  return rowsOfReader(await readAll(conn, sql, params));
}

type Prepared = Awaited<ReturnType<Conn['prepare']>>;

/**
 * Report statements prepared once per scan connection, by text (a screen's text is the same for
 * every page and every user of a scope): planning a screen costs ~2.5 ms of a ~20 ms statement on
 * the demo data. DuckDB binds a kept statement again by itself when the catalogue changed. A
 * connection keeps at most this many; the next new text starts its set over.
 */
const PREPARED_PER_CONNECTION = 100;
const preparedOf = new WeakMap<Conn, Map<string, Prepared>>();

function forgetPrepared(conn: Conn): void {
  const kept = preparedOf.get(conn);
  if (!kept) return;
  for (const statement of kept.values()) statement.destroySync();
  kept.clear();
}

async function runPrepared(conn: Conn, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  if (!params.length) return runQuery(conn, sql, params);
  let kept = preparedOf.get(conn);
  if (!kept) preparedOf.set(conn, (kept = new Map()));
  let statement = kept.get(sql);
  if (!statement) {
    if (kept.size >= PREPARED_PER_CONNECTION) forgetPrepared(conn);
    statement = await conn.prepare(sql);
    kept.set(sql, statement);
  }
  try {
    statement.bind(params.map(toDuck) as DuckDBValue[]);
    return rowsOfReader(await statement.runAndReadAll());
  } catch (err) {
    // a statement that failed (its table gone, a value it cannot take) is prepared afresh next time
    kept.delete(sql);
    statement.destroySync();
    throw err;
  }
}

/**
 * A result read chunk by chunk, column by column: each DuckDB chunk's vectors are converted straight
 * into `chunkSize`-row column arrays, with no row objects or JSON text on the way.
 */
async function* streamColumns(
  conn: Conn,
  sql: string,
  params: readonly unknown[],
  chunkSize: number,
  codePoints: readonly string[],
): AsyncGenerator<ColumnChunk> {
  const result = await conn.stream(sql, params.length ? (params.map(toDuck) as DuckDBValue[]) : undefined);
  const names = result.columnNames();
  const packed = names.map((name) => (codePoints.includes(name) ? new PackedTextBuilder() : null));
  const readers = result.columnTypes().map(columnReader);
  const empty = () => names.map((): unknown[] => []);
  let columns = empty();
  let rowCount = 0;
  const take = (): ColumnChunk => ({ names, columns: columns.map((values, c) => packed[c]?.take() ?? values), rowCount });
  // one fetch stays in flight: DuckDB makes the next vectors on its thread while this one reads and
  // the caller encodes the last chunk; the connection goes back only once that fetch has settled
  let next: Promise<DuckDBDataChunk | null> | null = result.fetchChunk();
  try {
    for (;;) {
      const chunk = await next;
      next = null;
      const size = chunk?.rowCount ?? 0;
      if (!chunk || size === 0) break;
      next = result.fetchChunk();
      for (let c = 0; c < readers.length; c++) {
        const builder = packed[c];
        if (builder) appendCodePoints(chunk, c, builder);
        else readers[c](chunk, c, columns[c], rowCount);
      }
      rowCount += size;
      if (rowCount >= chunkSize) {
        yield take();
        columns = empty();
        rowCount = 0;
      }
    }
    if (rowCount) yield take();
  } finally {
    await next?.catch(() => null);
  }
}

/** Row objects from a chunk of columns, for callers that want rows. */
function rowsOfColumns({ names, columns, rowCount }: ColumnChunk): Row[] {
  const rows: Row[] = new Array(rowCount);
  for (let r = 0; r < rowCount; r++) {
    const row: Row = {};
    for (let c = 0; c < names.length; c++) row[names[c]] = valueAt(columns[c], r);
    rows[r] = row;
  }
  return rows;
}

function toDuck(v: unknown): unknown {
  if (typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().replace('T', ' ').slice(0, 19);
  return v ?? null;
}

/** A small connection pool: DuckDB runs one statement per connection at a time. */
class Pool {
  private idle: Conn[] = [];
  private waiting: ((c: Conn) => void)[] = [];
  private created = 0;
  constructor(private instance: DuckDBInstance, private max: number) {}
  async acquire(): Promise<Conn> {
    const c = this.idle.pop();
    if (c) return c;
    if (this.created < this.max) {
      this.created++;
      return this.instance.connect();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release(c: Conn): void {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
  }
  closeAll(): void {
    for (const c of this.idle) {
      forgetPrepared(c);
      c.closeSync();
    }
    this.idle = [];
  }
}

class DuckConnection implements DatabaseConnection {
  constructor(readonly conn: Conn) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const rows = await runQuery(this.conn, compiled.sql, compiled.parameters);
    return { rows: rows as R[] };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on DuckDB connections');
  }
}

class DuckDriver implements Driver {
  constructor(private pool: Pool) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new DuckConnection(await this.pool.acquire());
  }
  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await (c as DuckConnection).conn.run('BEGIN TRANSACTION');
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await (c as DuckConnection).conn.run('COMMIT');
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await (c as DuckConnection).conn.run('ROLLBACK');
  }
  async releaseConnection(c: DatabaseConnection): Promise<void> {
    this.pool.release((c as DuckConnection).conn);
  }
  async destroy(): Promise<void> {}
}

function duckDialect(pool: Pool): KyselyDialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DuckDriver(pool),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

async function withConnOf<T>(pool: Pool, pinned: Conn | null, fn: (c: Conn) => Promise<T>): Promise<T> {
  if (pinned) return fn(pinned);
  const c = await pool.acquire();
  try {
    return await fn(c);
  } finally {
    pool.release(c);
  }
}

function makeDb(
  pool: Pool,
  scans: Pool,
  kysely: Kysely<any>,
  pinned: Conn | null,
  writes: WriteLock,
  onClose: () => void | Promise<void>,
): Db {
  const withConn = <T>(fn: (c: Conn) => Promise<T>) => withConnOf(pool, pinned, fn);
  // a write outside a transaction waits for the writes before it, like a transaction does
  const queued = <T>(fn: () => Promise<T>) => (pinned ? fn() : writes.run(fn));
  const writing = <T>(sql: string, fn: () => Promise<T>) => (isWriteStatement(sql) ? queued(fn) : fn());
  const db: Db = {
    dialect: 'duckdb',
    kysely,
    query: <T>(sql: string, params?: readonly unknown[]) =>
      writing(sql, () => withConn((c) => runQuery(c, sql, params))) as Promise<T[]>,
    scan: <T>(sql: string, params?: readonly unknown[]) =>
      withConnOf(scans, pinned, (c) => (pinned ? runQuery(c, sql, params) : runPrepared(c, sql, params))) as Promise<T[]>,
    exec: (sql) => writing(sql, () => withConn(async (c) => void (await c.run(sql)))),
    stream: async function* (sql, params = [], chunkSize = 5000) {
      for await (const chunk of db.streamColumns(sql, params, chunkSize)) yield rowsOfColumns(chunk);
    },
    streamColumns: async function* (sql, params = [], chunkSize = 5000, codePoints = []) {
      // a long read: it takes a scan connection
      const c = pinned ?? (await scans.acquire());
      try {
        yield* streamColumns(c, sql, params, chunkSize, codePoints);
      } finally {
        if (!pinned) scans.release(c);
      }
    },
    loadCsv: async (table, columns, types, csv) => {
      const file = join(tmpdir(), `hm-load-${process.pid}-${randomUUID()}.csv`);
      await writeFile(file, csv);
      try {
        await db.query(csvInsertSql(table, columns, types), [file]);
      } finally {
        await rm(file, { force: true });
      }
    },
    bulkInsert: (table, _columns, rows) =>
      queued(() =>
        withConn(async (c) => {
          if (rows.length === 0) return;
          const a = await openAppender(c, table);
          try {
            for (const row of rows) a.append(row);
            await a.flush();
          } finally {
            await a.close();
          }
        }),
      ),
    transaction: async (fn) => {
      if (pinned) return fn(db);
      return writes.run(async () => {
        const c = await pool.acquire();
        try {
          await c.run('BEGIN TRANSACTION');
          const tx = makeDb(pool, scans, kysely, c, writes, () => {});
          try {
            const result = await fn(tx);
            await c.run('COMMIT');
            return result;
          } catch (err) {
            await c.run('ROLLBACK');
            throw err;
          }
        } finally {
          pool.release(c);
        }
      });
    },
    close: async () => onClose(),
  };
  return db;
}

/**
 * Reads one CSV file into the table with DuckDB's parser, the column names and types given (nothing
 * sniffed); the same quoting and NULL rules as PostgreSQL's CSV format.
 */
export function csvInsertSql(table: string, columns: readonly string[], types: readonly string[]): string {
  checkIdentifiers(table, ...columns);
  const spec = columns.map((c, i) => `'${c}': '${types[i].replace(/'/g, '')}'`).join(', ');
  return (
    `INSERT INTO ${table} SELECT * FROM read_csv($1, header = false, delim = ',', quote = '"', escape = '"', ` +
    `new_line = '\\n', allow_quoted_nulls = false, auto_detect = false, columns = {${spec}})`
  );
}

type Appender = Awaited<ReturnType<Conn['createAppender']>>;

/** Row values in the table's column order (the appender ignores column names). */
async function openAppender(conn: Conn, table: string): Promise<RowAppender> {
  const a = await conn.createAppender(table);
  return {
    append: (row) => {
      for (let i = 0; i < row.length; i++) appendValue(a, row[i]);
      a.endRow();
    },
    flush: async () => a.flushSync(),
    close: async () => a.closeSync(),
  };
}

/** The appender casts VARCHAR to the column type, so text is the safe common form. */
function appendValue(appender: Appender, v: unknown): void {
  if (v === null || v === undefined) appender.appendNull();
  else if (typeof v === 'number') {
    if (Number.isInteger(v)) appender.appendBigInt(BigInt(v));
    else appender.appendDouble(v);
  } else if (typeof v === 'bigint') appender.appendBigInt(v);
  else if (typeof v === 'boolean') appender.appendBoolean(v);
  else appender.appendVarchar(String(v));
}

/**
 * `scanPoolSize` connections run report scans, `smallPoolSize` everything else; DuckDB runs each
 * statement on all its threads, so more scan connections add queueing, not speed.
 */
export async function openDuckDb(path: string, scanPoolSize = 4, smallPoolSize = 2): Promise<Db> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const instance = await DuckDBInstance.create(path);
  const pool = new Pool(instance, smallPoolSize);
  const scans = new Pool(instance, scanPoolSize);
  const kysely = new Kysely<any>({ dialect: duckDialect(pool) });
  return makeDb(pool, scans, kysely, null, new WriteLock(), () => {
    pool.closeAll();
    scans.closeAll();
    instance.closeSync();
  });
}

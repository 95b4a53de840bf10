import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  DuckDBConnection,
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
import { normaliseValue } from './normalise';
import type { Db, Row } from './types';

type Conn = DuckDBConnection;

async function runQuery(conn: Conn, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  const reader = await conn.runAndReadAll(sql, params.length ? (params.map(toDuck) as DuckDBValue[]) : undefined);
  const names = reader.columnNames();
  const types = reader.columnTypes().map(String);
  return reader.getRowObjectsJson().map((raw) => {
    const row: Row = {};
    names.forEach((name, i) => {
      row[name] = normaliseValue(raw[name], types[i]);
    });
    return row;
  });
}

async function* streamQuery(conn: Conn, sql: string, params: readonly unknown[], chunkSize: number): AsyncGenerator<Row[]> {
  const result = await conn.stream(sql, params.length ? (params.map(toDuck) as DuckDBValue[]) : undefined);
  const names = result.columnNames();
  const types = result.columnTypes().map(String);
  let batch: Row[] = [];
  for await (const rows of result.yieldRowObjectJson()) {
    for (const raw of rows) {
      const row: Row = {};
      names.forEach((name, i) => {
        row[name] = normaliseValue(raw[name], types[i]);
      });
      batch.push(row);
    }
    if (batch.length >= chunkSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
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
    for (const c of this.idle) c.closeSync();
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

function makeDb(pool: Pool, kysely: Kysely<any>, pinned: Conn | null, onClose: () => void): Db {
  async function withConn<T>(fn: (c: Conn) => Promise<T>): Promise<T> {
    if (pinned) return fn(pinned);
    const c = await pool.acquire();
    try {
      return await fn(c);
    } finally {
      pool.release(c);
    }
  }
  const db: Db = {
    dialect: 'duckdb',
    kysely,
    query: <T>(sql: string, params?: readonly unknown[]) =>
      withConn((c) => runQuery(c, sql, params)) as Promise<T[]>,
    exec: (sql) => withConn(async (c) => void (await c.run(sql))),
    stream: async function* (sql, params = [], chunkSize = 5000) {
      const c = pinned ?? (await pool.acquire());
      try {
        yield* streamQuery(c, sql, params, chunkSize);
      } finally {
        if (!pinned) pool.release(c);
      }
    },
    bulkInsert: (table, columns, rows) =>
      withConn(async (c) => {
        if (rows.length === 0) return;
        const appender = await c.createAppender(table);
        try {
          for (const row of rows) {
            for (let i = 0; i < columns.length; i++) appendValue(appender, row[i]);
            appender.endRow();
          }
          appender.flushSync();
        } finally {
          appender.closeSync();
        }
      }),
    transaction: async (fn) => {
      if (pinned) return fn(db);
      const c = await pool.acquire();
      try {
        await c.run('BEGIN TRANSACTION');
        const tx = makeDb(pool, kysely, c, () => {});
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
    },
    close: async () => onClose(),
  };
  return db;
}

type Appender = Awaited<ReturnType<Conn['createAppender']>>;

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

export async function openDuckDb(path: string, poolSize = 4): Promise<Db> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const instance = await DuckDBInstance.create(path);
  const pool = new Pool(instance, poolSize);
  const kysely = new Kysely<any>({ dialect: duckDialect(pool) });
  return makeDb(pool, kysely, null, () => {
    pool.closeAll();
    instance.closeSync();
  });
}

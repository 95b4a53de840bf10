import type { Kysely } from 'kysely';
import type { ColumnValues } from './packed-text';

export type Dialect = 'duckdb' | 'postgres';
export type Row = Record<string, unknown>;

/**
 * A slice of a result by column: `columns[c][r]` is the value of column `names[c]` in row `r`, the
 * same plain values as `query` returns; a column asked for as code points (DuckDB) is `PackedText`.
 */
export interface ColumnChunk {
  names: readonly string[];
  columns: readonly ColumnValues[];
  rowCount: number;
}

/**
 * Rows of one table, each in the table's column order, appended as they come and written in large
 * batches; what is appended becomes visible to other connections after `flush` (or `close`).
 */
export interface RowAppender {
  append(row: readonly unknown[]): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** What `/api/health` tells of one streaming standby (see replicas.ts). */
export interface ReplicaHealth {
  /** the shard the standby serves, when several are configured (HM_SHARDS) */
  shard?: string;
  /** 1-based position in its shard's standby list (addresses are not shown on the public health answer) */
  replica: number;
  status: 'unknown' | 'ok' | 'lagging' | 'down' | 'not-standby';
  /** replay lag in seconds at the last probe; null when unknown */
  lag_s: number | null;
  checked_at: string;
}

/**
 * One database handle for the whole server. Report SQL goes through `query` ($1-style
 * bound parameters); everything else may use the typed Kysely builder.
 * Rows come back as plain JSON values: DECIMAL/BIGINT → number, DATE → 'YYYY-MM-DD',
 * TIMESTAMP → 'YYYY-MM-DD HH:mm:ss'.
 */
export interface Db {
  readonly dialect: Dialect;
  readonly kysely: Kysely<any>;
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * A report scan: the same as `query`, on connections of its own, so that small queries (sessions,
   * pickers, configuration) never queue behind scans.
   */
  scan<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Reads a large result in chunks without holding it all (exports). */
  stream(sql: string, params?: readonly unknown[], chunkSize?: number): AsyncIterable<Row[]>;
  /**
   * The same rows as `stream`, a chunk of columns at a time: no object per row (exports of any size).
   * DuckDB only: the columns named in `codePoints` hold lists of code points (`codePointsSql`) and
   * come as `PackedText`.
   */
  streamColumns(sql: string, params?: readonly unknown[], chunkSize?: number, codePoints?: readonly string[]): AsyncIterable<ColumnChunk>;
  /** Runs one or more statements without parameters (DDL, migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Bulk load of CSV lines into a table (the seed's path): no header, `,` and `"`, an unquoted empty
   * field is NULL and `""` the empty string. `types` are the columns' types as information_schema
   * names them. DuckDB reads a temporary file with its own parser, PostgreSQL takes `COPY … FROM STDIN`.
   */
  loadCsv(table: string, columns: readonly string[], types: readonly string[], csv: readonly Buffer[]): Promise<void>;
  /** Fast append of many rows; values in column order, already of the column's type. */
  bulkInsert(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only (other processes may share the database): `onMessage` hears every NOTIFY on the
   * channel; `onState` tells whether the listening connection is up (messages may be lost while down).
   */
  listen?(channel: string, onMessage: (payload: string) => void, onState: (up: boolean) => void): void;
  /**
   * PostgreSQL with streaming standbys only: each standby's state. `scan`, `stream` and
   * `streamColumns` outside a transaction read from a usable standby, else from the primary.
   */
  replicaHealth?(): ReplicaHealth[];
  close(): Promise<void>;
}

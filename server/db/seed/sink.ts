import type { DataContract } from '../../ingest/contract';
import { checkIdentifiers } from '../identifiers';
import type { Db } from '../types';
import { FactFiles } from './fact-files';

export type SeedRow = Record<string, unknown>;

/**
 * How buffered rows reach the database: `csv` encodes a batch as CSV lines that the database loads
 * in bulk (`db.loadCsv`: DuckDB's own parallel parser, PostgreSQL's COPY); `bulk` hands value arrays
 * to db.bulkInsert (tests that capture rows).
 */
export type LoadVia = 'csv' | 'bulk';


/**
 * Row object → values in column order, compiled once per table: plain property reads are several
 * times faster than looking up millions of rows by computed keys.
 */
function compileExtractor(columns: readonly string[]): (row: SeedRow) => unknown[] {
  checkIdentifiers(...columns);
  return new Function('r', `return [${columns.map((c) => `r.${c} ?? null`).join(', ')}];`) as (row: SeedRow) => unknown[];
}

/** Column types whose values never hold a delimiter, a quote or a line break: written unquoted. */
const BARE_TYPE = /^(bigint|integer|smallint|tinyint|hugeint|decimal|numeric|double|real|float|date|timestamp)/;
const NEEDS_QUOTES = /[",\n\r]/;

/**
 * A text field of a CSV line. An empty unquoted field reads as NULL, so the empty string is quoted;
 * so is text holding a delimiter, a quote or a line break.
 */
export function csvText(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : String(v);
  if (s === '') return '""';
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Row object → one CSV line (its line break included) in the table's column order, compiled once per
 * table. Numbers, dates and timestamps are written as they are, null and undefined as empty fields.
 */
export function compileCsvLine(columns: readonly string[], types: readonly string[]): (row: SeedRow) => string {
  checkIdentifiers(...columns);
  const fields = columns.map((c, i) => (BARE_TYPE.test(types[i]) ? `\${r.${c} ?? ''}` : `\${t(r.${c})}`));
  return new Function('t', `return (r) => \`${fields.join(',')}\\n\`;`)(csvText) as (row: SeedRow) => string;
}

const FIRST_CHUNK = 16 * 1024;
const MAX_CHUNK = 1024 * 1024;

/**
 * A batch of CSV lines as bytes. Each line is copied into a chunk as it is pushed, so the line string
 * dies young: kept in an array until the batch was written, every line survived the garbage collector's
 * scavenges and was promoted (a third of the simulation's time went to garbage collection).
 */
export class CsvBatch {
  private chunks: Buffer[] = [];
  private chunk = Buffer.allocUnsafe(FIRST_CHUNK);
  private pos = 0;
  rows = 0;

  constructor(private readonly encode: (row: SeedRow) => string) {}

  add(row: SeedRow): void {
    const line = this.encode(row);
    // UTF-8 takes at most 3 bytes per UTF-16 unit
    if (this.pos + line.length * 3 > this.chunk.length) {
      if (this.pos > 0) this.chunks.push(this.chunk.subarray(0, this.pos));
      this.chunk = Buffer.allocUnsafe(Math.max(Math.min(this.chunk.length * 2, MAX_CHUNK), line.length * 3));
      this.pos = 0;
    }
    this.pos += this.chunk.write(line, this.pos);
    this.rows++;
  }

  /** The batch's bytes, in push order. */
  contents(): Buffer[] {
    return this.pos > 0 ? [...this.chunks, this.chunk.subarray(0, this.pos)] : this.chunks;
  }
}

/** A batch of value arrays in column order (db.bulkInsert). */
export class ValueBatch {
  private values: unknown[][] = [];

  constructor(private readonly extract: (row: SeedRow) => unknown[]) {}

  get rows(): number {
    return this.values.length;
  }

  add(row: SeedRow): void {
    this.values.push(this.extract(row));
  }

  contents(): unknown[][] {
    return this.values;
  }
}

/** Rows of one table waiting for their load, encoded as they were added. */
export interface Batch<C> {
  readonly rows: number;
  add(row: SeedRow): void;
  contents(): C;
}

/**
 * Rows of one table, encoded as they are pushed (CSV bytes or value arrays in the table's column
 * order), so generators can write plain objects. Columns a row leaves out are stored as NULL; a key
 * that is not a column is a bug and throws.
 */
export class Sink<C = unknown> {
  private batch: Batch<C>;
  private checked = false;
  written = 0;

  constructor(
    readonly table: string,
    private readonly columns: readonly string[],
    private readonly newBatch: () => Batch<C>,
  ) {
    this.batch = newBatch();
  }

  push(row: SeedRow): void {
    if (!this.checked) {
      for (const key of Object.keys(row)) {
        if (!this.columns.includes(key)) throw new Error(`seed: ${this.table} has no column ${key}`);
      }
      this.checked = true;
    }
    this.batch.add(row);
  }

  get pending(): number {
    return this.batch.rows;
  }

  /** Takes the buffered rows out of the sink (counted as written). */
  take(): C {
    const batch = this.batch;
    this.batch = this.newBatch();
    this.written += batch.rows;
    return batch.contents();
  }
}

/** Loads waiting behind the running one before the generators wait: bounds the memory held by batches. */
const MAX_QUEUED_LOADS = 2;

/**
 * All sinks of one seed run, created lazily from the database's own column lists. Full sinks are
 * handed to a queue of loads that run one after the other (rows of a table stay in date order) while
 * the generators go on: the database parses and stores one batch as the next is generated.
 */
export class Writer {
  private sinks = new Map<string, Sink>();
  private loaders = new Map<string, (contents: unknown) => Promise<void>>();
  private loads: Promise<void>[] = [];

  private constructor(
    private readonly db: Db,
    private readonly columnsByTable: Map<string, { names: string[]; types: string[] }>,
    private readonly via: LoadVia,
    private readonly flushAt: number,
    /** the contract's tables go to files for the loader instead of the database */
    readonly files: FactFiles | null,
  ) {}

  /**
   * `via` defaults to the database's fastest path; `flushAt` is the batch size of a load; with
   * `contract`, the rows of the tables a retailer supplies are collected as files for the loader.
   */
  static async open(db: Db, opts: { via?: LoadVia; flushAt?: number; contract?: DataContract } = {}): Promise<Writer> {
    const rows = await db.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
    );
    const byTable = new Map<string, { names: string[]; types: string[] }>();
    for (const r of rows) {
      const t = byTable.get(r.table_name) ?? { names: [], types: [] };
      t.names.push(r.column_name);
      t.types.push(String(r.data_type).toLowerCase());
      byTable.set(r.table_name, t);
    }
    // a load is one transaction: on DuckDB a batch of one row group (122,880 rows) is written straight to the file
    return new Writer(db, byTable, opts.via ?? 'csv', opts.flushAt ?? 122_880, opts.contract ? new FactFiles(opts.contract, byTable) : null);
  }

  sink(table: string): Sink {
    let s = this.sinks.get(table);
    if (!s) {
      const columns = this.columnsByTable.get(table);
      if (!columns) throw new Error(`seed: unknown table ${table}`);
      const { names, types } = columns;
      if (this.via === 'csv') {
        const encode = compileCsvLine(names, types);
        s = new Sink<unknown>(table, names, () => new CsvBatch(encode));
      } else {
        const extract = compileExtractor(names);
        s = new Sink<unknown>(table, names, () => new ValueBatch(extract));
      }
      this.sinks.set(table, s);
      this.loaders.set(table, this.loader(table, names, types));
    }
    return s;
  }

  private loader(table: string, names: string[], types: string[]): (contents: unknown) => Promise<void> {
    const db = this.db;
    if (this.via === 'csv') return (csv) => db.loadCsv(table, names, types, csv as Buffer[]);
    return (rows) => db.bulkInsert(table, names, rows as unknown[][]);
  }

  push(table: string, row: SeedRow): void {
    if (this.files?.accepts(table)) this.files.push(table, row);
    else this.sink(table).push(row);
  }

  /** A row written to its table even where the loader takes the table: a document still in progress is no loaded fact. */
  pushDirect(table: string, row: SeedRow): void {
    this.sink(table).push(row);
  }

  /** Queues a sink's rows behind the loads already queued. */
  private spill(s: Sink): void {
    if (s.pending === 0) return;
    const rows = s.take();
    const load = this.loaders.get(s.table)!;
    const previous = this.loads.at(-1) ?? Promise.resolve();
    const next = previous.then(() => load(rows));
    // a failure is thrown where the queue is awaited, not reported as unhandled meanwhile
    next.catch(() => {});
    this.loads.push(next);
  }

  /** Waits until at most `max` loads are queued; throws the first load's failure. */
  private async settle(max: number): Promise<void> {
    while (this.loads.length > max) await this.loads.shift();
  }

  /** Hands over the sinks that have grown past the batch size (call between simulated days). */
  async flushFull(): Promise<void> {
    for (const s of this.sinks.values()) if (s.pending >= this.flushAt) this.spill(s);
    await this.settle(MAX_QUEUED_LOADS);
  }

  /** Writes everything pushed so far (before reading the tables with SQL). */
  async flushAll(): Promise<void> {
    for (const s of this.sinks.values()) this.spill(s);
    await this.settle(0);
  }

  /**
   * Waits for the queued loads. A failed load was thrown by flushAll already; close runs after it (in
   * a finally) and must not hide it.
   */
  async close(): Promise<void> {
    await Promise.allSettled(this.loads);
    this.loads = [];
  }

  /** Rows handed to the database per table so far. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [name, s] of [...this.sinks].sort(([a], [b]) => a.localeCompare(b))) {
      if (s.written > 0) out[name] = s.written;
    }
    return out;
  }
}

import type { Db, RowAppender } from '../types';

export type SeedRow = Record<string, unknown>;

/** information_schema data_type → the array cast of a PostgreSQL unnest insert. */
const PG_ARRAY_TYPE: Record<string, string> = {
  bigint: 'bigint',
  integer: 'integer',
  smallint: 'smallint',
  numeric: 'numeric',
  date: 'date',
  'timestamp without time zone': 'timestamp',
  text: 'text',
  'character varying': 'varchar',
};

/**
 * One INSERT … SELECT FROM unnest(…) with one array parameter per column: PostgreSQL parses a single
 * small statement instead of tens of thousands of placeholders (several times faster than VALUES lists).
 */
export function unnestInsert(table: string, columns: readonly string[], types: readonly string[], rows: readonly (readonly unknown[])[]) {
  const params = columns.map((_, c) => rows.map((r) => r[c]));
  const casts = types.map((t, i) => `$${i + 1}::${PG_ARRAY_TYPE[t] ?? 'text'}[]`);
  return { sql: `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${casts.join(', ')})`, params };
}

const PG_BATCH = 20_000;

function compileExtractor(columns: readonly string[]): (row: SeedRow) => unknown[] {
  for (const c of columns) if (!/^[a-z_][a-z0-9_]*$/.test(c)) throw new Error(`seed: unexpected column name ${c}`);
  return new Function('r', `return [${columns.map((c) => `r.${c} ?? null`).join(', ')}];`) as (row: SeedRow) => unknown[];
}

/**
 * Buffers rows of one table in the table's own column order (the DuckDB appender ignores column
 * names), so generators can write plain objects, and hands them to the database in batches: on DuckDB
 * to one appender kept for the whole run, which commits a batch of its own (large) size at a time; on
 * PostgreSQL as unnest inserts; elsewhere through db.bulkInsert.
 * Columns a row leaves out are stored as NULL; a key that is not a column is a bug and throws.
 */
export class Sink {
  private buffer: unknown[][] = [];
  private appender: RowAppender | null = null;
  private checked = false;
  written = 0;

  constructor(
    readonly table: string,
    private readonly columns: readonly string[],
    private readonly types: readonly string[] = [],
  ) {
    this.toValues = compileExtractor(columns);
  }

  push(row: SeedRow): void {
    if (!this.checked) {
      for (const key of Object.keys(row)) {
        if (!this.columns.includes(key)) throw new Error(`seed: ${this.table} has no column ${key}`);
      }
      this.checked = true;
    }
    this.buffer.push(this.toValues(row));
  }

  /**
   * Row object → values in column order, compiled once per table: plain property reads are several
   * times faster than looking up millions of rows by computed keys.
   */
  private readonly toValues: (row: SeedRow) => unknown[];

  get pending(): number {
    return this.buffer.length;
  }

  /** Hands the buffered rows to the database; queries may see them only after `flush`. */
  async spill(db: Db): Promise<void> {
    if (this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    if (db.appender) {
      this.appender ??= await db.appender(this.table);
      for (const row of rows) this.appender.append(row);
    } else if (db.dialect === 'postgres') {
      for (let i = 0; i < rows.length; i += PG_BATCH) {
        const { sql, params } = unnestInsert(this.table, this.columns, this.types, rows.slice(i, i + PG_BATCH));
        await db.query(sql, params);
      }
    } else {
      await db.bulkInsert(this.table, this.columns, rows);
    }
    this.written += rows.length;
  }

  /** Writes every row pushed so far: queries see them afterwards. */
  async flush(db: Db): Promise<void> {
    await this.spill(db);
    await this.appender?.flush();
  }

  async close(): Promise<void> {
    await this.appender?.close();
    this.appender = null;
  }
}

/** All sinks of one seed run, created lazily from the database's own column lists. */
export class Writer {
  private sinks = new Map<string, Sink>();

  private constructor(
    private readonly db: Db,
    private readonly columnsByTable: Map<string, { names: string[]; types: string[] }>,
    private readonly flushAt: number,
  ) {}

  static async open(db: Db, flushAt = 20_000): Promise<Writer> {
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
    return new Writer(db, byTable, flushAt);
  }

  sink(table: string): Sink {
    let s = this.sinks.get(table);
    if (!s) {
      const columns = this.columnsByTable.get(table);
      if (!columns) throw new Error(`seed: unknown table ${table}`);
      s = new Sink(table, columns.names, columns.types);
      this.sinks.set(table, s);
    }
    return s;
  }

  push(table: string, row: SeedRow): void {
    this.sink(table).push(row);
  }

  /** Hands over the sinks that have grown past the batch size (call between simulated days). */
  async flushFull(): Promise<void> {
    for (const s of this.sinks.values()) if (s.pending >= this.flushAt) await s.spill(this.db);
  }

  /** Writes everything pushed so far (before reading the tables with SQL). */
  async flushAll(): Promise<void> {
    for (const s of this.sinks.values()) await s.flush(this.db);
  }

  /** Releases the appenders; an appender writes its last rows as it closes. */
  async close(): Promise<void> {
    for (const s of this.sinks.values()) await s.close();
  }

  /** Rows written per table so far. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [name, s] of [...this.sinks].sort(([a], [b]) => a.localeCompare(b))) {
      if (s.written > 0) out[name] = s.written;
    }
    return out;
  }
}

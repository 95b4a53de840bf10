/**
 * The rows a retailer would supply (the data contract's tables: master data and facts), collected as
 * the files `npm run load` takes — one CSV a table, a header row, the contract's own columns — so the
 * seed brings its simulated history in through the product's loader (server/ingest/load.ts) like any
 * retailer: the loader checks them, posts the stock facts (ledger, positions, lots, booked costs) and
 * writes them. The simulation leaves what the posting books empty (a goods line's cost).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataContract } from '../../ingest/contract';
import { compileCsvLine, CsvBatch, type SeedRow } from './sink';

interface TableFile {
  header: string;
  batch: CsvBatch;
}

export class FactFiles {
  private readonly files = new Map<string, TableFile>();
  private readonly columns = new Map<string, { names: string[]; types: string[] }>();

  /** `types`: the database's column types by table, for how each value is written. */
  constructor(contract: DataContract, types: ReadonlyMap<string, { names: string[]; types: string[] }>) {
    for (const t of contract.supplied) {
      const db = types.get(t.table);
      if (!db) continue;
      const names = t.columns.map((c) => c.name);
      this.columns.set(t.table, { names, types: names.map((c) => db.types[db.names.indexOf(c)]) });
    }
  }

  accepts(table: string): boolean {
    return this.columns.has(table);
  }

  push(table: string, row: SeedRow): void {
    let f = this.files.get(table);
    if (!f) {
      const { names, types } = this.columns.get(table)!;
      f = { header: `${names.join(',')}\n`, batch: new CsvBatch(compileCsvLine(names, types)) };
      this.files.set(table, f);
    }
    f.batch.add(row);
  }

  /** Rows collected per table. */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.files].map(([table, f]) => [table, f.batch.rows]));
  }

  /** Writes the collected rows as `<table>.csv` into `folder` and forgets them; the tables written. */
  async writeTo(folder: string): Promise<string[]> {
    await mkdir(folder, { recursive: true });
    const tables = [...this.files.keys()];
    for (const [table, f] of this.files) await writeFile(join(folder, `${table}.csv`), [Buffer.from(f.header), ...f.batch.contents()]);
    this.files.clear();
    return tables;
  }
}

/** One tenant's rows in one table, summed: what a tenant move checks on both sides before it switches. */
export interface TableTotals {
  table: string;
  rows: number;
  /** sum of each number column as PostgreSQL's exact text (null when the table has no rows of the tenant) */
  sums: Record<string, string | null>;
}

/** Every difference between the totals of the source and of the copy; empty when they agree. */
export function compareTotals(source: readonly TableTotals[], copy: readonly TableTotals[]): string[] {
  const byTable = new Map(copy.map((t) => [t.table, t]));
  const out: string[] = [];
  for (const s of source) {
    const c = byTable.get(s.table);
    if (!c) {
      out.push(`${s.table}: missing from the copy`);
      continue;
    }
    if (c.rows !== s.rows) out.push(`${s.table}: ${s.rows} rows, the copy has ${c.rows}`);
    for (const [col, sum] of Object.entries(s.sums)) {
      if (c.sums[col] !== sum) out.push(`${s.table}.${col}: sum ${sum ?? 'null'}, the copy has ${c.sums[col] ?? 'null'}`);
    }
  }
  for (const c of copy) if (!source.some((s) => s.table === c.table)) out.push(`${c.table}: not in the source`);
  return out;
}

/**
 * A posting's reads (positions, the goods' costs, lots, lot stock, the snapshot day, on DuckDB the last
 * ledger number) sent as one statement: on DuckDB every statement costs a few milliseconds however
 * little it reads. Each part selects the same columns, `READ_COLUMNS`, filling what it needs and
 * leaving the rest NULL, with its own parameters numbered from $1; the parts are joined by UNION ALL
 * and their parameters renumbered. A load's many parts go in several statements, each with a bounded
 * number of parameters.
 */
import type { Db } from '../db/types';

export interface ReadRow {
  part: string;
  a: string | null;
  b: string | null;
  c: string | null;
  d: string | null;
  n1: number | null;
  n2: number | null;
  n3: number | null;
}

export interface ReadPart {
  part: string;
  /** selects `a, b, c, d` (text) and `n1, n2, n3` (numbers): use `text(…)`, `num(…)` and `NONE` */
  select: string;
  params: readonly unknown[];
}

export const text = (expr: string) => `CAST(${expr} AS VARCHAR)`;
/** DECIMAL(38,4) holds a quantity, an amount and a ledger number exactly */
export const num = (expr: string) => `CAST(${expr} AS DECIMAL(38,4))`;
export const NO_TEXT = text('NULL');
export const NO_NUM = num('NULL');

const PARAMS_PER_STATEMENT = 2000;

export async function readAll(tx: Db, parts: readonly ReadPart[]): Promise<Map<string, ReadRow[]>> {
  const out = new Map<string, ReadRow[]>(parts.map((p) => [p.part, []]));
  const groups: ReadPart[][] = [];
  let size = Infinity;
  for (const p of parts) {
    if (size + p.params.length > PARAMS_PER_STATEMENT) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)!.push(p);
    size += p.params.length;
  }
  for (const group of groups) {
    const params: unknown[] = [];
    const sql = group
      .map((p) => {
        const shift = params.length;
        params.push(...p.params);
        return `SELECT '${p.part}' AS part, a, b, c, d, n1, n2, n3 FROM (${p.select.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`)}) AS r${shift}(a, b, c, d, n1, n2, n3)`;
      })
      .join('\nUNION ALL\n');
    for (const r of await tx.query<ReadRow>(sql, params)) out.get(r.part)!.push(r);
  }
  return out;
}

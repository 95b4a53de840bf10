/**
 * Loaded facts (server/ingest/fact-families.ts): checked as a family — each part's header in the same
 * load, the header dated in the open period, parts dated like their header, nothing the product books
 * supplied — and written like an approved document: the stock lines post in bulk (server/stock), the
 * booked cost goes into the lines, and the rows are inserted. A header already stored for the tenant
 * is refused: facts never change once loaded.
 */
import { threeMonthCutoff } from '../../engine/dates';
import { openPeriodError } from '../../engine/stock';
import { withScratch } from '../db/scratch';
import type { Db } from '../db/types';
import { postMovements } from '../stock/posting';
import { centerChooser } from '../stock/centers';
import type { Movement } from '../stock/posting';
import { FACT_FAMILIES, type FactFamily } from './fact-families';
import { lineOf, stagingTable, type LoadFile } from './load-files';
import type { Reject } from './load-rejects';
import { quoteIdent, typedColumn } from './load-types';
import type { StagedFile } from './load-write';

export interface FactLoad {
  family: FactFamily;
  header: StagedFile;
  parts: StagedFile[];
}

const typeOf = (f: LoadFile, column: string) => f.contract.columns.find((c) => c.name === column)!.type;
const normal = (f: LoadFile, column: string, alias?: string) => typedColumn(column, typeOf(f, column), alias).normal;
/** The business day of a DATE or TIMESTAMP column, as 'YYYY-MM-DD' text. */
const dayOf = (f: LoadFile, column: string) => `left(${normal(f, column)}, 10)`;

/** The families among the staged files; a part loaded without its header's file is refused. */
export function factLoads(staged: ReadonlyMap<string, StagedFile>): { loads: FactLoad[]; rejects: Reject[] } {
  const loads: FactLoad[] = [];
  const rejects: Reject[] = [];
  for (const family of FACT_FAMILIES) {
    const header = staged.get(family.header);
    const parts = family.parts.map((p) => staged.get(p.table)).filter((f): f is StagedFile => f !== undefined);
    if (header) loads.push({ family, header, parts });
    else {
      for (const p of parts) {
        rejects.push({
          table: p.file.table, file: p.file.file, line: 0, column: '', value: p.file.file,
          zh: `${p.file.table} 须与表头 ${family.header} 一起导入`, en: `${p.file.table} is loaded together with its header ${family.header}`,
        });
      }
    }
  }
  return { loads, rejects };
}

export async function checkFacts(staging: Db, load: FactLoad, today: string): Promise<Reject[]> {
  const { family, header } = load;
  const h = header.file;
  const rejects: Reject[] = [];
  const cutoff = threeMonthCutoff(today);
  const day = dayOf(h, family.date);
  const dated = await staging.query<{ r: number; d: string }>(
    `SELECT rowid::INTEGER AS r, ${normal(h, family.date)} AS d FROM ${stagingTable(h)} WHERE ${day} < '${cutoff}' OR ${day} > '${today}' ORDER BY rowid`,
  );
  for (const { r, d } of dated) {
    rejects.push({
      table: h.table, file: h.file, line: lineOf(h, r), column: family.date, value: d,
      zh: openPeriodError(d, today) ?? '', en: `outside the open period ${cutoff} … ${today}: a fact is dated within the last three months and not after today`,
    });
  }
  if (family.posting) {
    const { column, map } = family.posting.docType;
    const known = Object.keys(map).map((v) => `'${v}'`).join(', ');
    const odd = await staging.query<{ r: number; v: string | null }>(
      `SELECT rowid::INTEGER AS r, ${normal(h, column)} AS v FROM ${stagingTable(h)} WHERE ${normal(h, column)} NOT IN (${known}) ORDER BY rowid`,
    );
    for (const { r, v } of odd) {
      rejects.push({ table: h.table, file: h.file, line: lineOf(h, r), column, value: String(v), zh: `${column} 只能是 ${Object.keys(map).join('、')}`, en: `${column} is one of ${Object.keys(map).join(', ')}` });
    }
  }
  for (const part of load.parts) rejects.push(...(await checkPart(staging, load, part)));
  return rejects;
}

async function checkPart(staging: Db, { family, header }: FactLoad, part: StagedFile): Promise<Reject[]> {
  const p = part.file;
  const h = header.file;
  const rejects: Reject[] = [];
  const orphans = await staging.query<{ r: number; k: string }>(
    `SELECT rowid::INTEGER AS r, ${normal(p, family.key, 'p')} AS k FROM ${stagingTable(p)} p
      WHERE NOT EXISTS (SELECT 1 FROM ${stagingTable(h)} h WHERE ${normal(h, family.key, 'h')} = ${normal(p, family.key, 'p')}) ORDER BY rowid`,
  );
  for (const { r, k } of orphans) {
    rejects.push({ table: p.table, file: p.file, line: lineOf(p, r), column: family.key, value: k, zh: `${family.header}.csv 中没有 ${k}：明细须与表头一起导入`, en: `${k} is not in the load's ${family.header}: lines come with their header` });
  }
  const date = family.parts.find((x) => x.table === p.table)?.date;
  if (date && part.columns.includes(date)) {
    const differ = await staging.query<{ r: number; d: string }>(
      `SELECT p.rowid::INTEGER AS r, ${normal(p, date, 'p')} AS d FROM ${stagingTable(p)} p JOIN ${stagingTable(h)} h ON ${normal(h, family.key, 'h')} = ${normal(p, family.key, 'p')}
        WHERE ${normal(p, date, 'p')} IS NOT NULL AND ${normal(p, date, 'p')} <> ${normal(h, family.date, 'h')} ORDER BY p.rowid`,
    );
    for (const { r, d } of differ) {
      rejects.push({ table: p.table, file: p.file, line: lineOf(p, r), column: date, value: d, zh: `${date} 须与表头的 ${family.date} 相同`, en: `${date} must equal the header's ${family.date}` });
    }
  }
  if (family.posting?.lines === p.table) {
    for (const c of Object.values(family.posting.bookedCost).filter((c) => part.columns.includes(c))) {
      rejects.push({ table: p.table, file: p.file, line: p.format === 'csv' ? 1 : 0, column: c, value: c, zh: `${c} 由过账按移动平均成本计算，不能导入`, en: `${c} is booked by the posting at moving-average cost: never supplied` });
    }
  }
  return rejects;
}

/** Headers of the load the tenant already holds: refused, a fact never changes once loaded. Read under the posting lock. */
export async function storedFacts(tx: Db, staging: Db, tenantId: number, { family, header }: FactLoad): Promise<Reject[]> {
  const h = header.file;
  const rows = await staging.query<{ r: number; k: string }>(`SELECT rowid::INTEGER AS r, ${normal(h, family.key)} AS k FROM ${stagingTable(h)} ORDER BY rowid`);
  if (!rows.length) return [];
  // the scratch column has the key's own type: PostgreSQL compares a BIGINT key with no VARCHAR
  const stored = await withScratch(tx, [{ name: 'k', type: typeOf(h, family.key) }], rows.map((r) => [r.k]), (scratch) =>
    tx.query<{ k: string }>(`SELECT CAST(s.k AS VARCHAR) AS k FROM ${scratch} s JOIN ${family.header} t ON t.tenant_id = $1 AND t.${family.key} = s.k`, [tenantId]),
  );
  const taken = new Set(stored.map((s) => String(s.k)));
  return rows
    .filter((r) => taken.has(r.k))
    .map((r) => ({
      table: h.table, file: h.file, line: lineOf(h, r.r), column: family.key, value: r.k,
      zh: `${r.k} 已导入：已导入的单据不能修改，退货请导入退货单`, en: `${r.k} is already loaded: a loaded fact never changes; load a return instead`,
    }));
}

/** The days the load's headers are dated (min, max), or null for a load without rows. */
export async function factDays(staging: Db, { family, header }: FactLoad): Promise<[string, string] | null> {
  const d = dayOf(header.file, family.date);
  const [row] = await staging.query<{ lo: string | null; hi: string | null }>(`SELECT MIN(${d}) AS lo, MAX(${d}) AS hi FROM ${stagingTable(header.file)}`);
  return row?.lo && row.hi ? [row.lo, row.hi] : null;
}

/** Adds a column the file lacked to its staging table, so the product can fill it. */
async function ensureColumn(staging: Db, part: StagedFile, column: string): Promise<void> {
  if (part.columns.includes(column)) return;
  await staging.exec(`ALTER TABLE ${stagingTable(part.file)} ADD COLUMN ${quoteIdent(column)} VARCHAR`);
  (part.columns as string[]).push(column);
}

/** Fills what the product fills in the staged rows: parts' dates from their header, then the posting's booked cost. */
export async function prepareFacts(tx: Db, staging: Db, tenantId: number, today: string, load: FactLoad): Promise<number> {
  const { family, header } = load;
  const h = header.file;
  for (const part of load.parts) {
    const date = family.parts.find((x) => x.table === part.file.table)?.date;
    if (!date) continue;
    await ensureColumn(staging, part, date);
    await staging.exec(
      `UPDATE ${stagingTable(part.file)} p SET ${quoteIdent(date)} = ${normal(h, family.date, 'h')}
         FROM ${stagingTable(h)} h WHERE ${normal(h, family.key, 'h')} = ${normal(part.file, family.key, 'p')}`,
    );
  }
  const posting = family.posting;
  const lines = posting && load.parts.find((p) => p.file.table === posting.lines);
  if (!posting || !lines) return 0;
  const l = lines.file;
  // a million lines: read column by column (no object per row), typed in SQL
  const columns = ['r', 'no', 'line', 'sku', 'qty', 'org', 'time', 'date', 'kind'] as const;
  const read = Object.fromEntries(columns.map((c) => [c, [] as unknown[]])) as Record<(typeof columns)[number], unknown[]>;
  const sql = `SELECT p.rowid::INTEGER AS r, ${normal(l, family.key, 'p')} AS no, CAST(${normal(l, posting.line, 'p')} AS INTEGER) AS line,
            ${normal(l, posting.sku, 'p')} AS sku, CAST(${normal(l, posting.qty, 'p')} AS DOUBLE) AS qty, ${normal(h, posting.org, 'h')} AS org,
            left(${normal(h, posting.time, 'h')}, 19) AS time, ${normal(h, family.date, 'h')} AS date, ${normal(h, posting.docType.column, 'h')} AS kind
       FROM ${stagingTable(l)} p JOIN ${stagingTable(h)} h ON ${normal(h, family.key, 'h')} = ${normal(l, family.key, 'p')}
      WHERE ${normal(l, posting.sku, 'p')} IS NOT NULL
      ORDER BY time, no, line`;
  for await (const chunk of staging.streamColumns(sql)) {
    columns.forEach((c, i) => {
      const values = chunk.columns[i] as ArrayLike<unknown>;
      for (let k = 0; k < chunk.rowCount; k++) read[c].push(values[k]);
    });
  }
  const center = await centerChooser(tx, tenantId, [...new Set(read.org as string[])]);
  const moves: Movement[] = read.r.map((_, i) => ({
    org: read.org[i] as string,
    center: center(read.org[i] as string, read.sku[i] as string),
    sku: read.sku[i] as string,
    date: read.date[i] as string,
    time: read.time[i] as string,
    qty: -(read.qty[i] as number),
    docType: posting.docType.map[read.kind[i] as string],
    docNo: read.no[i] as string,
    itemId: read.line[i] as number,
  }));
  const booked = await postMovements(tx, tenantId, today, moves);
  await ensureColumn(staging, lines, posting.bookedCost.price);
  await ensureColumn(staging, lines, posting.bookedCost.amount);
  const costs = booked.map((b, i) => [read.r[i] as number, b.unitCost.toFixed(4), (-b.amount).toFixed(4)]);
  const cols = [{ name: 'r', type: 'BIGINT' }, { name: 'price', type: 'VARCHAR' }, { name: 'amount', type: 'VARCHAR' }];
  await withScratch(staging, cols, costs, (scratch) =>
    staging.exec(
      `UPDATE ${stagingTable(l)} p SET ${quoteIdent(posting.bookedCost.price)} = c.price, ${quoteIdent(posting.bookedCost.amount)} = c.amount FROM ${scratch} c WHERE p.rowid = c.r`,
    ),
  );
  return booked.length;
}

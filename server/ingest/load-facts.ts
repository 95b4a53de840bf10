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
import { centerChooser } from '../stock/centers';
import { bookedCost, centerOrgs, lineMovement, movementColumns, type Places } from '../stock/document-posting';
import { postMovements, type Movement, type PostingOptions } from '../stock/posting';
import { bookedColumns, factFamilies, type FactFamily, type FactPosting } from './fact-families';
import { lineOf, normalOf, stagingTable, type LoadFile } from './load-files';
import type { Reject } from './load-rejects';
import { quoteIdent } from './load-types';
import type { StagedFile } from './load-write';

export interface FactLoad {
  family: FactFamily;
  header: StagedFile;
  parts: StagedFile[];
}

const typeOf = (f: LoadFile, column: string) => f.contract.columns.find((c) => c.name === column)!.type;
const normal = normalOf;
/** A fact dated by its month: a 'YYYY-MM' text column (a settlement's period). */
const isMonth = (f: LoadFile, column: string) => /^VARCHAR\(7\)$/i.test(typeOf(f, column));
/**
 * The first and last business day a fact's date column covers, as 'YYYY-MM-DD' text: the day of a DATE or
 * TIMESTAMP, the month of a month text (NULL when it is no month).
 */
function daysOf(f: LoadFile, column: string): { first: string; last: string } {
  if (!isMonth(f, column)) return { first: `left(${normal(f, column)}, 10)`, last: `left(${normal(f, column)}, 10)` };
  const first = `TRY_CAST(${normal(f, column)} || '-01' AS DATE)`;
  return { first: `CAST(${first} AS VARCHAR)`, last: `CAST(last_day(${first}) AS VARCHAR)` };
}

/** The families among the staged files; a part loaded without its header's file is refused. */
export function factLoads(staged: ReadonlyMap<string, StagedFile>): { loads: FactLoad[]; rejects: Reject[] } {
  const loads: FactLoad[] = [];
  const rejects: Reject[] = [];
  for (const family of factFamilies()) {
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

export async function checkFacts(staging: Db, load: FactLoad, today: string, history = false): Promise<Reject[]> {
  const { family, header } = load;
  const h = header.file;
  const rejects: Reject[] = [];
  // a history load takes any day up to today
  const cutoff = history ? '0000-01-01' : threeMonthCutoff(today);
  const { first, last } = daysOf(h, family.date);
  // a file without the date column is refused below, row by row; a month is open while any of its days is
  const dated = !header.columns.includes(family.date) ? [] : await staging.query<{ r: number; d: string; first: string | null; last: string | null }>(
    `SELECT rowid::INTEGER AS r, ${normal(h, family.date)} AS d, ${first} AS first, ${last} AS last FROM ${stagingTable(h)}
      WHERE ${normal(h, family.date)} IS NOT NULL AND (${first} IS NULL OR ${last} < '${cutoff}' OR ${first} > '${today}') ORDER BY rowid`,
  );
  for (const { r, d, first: from, last: to } of dated) {
    rejects.push({
      table: h.table, file: h.file, line: lineOf(h, r), column: family.date, value: d,
      ...(from === null || to === null
        ? { zh: `${d} 不是月份（YYYY-MM）`, en: `${d} is not a month (YYYY-MM)` }
        : { zh: openPeriodError(from > today ? from : to, today) ?? '', en: `outside the open period ${cutoff} … ${today}: a fact is dated within the last three months and not after today` }),
    });
  }
  const legs = family.posting?.legs ?? [];
  const maps = new Map(legs.flatMap((leg) => ('map' in leg.doc_type ? [[leg.doc_type.column, leg.doc_type.map] as const] : [])));
  for (const [column, map] of maps) {
    const known = Object.keys(map).map((v) => `'${v}'`).join(', ');
    const odd = await staging.query<{ r: number; v: string | null }>(
      `SELECT rowid::INTEGER AS r, ${normal(h, column)} AS v FROM ${stagingTable(h)} WHERE ${normal(h, column)} NOT IN (${known}) ORDER BY rowid`,
    );
    for (const { r, v } of odd) {
      rejects.push({ table: h.table, file: h.file, line: lineOf(h, r), column, value: String(v), zh: `${column} 只能是 ${Object.keys(map).join('、')}`, en: `${column} is one of ${Object.keys(map).join(', ')}` });
    }
  }
  // what a fact needs from its header, even where the table lets it be empty: its date, and for a movement where the stock is
  const needed = new Map<string, string>([[family.date, 'TRUE']]);
  if (family.posting) needed.set(family.posting.time, 'TRUE');
  for (const leg of legs) {
    needed.set(leg.org_column, leg.when ? `${normal(h, leg.when.column)} IN (${leg.when.values.map((v) => `'${v}'`).join(', ')})` : 'TRUE');
  }
  // one pass for all of them; refusals column by column, then row
  const emptyIf = [...needed].map(([column, applies]) => `(${header.columns.includes(column) ? normal(h, column) : 'NULL'} IS NULL AND ${applies})`);
  const empty = await staging.query<Record<string, unknown>>(
    `SELECT rowid::INTEGER AS r, ${emptyIf.map((e, i) => `${e} AS e${i}`).join(', ')} FROM ${stagingTable(h)} WHERE ${emptyIf.join(' OR ')} ORDER BY rowid`,
  );
  [...needed.keys()].forEach((column, i) => {
    for (const row of empty.filter((x) => x[`e${i}`] === true)) {
      rejects.push({ table: h.table, file: h.file, line: lineOf(h, Number(row.r)), column, value: '', zh: `${column} 不能为空：${column === family.date ? '单据按它计入营业日' : '过账库存需要它'}`, en: `${column} is needed: ${column === family.date ? 'it dates the fact' : 'the stock movement is posted by it'}` });
    }
  });
  const status = family.posting?.status;
  if (status && header.columns.includes(status.column)) {
    const other = await staging.query<{ r: number; v: string }>(
      `SELECT rowid::INTEGER AS r, ${normal(h, status.column)} AS v FROM ${stagingTable(h)} WHERE ${normal(h, status.column)} <> '${status.value}' ORDER BY rowid`,
    );
    for (const { r, v } of other) {
      rejects.push({
        table: h.table, file: h.file, line: lineOf(h, r), column: status.column, value: v,
        zh: `导入的单据即为已过账单据：${status.column} 须为空或 ${status.value}`, en: `a loaded document is posted: ${status.column} is empty or ${status.value}`,
      });
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
    for (const c of bookedColumns(family.posting).filter((c) => part.columns.includes(c))) {
      rejects.push({ table: p.table, file: p.file, line: p.format === 'csv' ? 1 : 0, column: c, value: c, zh: `${c} 由过账按移动平均成本计算，不能导入`, en: `${c} is booked by the posting at moving-average cost: never supplied` });
    }
  }
  return rejects;
}

/** Headers of the load the tenant already holds: refused, a fact never changes once loaded. Read under the posting lock. */
export async function storedFacts(tx: Db, staging: Db, tenantId: number, { family, header }: FactLoad): Promise<Reject[]> {
  if (family.replaceable) return [];
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

/** A replaceable family's stored headers and parts of the load's keys, removed before the load's rows go in. */
export async function removeReplaced(tx: Db, staging: Db, tenantId: number, { family, header }: FactLoad): Promise<void> {
  if (!family.replaceable) return;
  const h = header.file;
  const keys = await staging.query<{ k: string }>(`SELECT DISTINCT ${normal(h, family.key)} AS k FROM ${stagingTable(h)}`);
  if (!keys.length) return;
  await withScratch(tx, [{ name: 'k', type: typeOf(h, family.key) }], keys.map((r) => [r.k]), async (scratch) => {
    for (const table of [...family.parts.map((p) => p.table), family.header]) {
      await tx.query(`DELETE FROM ${table} WHERE tenant_id = $1 AND ${family.key} IN (SELECT k FROM ${scratch})`, [tenantId]);
    }
  });
}

/** The days the load's headers are dated (min, max), or null for a load without rows. */
export async function factDays(staging: Db, { family, header }: FactLoad): Promise<[string, string] | null> {
  const { first, last } = daysOf(header.file, family.date);
  const [row] = await staging.query<{ lo: string | null; hi: string | null }>(`SELECT MIN(${first}) AS lo, MAX(${last}) AS hi FROM ${stagingTable(header.file)}`);
  return row?.lo && row.hi ? [row.lo, row.hi] : null;
}

/** Adds a column the file lacked to its staging table, so the product can fill it. */
async function ensureColumn(staging: Db, part: StagedFile, column: string): Promise<void> {
  // what the product writes is read with its type's rule again, as before
  part.file.normalised?.delete(column);
  if (part.columns.includes(column)) return;
  await staging.exec(`ALTER TABLE ${stagingTable(part.file)} ADD COLUMN ${quoteIdent(column)} VARCHAR`);
  (part.columns as string[]).push(column);
}

/** A family's stock lines as staged, in time order: the staging row, its document and line, and the columns its legs read. */
interface StagedLines {
  load: FactLoad;
  lines: StagedFile;
  posting: FactPosting;
  read: Record<string, unknown[]>;
}

async function readLines(staging: Db, load: FactLoad, posting: FactPosting, lines: StagedFile): Promise<StagedLines> {
  const { family, header } = load;
  const h = header.file;
  const l = lines.file;
  const wanted = posting.legs.map(movementColumns);
  const headerColumns = [...new Set(wanted.flatMap((w) => w.header))];
  const lineColumns = [...new Set(wanted.flatMap((w) => w.line))];
  const pick = (f: StagedFile, alias: string, prefix: string) => (c: string) =>
    `${f.columns.includes(c) ? normal(f.file, c, alias) : 'NULL'} AS ${quoteIdent(prefix + c)}`;
  const no = normal(l, family.key, 'p');
  const select = [
    'p.rowid::INTEGER AS r',
    `${no} AS no`,
    posting.line ? `CAST(${normal(l, posting.line, 'p')} AS INTEGER) AS line` : `CAST(ROW_NUMBER() OVER (PARTITION BY ${no} ORDER BY ${normal(l, 'sku_no', 'p')}) AS INTEGER) AS line`,
    // a fact dated by day only moves stock after that day's timed movements
    typeOf(h, posting.time) === 'DATE' ? `${normal(h, posting.time, 'h')} || ' 23:59:59' AS time` : `left(${normal(h, posting.time, 'h')}, 19) AS time`,
    ...headerColumns.map(pick(header, 'h', 'h.')),
    ...lineColumns.map(pick(lines, 'p', 'l.')),
  ];
  const names = ['r', 'no', 'line', 'time', ...headerColumns.map((c) => `h.${c}`), ...lineColumns.map((c) => `l.${c}`)];
  const read = Object.fromEntries(names.map((c) => [c, [] as unknown[]]));
  const sql = `SELECT ${select.join(', ')}
       FROM ${stagingTable(l)} p JOIN ${stagingTable(h)} h ON ${normal(h, family.key, 'h')} = ${no}
      WHERE ${normal(l, 'sku_no', 'p')} IS NOT NULL
      ORDER BY time, no, line`;
  // a million lines: read column by column (no object per row)
  for await (const chunk of staging.streamColumns(sql)) {
    names.forEach((c, i) => {
      const values = chunk.columns[i] as ArrayLike<unknown>;
      for (let k = 0; k < chunk.rowCount; k++) read[c].push(values[k]);
    });
  }
  return { load, lines, posting, read };
}

/** The families' lines merged in time order (each is read in order), families in their order at equal times. */
function inTimeOrder(staged: readonly StagedLines[]): [number, number][] {
  const next = staged.map(() => 0);
  const order: [number, number][] = [];
  for (;;) {
    let best = -1;
    for (let f = 0; f < staged.length; f++) {
      if (next[f] >= staged[f].read.r.length) continue;
      if (best < 0 || (staged[f].read.time[next[f]] as string) < (staged[best].read.time[next[best]] as string)) best = f;
    }
    if (best < 0) return order;
    order.push([best, next[best]++]);
  }
}

/** Sets staged columns by staging row: each row is a rowid and the columns' values in order. */
async function setStaged(staging: Db, part: StagedFile, columns: readonly string[], rows: (string | number | null)[][]): Promise<void> {
  if (!rows.length) return;
  for (const c of columns) await ensureColumn(staging, part, c);
  // the staging database is the load's own: the values go in through DuckDB's appender, not through a CSV file
  const values = `set_${stagingTable(part.file)}`;
  await staging.exec(`CREATE OR REPLACE TABLE ${values} (r BIGINT, ${columns.map((_, i) => `c${i} VARCHAR`).join(', ')})`);
  await staging.bulkInsert(values, ['r', ...columns.map((_, i) => `c${i}`)], rows);
  await staging.exec(`UPDATE ${stagingTable(part.file)} p SET ${columns.map((c, i) => `${quoteIdent(c)} = x.c${i}`).join(', ')} FROM ${values} x WHERE p.rowid = x.r`);
  await staging.exec(`DROP TABLE ${values}`);
}

/** The organisations the staged lines move stock at, for choosing their positions' centres. */
function stagedOrgs(staged: readonly StagedLines[], orgOfCenter: (center: string) => string | undefined): string[] {
  const orgs = new Set<string>();
  for (const s of staged) {
    for (const leg of s.posting.legs) {
      for (const v of s.read[`h.${leg.org_column}`] as (string | null)[]) if (v !== null) orgs.add(leg.org_is_center ? orgOfCenter(v) ?? v : v);
    }
  }
  return [...orgs];
}

/**
 * Fills what the product fills in the staged rows: parts' dates from their header, the posted state,
 * then posts every family's stock lines in one go, in time order (a receipt before the sales that
 * follow it), each line's legs one after the other, and writes what each line booked into it.
 * Answers the movements posted.
 */
export async function prepareFacts(tx: Db, staging: Db, tenantId: number, today: string, loads: readonly FactLoad[], opts: PostingOptions = {}): Promise<number> {
  const staged: StagedLines[] = [];
  for (const load of loads) {
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
    if (posting?.status) {
      await ensureColumn(staging, header, posting.status.column);
      await staging.exec(`UPDATE ${stagingTable(h)} SET ${quoteIdent(posting.status.column)} = '${posting.status.value}'`);
    }
    const lines = posting && load.parts.find((p) => p.file.table === posting.lines);
    if (posting && lines) staged.push(await readLines(staging, load, posting, lines));
  }
  if (!staged.length) return 0;
  const centers = staged.some((s) => s.posting.legs.some((leg) => leg.org_is_center)) ? await centerOrgs(tx, tenantId) : new Map<string, string>();
  const orgOfCenter = (center: string) => centers.get(center);
  const places: Places = { centerOf: await centerChooser(tx, tenantId, stagedOrgs(staged, orgOfCenter)), orgOfCenter };
  const moves: Movement[] = [];
  // per family and leg, each line's movement (its index in moves), or -1 where the leg moved nothing
  const movedAt = staged.map((s) => s.posting.legs.map(() => new Int32Array(s.read.r.length).fill(-1)));
  for (const [f, i] of inTimeOrder(staged)) {
    const { read, posting } = staged[f];
    const doc = { no: read.no[i] as string, lineId: read.line[i] as number, time: read.time[i] as string };
    posting.legs.forEach((leg, g) => {
      const m = lineMovement(leg, doc, (c) => read[`h.${c}`][i], (c) => read[`l.${c}`][i], places);
      if (!m) return;
      const from = leg.cost_of_leg === undefined ? -1 : movedAt[f][leg.cost_of_leg][i];
      if (from >= 0) m.costOf = from;
      movedAt[f][g][i] = moves.length;
      moves.push(m);
    });
  }
  const booked = await postMovements(tx, tenantId, today, moves, opts);
  for (const [f, s] of staged.entries()) {
    for (const [g, leg] of s.posting.legs.entries()) {
      const at = movedAt[f][g];
      const rowOf = (i: number) => s.read.r[i] as number;
      if (leg.booked_cost) {
        const { price, amount } = leg.booked_cost;
        // a leg that moved nothing booked nothing: its amount is 0
        const values = s.read.r.map((_, i) => (at[i] < 0 ? [null, '0.0000'] : bookedCost(leg, booked[at[i]]).map((v) => v.toFixed(4))));
        if (price) await setStaged(staging, s.lines, [price, amount], values.map((v, i) => [rowOf(i), ...v]));
        else await setStaged(staging, s.lines, [amount], values.map((v, i) => [rowOf(i), v[1]]));
      }
      if (leg.new_lot) {
        const opened = s.read.r.flatMap((_, i) => (at[i] < 0 ? [] : [[rowOf(i), moves[at[i]].lots![0].lotNo]]));
        await setStaged(staging, s.lines, [leg.new_lot.lot_column], opened);
      }
    }
  }
  return booked.length;
}

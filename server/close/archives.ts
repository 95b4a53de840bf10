/**
 * Archive rotation: rows dated before the 3-month cut-off move from the live fact tables to their
 * archives (`*_his`; the special tenant's sales also to the `*_his_x` layout), where the history tabs
 * read them. A family (a header with its lines and payments) moves a batch of whole days in one
 * transaction, copied then deleted: a report running meanwhile sees each row exactly once, in the
 * live table before the commit and in the archive after it, never in both and never in neither.
 * Moving what is still live is all there is to it, so a rotation interrupted anywhere resumes by
 * running again, and running it twice moves nothing the second time.
 */
import { checkIdentifiers } from '../db/identifiers';
import type { Db } from '../db/types';
import { addDays } from '../../engine/dates/calendar';

interface ArchivedTable {
  table: string;
  /** how its rows find the header's: its own copy of the header's date column, else the header's key */
  by: { date: string } | { key: string };
}

export interface ArchiveFamily {
  header: string;
  key: string;
  /** the header's business date or time column */
  date: string;
  dateType: 'DATE' | 'TIMESTAMP';
  lines: ArchivedTable[];
  /** tables of the special tenant's second archive layout, with SQL for the columns only it has (over the header `h`) */
  special?: { tables: string[]; extra: Record<string, string> };
}

/** The families the history tabs of 33/128, 40/130, 88/129, 89/131 and 172 read. */
export const ARCHIVE_FAMILIES: readonly ArchiveFamily[] = [
  {
    header: 'sales_order',
    key: 'order_no',
    date: 'business_date',
    dateType: 'DATE',
    lines: [
      { table: 'sales_order_item', by: { date: 'business_date' } },
      { table: 'sales_payment', by: { key: 'order_no' } },
    ],
    special: {
      tables: ['sales_order', 'sales_order_item'],
      // the store's finance number at the time the order is archived
      extra: { finance_no: '(SELECT s.finance_no FROM store s WHERE s.tenant_id = h.tenant_id AND s.store_no = h.store_no)' },
    },
  },
  {
    header: 'purchase_receipt',
    key: 'receive_no',
    date: 'receive_time',
    dateType: 'TIMESTAMP',
    lines: [{ table: 'purchase_receipt_item', by: { key: 'receive_no' } }],
  },
  {
    header: 'purchase_return',
    key: 'return_no',
    date: 'return_time',
    dateType: 'TIMESTAMP',
    lines: [{ table: 'purchase_return_item', by: { key: 'return_no' } }],
  },
];

/**
 * A table's columns, read once per process: every database (shard) the process serves is migrated by
 * the same files before it serves, and the catalogue lookup costs more than a day's move.
 */
const columnCache = new Map<string, Promise<string[]>>();

function columnsOf(db: Db, table: string): Promise<string[]> {
  let columns = columnCache.get(table);
  if (!columns) {
    columns = db
      .query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      )
      .then((rows) => {
        const names = rows.map((r) => r.column_name);
        checkIdentifiers(...names);
        return names;
      });
    columns.catch(() => columnCache.delete(table));
    columnCache.set(table, columns);
  }
  return columns;
}

/** `alias.date` in [$2, $3) as the column's type. */
const inRange = (f: ArchiveFamily, alias: string) => `${alias}.${f.date} >= CAST($2 AS ${f.dateType}) AND ${alias}.${f.date} < CAST($3 AS ${f.dateType})`;

/** The rows of a table that belong to the headers dated in [$2, $3), under the alias `x`. */
function rowsOf(f: ArchiveFamily, t: ArchivedTable | null): string {
  if (t === null) return `FROM ${f.header} x WHERE x.tenant_id = $1 AND ${inRange(f, 'x')}`;
  if ('date' in t.by) return `FROM ${t.table} x WHERE x.tenant_id = $1 AND x.${t.by.date} >= CAST($2 AS DATE) AND x.${t.by.date} < CAST($3 AS DATE)`;
  return `FROM ${t.table} x WHERE x.tenant_id = $1 AND x.${t.by.key} IN (SELECT h.${f.key} FROM ${f.header} h WHERE h.tenant_id = $1 AND ${inRange(f, 'h')})`;
}

/** Copies a table's rows of the range into one archive table, the archive's extra columns computed over the header. */
async function copyInto(tx: Db, f: ArchiveFamily, t: ArchivedTable | null, archive: string, extra: Record<string, string>, params: unknown[]): Promise<void> {
  const live = t?.table ?? f.header;
  const liveColumns = new Set(await columnsOf(tx, live));
  const columns = await columnsOf(tx, archive);
  const select = columns.map((c) => {
    if (liveColumns.has(c)) return `x.${c}`;
    if (t === null && extra[c]) return extra[c].replace(/\bh\./g, 'x.');
    return 'NULL';
  });
  await tx.query(`INSERT INTO ${archive} (${columns.join(', ')}) SELECT ${select.join(', ')} ${rowsOf(f, t)}`, params);
}

/** Moves one family's rows dated in [from, to) in one transaction; the rows moved (header and lines). */
async function moveRange(db: Db, tenantId: number, special: boolean, f: ArchiveFamily, from: string, to: string): Promise<number> {
  const params = [tenantId, from, to];
  return db.transaction(async (tx) => {
    let moved = 0;
    // lines first: those found through the header's key must be read while the header is still live
    const tables: (ArchivedTable | null)[] = [...f.lines, null];
    for (const t of tables) {
      const live = t?.table ?? f.header;
      const [{ n }] = await tx.query<{ n: number }>(`SELECT COUNT(*) AS n ${rowsOf(f, t)}`, params);
      if (Number(n) === 0) continue;
      moved += Number(n);
      await copyInto(tx, f, t, `${live}_his`, {}, params);
      if (special && f.special?.tables.includes(live)) await copyInto(tx, f, t, `${live}_his_x`, f.special.extra, params);
    }
    for (const t of tables) {
      if (t === null) await tx.query(`DELETE FROM ${f.header} WHERE tenant_id = $1 AND ${inRange(f, f.header)}`, params);
      else if ('date' in t.by) await tx.query(`DELETE FROM ${t.table} WHERE tenant_id = $1 AND ${t.by.date} >= CAST($2 AS DATE) AND ${t.by.date} < CAST($3 AS DATE)`, params);
      else {
        await tx.query(
          `DELETE FROM ${t.table} WHERE tenant_id = $1 AND ${t.by.key} IN (SELECT h.${f.key} FROM ${f.header} h WHERE h.tenant_id = $1 AND ${inRange(f, 'h')})`,
          params,
        );
      }
    }
    return moved;
  });
}

/** The days before the cut-off that still hold live rows of a family, oldest first. */
async function liveDaysBefore(db: Db, tenantId: number, f: ArchiveFamily, cutoff: string): Promise<string[]> {
  const rows = await db.query<{ d: string }>(
    `SELECT DISTINCT CAST(${f.date} AS DATE) AS d FROM ${f.header} WHERE tenant_id = $1 AND ${f.date} < CAST($2 AS ${f.dateType}) ORDER BY 1`,
    [tenantId, cutoff],
  );
  return rows.map((r) => String(r.d).slice(0, 10));
}

export interface RotateOptions {
  /** calendar days moved per transaction (the daily close moves one; the demo seed a month) */
  batchDays?: number;
  /** called after each committed batch (tests stop a close there) */
  afterBatch?: (family: string, from: string) => Promise<void>;
}

/**
 * Moves every live row of the tenant dated before `cutoff` to the archives, oldest days first, a batch
 * of days per family and transaction; the rows moved.
 */
export async function rotateArchives(db: Db, tenantId: number, cutoff: string, opts: RotateOptions = {}): Promise<number> {
  const batchDays = opts.batchDays ?? 1;
  const [tenant] = await db.query<{ s: number }>('SELECT is_special_tenant AS s FROM tenant WHERE tenant_id = $1', [tenantId]);
  const special = Number(tenant?.s ?? 0) === 1;
  let moved = 0;
  for (const f of ARCHIVE_FAMILIES) {
    checkIdentifiers(f.header, f.key, f.date);
    const days = await liveDaysBefore(db, tenantId, f, cutoff);
    for (let i = 0; i < days.length; ) {
      const from = days[i];
      const end = addDays(from, batchDays) < cutoff ? addDays(from, batchDays) : cutoff;
      while (i < days.length && days[i] < end) i++;
      moved += await moveRange(db, tenantId, special, f, from, end);
      await opts.afterBatch?.(f.header, from);
    }
  }
  return moved;
}

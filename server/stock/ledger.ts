/**
 * Writing stock-ledger rows. Numbers run on from the tenant's last row. On PostgreSQL it is read under
 * the ledger lock, which a posting takes last and holds to its commit: postings side by side wait for
 * each other only there. DuckDB runs one write transaction at a time, so a posting reads the last
 * number with its other reads (one-read.ts) and nothing can take one before it writes.
 */
import { csvField } from '../db/scratch';
import { lockTenant } from '../db/tenant-lock';
import type { Db } from '../db/types';
import { NO_NUM, NO_TEXT, num, type ReadPart, type ReadRow } from './one-read';

export const LEDGER_COLUMNS = [
  'tenant_id', 'ledger_id', 'org_code', 'center_code', 'sku_no', 'lot_no', 'doc_type', 'doc_no', 'doc_item_id', 'qty', 'cost_price', 'amount',
  'stock_before', 'cost_diff_amount', 'biz_time', 'biz_date',
] as const;
export const LEDGER_TYPES = ['BIGINT', 'BIGINT', 'VARCHAR', 'VARCHAR', 'VARCHAR', 'VARCHAR', 'INTEGER', 'VARCHAR', 'BIGINT', 'DECIMAL(18,3)', 'DECIMAL(18,4)',
  'DECIMAL(18,4)', 'DECIMAL(18,3)', 'DECIMAL(18,4)', 'TIMESTAMP', 'DATE'];
/** the position of ledger_id in a row */
const ID = 1;

export type LedgerRow = (string | number | null)[];

/** up to this many rows go in as INSERT statements; more as the database's bulk path */
const ROWS_PER_INSERT = 500;
const LINES_PER_BUFFER = 50_000;

/** The combined read's part for the tenant's last ledger number (DuckDB only, see above). */
export const lastLedgerIdRead = (tenantId: number): ReadPart => ({
  part: 'ledger',
  select: `SELECT ${NO_TEXT}, ${NO_TEXT}, ${NO_TEXT}, ${NO_TEXT}, ${num('MAX(ledger_id)')}, ${NO_NUM}, ${NO_NUM} FROM stock_ledger WHERE tenant_id = $1`,
  params: [tenantId],
});

const nextId = (tenantId: number, last: number | null | undefined) => Number(last ?? tenantId * 10_000_000_000) + 1;

async function nextLedgerId(tx: Db, tenantId: number, read?: Map<string, ReadRow[]>): Promise<number> {
  const known = read?.get('ledger');
  if (known) return nextId(tenantId, known[0]?.n1);
  await lockTenant(tx, 'ledger', tenantId);
  const [row] = await tx.query<{ m: number | null }>('SELECT MAX(ledger_id) AS m FROM stock_ledger WHERE tenant_id = $1', [tenantId]);
  return nextId(tenantId, row?.m);
}

/**
 * Numbers the rows (in LEDGER_COLUMNS order; their ids are set here) and writes them; `read`, the
 * posting's combined read, holds the last number when it was read there.
 */
export async function appendLedger(tx: Db, tenantId: number, rows: LedgerRow[], read?: Map<string, ReadRow[]>): Promise<void> {
  if (!rows.length) return;
  let id = await nextLedgerId(tx, tenantId, read);
  for (const row of rows) row[ID] = id++;
  if (rows.length <= ROWS_PER_INSERT) {
    const values = rows.map((_, r) => `(${LEDGER_TYPES.map((t, i) => `CAST($${r * LEDGER_TYPES.length + i + 1} AS ${t})`).join(', ')})`);
    await tx.query(`INSERT INTO stock_ledger (${LEDGER_COLUMNS.join(', ')}) VALUES ${values.join(', ')}`, rows.flat());
    return;
  }
  // DuckDB appends in place; PostgreSQL takes COPY CSV
  if (tx.dialect === 'duckdb') return tx.bulkInsert('stock_ledger', LEDGER_COLUMNS, rows);
  const buffers: Buffer[] = [];
  for (let i = 0; i < rows.length; i += LINES_PER_BUFFER) buffers.push(Buffer.from(`${rows.slice(i, i + LINES_PER_BUFFER).map((r) => r.map(csvField).join(',')).join('\n')}\n`));
  await tx.loadCsv('stock_ledger', LEDGER_COLUMNS, LEDGER_TYPES, buffers);
}

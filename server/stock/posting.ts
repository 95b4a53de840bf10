/**
 * Posting stock movements (docs/inventory.md): each movement becomes stock-ledger rows, moves its
 * position (quantity, value, moving-average cost) and its lots, and corrects the daily snapshots from
 * its business date to today, so the balance reports (61, 102, 60, 171) read the same figures as the
 * ledger. Runs inside the caller's transaction: a refusal (a lot without enough stock, a lot number
 * taken) writes nothing. Postings of one tenant are serialised (PostgreSQL: an advisory lock held to
 * the end of the transaction; DuckDB: its write transactions run one at a time), so every movement
 * reads the position as the one before it left it.
 */
import { postInbound, postOutbound, roundQty, splitAmount, toUnits, toYuan, type Balance, type Posting } from '../../engine/stock';
import type { Db } from '../db/types';
import { lockTenant } from '../db/tenant-lock';
import { HttpError } from '../http/errors';
import { applySnapshotDeltas, carrySnapshotsForward, SnapshotDeltas } from './snapshots';

export interface LotPart {
  lotNo: string;
  qty: number;
}

/** A lot opened by an inbound movement (a receipt line). */
export interface NewLot {
  supplierNo: string | null;
  produceDate: string | null;
  expirationDate: string | null;
  /** the receipt's number and time */
  receiveNo: string;
  receiveTime: string;
}

export interface Movement {
  org: string;
  center: string;
  sku: string;
  /** business date 'YYYY-MM-DD' and time 'YYYY-MM-DD HH:mm:ss' */
  date: string;
  time: string;
  /** signed: > 0 in, < 0 out */
  qty: number;
  /** inbound unit cost in yuan; without it (and always outbound) the position's moving average */
  unitCost?: number;
  /** inbound: the one lot it enters; outbound: the lots it consumes, adding up to its quantity */
  lots?: LotPart[];
  newLot?: NewLot;
  docType: number;
  docNo: string;
  itemId: number;
}

export interface Posted {
  itemId: number;
  qty: number;
  /** signed, yuan */
  amount: number;
  /** yuan, 4 decimals */
  unitCost: number;
}

export const POSTING_MESSAGES = {
  lotShort: (lot: string, sku: string) => `批次${lot}（商品${sku}）库存不足，不能出库`,
  lotTaken: (lot: string) => `批次号${lot}已存在`,
  lotUnknown: (lot: string, sku: string) => `批次${lot}不是商品${sku}在本机构的批次`,
} as const;

const refuse = (message: string) => new HttpError(422, 'POSTING_REFUSED', message);

export async function nextLedgerId(tx: Db, tenantId: number): Promise<number> {
  const [row] = await tx.query<{ m: number | null }>('SELECT MAX(ledger_id) AS m FROM stock_ledger WHERE tenant_id = $1', [tenantId]);
  return Number(row?.m ?? tenantId * 10_000_000_000) + 1;
}

export interface Position extends Balance {
  exists: boolean;
}

async function readPosition(tx: Db, tenantId: number, m: Movement): Promise<Position> {
  const [row] = await tx.query<{ stock_num: number; stock_amount: number; avg_cost: number | null }>(
    'SELECT stock_num, stock_amount, avg_cost FROM stock WHERE tenant_id = $1 AND org_code = $2 AND center_code = $3 AND sku_no = $4',
    [tenantId, m.org, m.center, m.sku],
  );
  if (row) return { exists: true, qty: Number(row.stock_num), amt: toUnits(Number(row.stock_amount)), lastCost: toUnits(Number(row.avg_cost ?? 0)) };
  const [sku] = await tx.query<{ c: number | null }>('SELECT COALESCE(purchase_price, buying_price) AS c FROM sku WHERE tenant_id = $1 AND sku_no = $2', [
    tenantId,
    m.sku,
  ]);
  return { exists: false, qty: 0, amt: 0, lastCost: toUnits(Number(sku?.c ?? 0)) };
}

/**
 * The average cost a position keeps between postings, in 1/10000 yuan as stored: the next posting
 * reads it back, so a bulk posting carries this, not the unrounded cost, from one movement to the next.
 */
export const storedAvgCost = (p: Balance) => Math.round(p.qty > 0 ? p.amt / p.qty : p.lastCost);

async function writePosition(tx: Db, tenantId: number, m: Movement, p: Position, qtyChange: number): Promise<void> {
  const avg = toYuan(storedAvgCost(p));
  if (p.exists) {
    await tx.query(
      `UPDATE stock SET stock_num = $1, usable_num = usable_num + $2, stock_amount = $3, avg_cost = $4, last_modify = CAST($5 AS TIMESTAMP)
        WHERE tenant_id = $6 AND org_code = $7 AND center_code = $8 AND sku_no = $9`,
      [p.qty, qtyChange, toYuan(p.amt), avg, m.time, tenantId, m.org, m.center, m.sku],
    );
  } else {
    await tx.query(
      `INSERT INTO stock (tenant_id, org_code, center_code, sku_no, stock_num, usable_num, freeze_num, stock_amount, avg_cost, last_modify)
       VALUES ($1, $2, $3, $4, $5, $5, 0, $6, $7, CAST($8 AS TIMESTAMP))`,
      [tenantId, m.org, m.center, m.sku, p.qty, toYuan(p.amt), avg, m.time],
    );
    p.exists = true;
  }
}

async function openLot(tx: Db, tenantId: number, m: Movement, lotNo: string, lot: NewLot, unitCost: number): Promise<void> {
  const [taken] = await tx.query('SELECT 1 AS x FROM lot WHERE tenant_id = $1 AND lot_no = $2', [tenantId, lotNo]);
  if (taken) throw refuse(POSTING_MESSAGES.lotTaken(lotNo));
  await tx.query(
    `INSERT INTO lot (tenant_id, lot_no, sku_no, org_code, center_code, supplier_no, produce_date, expiration_date, lot_price, receive_no, receive_time)
     VALUES ($1, $2, $3, $4, $5, $6, CAST($7 AS DATE), CAST($8 AS DATE), $9, $10, CAST($11 AS TIMESTAMP))`,
    [tenantId, lotNo, m.sku, m.org, m.center, lot.supplierNo, lot.produceDate, lot.expirationDate, toYuan(Math.round(unitCost)), lot.receiveNo, lot.receiveTime],
  );
}

/** Moves a lot's stock at this organisation; an outbound never takes more than the lot holds. */
async function moveLot(tx: Db, tenantId: number, m: Movement, lotNo: string, qty: number): Promise<void> {
  const [row] = await tx.query<{ n: number }>(
    'SELECT stock_num AS n FROM lot_stock WHERE tenant_id = $1 AND lot_no = $2 AND org_code = $3 AND center_code = $4',
    [tenantId, lotNo, m.org, m.center],
  );
  const left = roundQty(Number(row?.n ?? 0) + qty);
  if (left < 0) throw refuse(POSTING_MESSAGES.lotShort(lotNo, m.sku));
  if (!row) {
    const [lot] = await tx.query('SELECT 1 AS x FROM lot WHERE tenant_id = $1 AND lot_no = $2 AND sku_no = $3', [tenantId, lotNo, m.sku]);
    if (!lot) throw refuse(POSTING_MESSAGES.lotUnknown(lotNo, m.sku));
    await tx.query(
      `INSERT INTO lot_stock (tenant_id, lot_no, org_code, center_code, sku_no, stock_num, last_modify) VALUES ($1, $2, $3, $4, $5, $6, CAST($7 AS TIMESTAMP))`,
      [tenantId, lotNo, m.org, m.center, m.sku, left, m.time],
    );
  } else if (left === 0) {
    // an emptied lot leaves lot_stock, as the demo data does; its movements stay in the ledger
    await tx.query('DELETE FROM lot_stock WHERE tenant_id = $1 AND lot_no = $2 AND org_code = $3 AND center_code = $4', [tenantId, lotNo, m.org, m.center]);
  } else {
    await tx.query(
      'UPDATE lot_stock SET stock_num = $1, last_modify = CAST($2 AS TIMESTAMP) WHERE tenant_id = $3 AND lot_no = $4 AND org_code = $5 AND center_code = $6',
      [left, m.time, tenantId, lotNo, m.org, m.center],
    );
  }
}

/**
 * The ledger rows of one posting: one per lot it touches (and one without a lot for any quantity no
 * lot covers), the amount shared over them by quantity.
 */
function ledgerParts(m: Movement, post: Posting): { lotNo: string | null; qty: number; amount: number; costDiff: number }[] {
  const size = Math.abs(post.qty);
  const parts: { lotNo: string | null; qty: number }[] = (m.lots ?? []).filter((l) => l.qty > 0);
  const rest = roundQty(size - parts.reduce((a, l) => a + l.qty, 0));
  if (rest > 0) parts.push({ lotNo: null, qty: rest });
  const sign = post.qty < 0 ? -1 : 1;
  const amounts = splitAmount(post.amount, parts.map((l) => l.qty));
  const diffs = splitAmount(post.costDiff, parts.map((l) => l.qty));
  return parts.map((l, i) => ({ lotNo: l.lotNo, qty: sign * l.qty, amount: amounts[i], costDiff: diffs[i] }));
}

export const LEDGER_COLUMNS = [
  'tenant_id', 'ledger_id', 'org_code', 'center_code', 'sku_no', 'lot_no', 'doc_type', 'doc_no', 'doc_item_id', 'qty', 'cost_price', 'amount',
  'stock_before', 'cost_diff_amount', 'biz_time', 'biz_date',
] as const;
export const LEDGER_TYPES = ['BIGINT', 'BIGINT', 'VARCHAR', 'VARCHAR', 'VARCHAR', 'VARCHAR', 'INTEGER', 'VARCHAR', 'BIGINT', 'DECIMAL(18,3)', 'DECIMAL(18,4)',
  'DECIMAL(18,4)', 'DECIMAL(18,3)', 'DECIMAL(18,4)', 'TIMESTAMP', 'DATE'];
const LEDGER_INSERT = `INSERT INTO stock_ledger (${LEDGER_COLUMNS.join(', ')}) VALUES (${LEDGER_TYPES.map((t, i) => `CAST($${i + 1} AS ${t})`).join(', ')})`;

/**
 * One movement booked against its position (moved in place): its ledger rows in LEDGER_COLUMNS order
 * and its snapshot changes. The same for a posting one by one and a bulk posting, so they cannot differ.
 */
export function bookMovement(tenantId: number, nextId: () => number, m: Movement, p: Position, deltas: SnapshotDeltas): { post: Posting; rows: (string | number | null)[][] } {
  const post = m.qty > 0 ? postInbound(p, m.qty, m.unitCost === undefined ? (p.qty > 0 ? p.amt / p.qty : p.lastCost) : toUnits(m.unitCost)) : postOutbound(p, -m.qty);
  const rows = ledgerParts(m, post).map((part) => {
    deltas.add({ org: m.org, center: m.center, sku: m.sku, lot: null }, m.date, part.qty, part.amount + part.costDiff);
    if (part.lotNo) deltas.add({ org: m.org, center: m.center, sku: m.sku, lot: part.lotNo }, m.date, part.qty, part.amount + part.costDiff);
    return [tenantId, nextId(), m.org, m.center, m.sku, part.lotNo, m.docType, m.docNo, m.itemId, part.qty, toYuan(Math.round(post.unitCost)),
      toYuan(part.amount), post.stockBefore, toYuan(part.costDiff), m.time, m.date];
  });
  return { post, rows };
}

export const postedOf = (m: Movement, post: Posting): Posted => ({ itemId: m.itemId, qty: post.qty, amount: toYuan(post.amount), unitCost: toYuan(Math.round(post.unitCost)) });

/**
 * Posts the movements in order and answers what each booked. `today` bounds the snapshots to correct;
 * a movement dated after it is the caller's mistake (documents are checked against the open period).
 */
export async function postMovements(tx: Db, tenantId: number, today: string, moves: readonly Movement[]): Promise<Posted[]> {
  if (!moves.length) return [];
  await lockTenant(tx, 'posting', tenantId);
  let ledgerId = await nextLedgerId(tx, tenantId);
  const deltas = new SnapshotDeltas();
  const posted: Posted[] = [];
  for (const m of moves) {
    const lotTotal = roundQty((m.lots ?? []).reduce((a, l) => a + l.qty, 0));
    if (m.lots?.length && m.qty < 0 && lotTotal > -m.qty) throw refuse(POSTING_MESSAGES.lotShort(m.lots[0].lotNo, m.sku));
    const p = await readPosition(tx, tenantId, m);
    const { post, rows } = bookMovement(tenantId, () => ledgerId++, m, p, deltas);
    if (m.newLot && m.lots?.length === 1) await openLot(tx, tenantId, m, m.lots[0].lotNo, m.newLot, post.unitCost);
    for (const row of rows) {
      await tx.query(LEDGER_INSERT, row);
      if (row[5] !== null) await moveLot(tx, tenantId, m, String(row[5]), Number(row[9]));
    }
    await writePosition(tx, tenantId, m, p, post.qty);
    posted.push(postedOf(m, post));
  }
  // a posting on a day the close has not reached yet finds the day's carried rows before correcting them
  await carrySnapshotsForward(tx, tenantId, today);
  await applySnapshotDeltas(tx, tenantId, today, deltas);
  return posted;
}

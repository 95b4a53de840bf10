/**
 * Posting a document of any definition (its `posting` section): the header and lines are read in the
 * posting transaction, turned into movements and posted; lines whose cost the ledger decides get the
 * booked cost written back, so a document and the ledger never disagree.
 */
import type { DocumentFile, PostingDef } from '../../engine/document/types';
import { roundQty } from '../../engine/stock';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { centerChooser } from './centers';
import { postMovements, type LotPart, type Movement } from './posting';

type Row = Record<string, unknown>;

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

function docTypeOf(posting: PostingDef, header: Row): number {
  if ('value' in posting.doc_type) return posting.doc_type.value;
  const t = posting.doc_type.map[String(header[posting.doc_type.column])];
  if (t === undefined) throw new HttpError(422, 'POSTING_REFUSED', '单据类型无法过账');
  return t;
}

async function allocatedLots(tx: Db, tenantId: number, no: string): Promise<Map<number, LotPart[]>> {
  const rows = await tx.query<{ line: number; lot_no: string; qty: number }>(
    `SELECT business_item_id AS line, lot_no, SUM(change_stock_num) AS qty FROM lot_allocation
      WHERE tenant_id = $1 AND business_no = $2 AND lot_no IS NOT NULL GROUP BY business_item_id, lot_no ORDER BY business_item_id, lot_no`,
    [tenantId, no],
  );
  const byLine = new Map<number, LotPart[]>();
  for (const r of rows) byLine.set(Number(r.line), [...(byLine.get(Number(r.line)) ?? []), { lotNo: r.lot_no, qty: Number(r.qty) }]);
  return byLine;
}

/** Posts one document as it stands in the transaction; `today` is the tenant's date. */
export async function postDocument(tx: Db, def: DocumentFile, tenantId: number, no: string, today: string): Promise<void> {
  const posting = def.posting;
  if (!posting) return;
  const t = def.tables;
  const [header] = await tx.query<Row>(`SELECT * FROM ${t.header} WHERE tenant_id = $1 AND ${t.no_column} = $2`, [tenantId, no]);
  const lines = await tx.query<Row>(`SELECT * FROM ${t.lines} WHERE tenant_id = $1 AND ${t.no_column} = $2 ORDER BY ${t.line_column}`, [tenantId, no]);
  const docType = docTypeOf(posting, header);
  const inbound = posting.inbound_types.includes(docType);
  const org = String(header[posting.org_column]);
  const time = String(header[t.time_column]).slice(0, 19);
  const lots = posting.allocated_lots && !inbound ? await allocatedLots(tx, tenantId, no) : new Map<number, LotPart[]>();
  const centerOf = await centerChooser(tx, tenantId, [org]);
  const named = posting.center_column ? text(header[posting.center_column]) : null;
  const moves: Movement[] = [];
  for (const line of lines) {
    const lineId = Number(line[t.line_column]);
    const sku = String(line.sku_no);
    const qty = roundQty(Number(line[posting.qty_column]));
    const m: Movement = {
      org,
      center: centerOf(org, sku, named),
      sku,
      date: time.slice(0, 10),
      time,
      qty: inbound ? qty : -qty,
      docType,
      docNo: no,
      itemId: lineId,
    };
    if (inbound && posting.unit_cost_column) m.unitCost = Number(line[posting.unit_cost_column]);
    if (posting.new_lot) {
      const lotNo = text(line[posting.new_lot.lot_column]) ?? `${no}-${lineId}`;
      m.lots = [{ lotNo, qty }];
      m.newLot = {
        supplierNo: posting.new_lot.supplier_column ? text(header[posting.new_lot.supplier_column]) : null,
        produceDate: text(line.produce_date),
        expirationDate: text(line.expiration_date),
        receiveNo: no,
        receiveTime: time,
      };
    } else if (posting.lot_column && text(line[posting.lot_column])) {
      m.lots = [{ lotNo: String(line[posting.lot_column]), qty }];
    } else if (lots.has(lineId)) {
      m.lots = lots.get(lineId);
    }
    moves.push(m);
  }
  const booked = await postMovements(tx, tenantId, today, moves);
  if (posting.booked_cost) {
    const { price, amount } = posting.booked_cost;
    await updateLines(tx, t, tenantId, no, { [price]: 'DECIMAL(18,4)', [amount]: 'DECIMAL(18,4)' }, booked.map((b) => [b.itemId, b.unitCost, Math.abs(b.amount)]));
  }
  if (posting.new_lot) {
    await updateLines(tx, t, tenantId, no, { [posting.new_lot.lot_column]: 'VARCHAR' }, moves.map((m) => [m.itemId, m.lots![0].lotNo]));
  }
}

/** Sets columns of the document's lines in one statement: each row is a line number and the columns' values in order. */
async function updateLines(
  tx: Db,
  t: DocumentFile['tables'],
  tenantId: number,
  no: string,
  columns: Record<string, string>,
  rows: readonly (string | number)[][],
): Promise<void> {
  if (!rows.length) return;
  const names = Object.keys(columns);
  const types = ['BIGINT', ...Object.values(columns)];
  const values = rows.map((_, r) => `(${types.map((type, i) => `CAST($${r * types.length + i + 3} AS ${type})`).join(', ')})`);
  await tx.query(
    `UPDATE ${t.lines} SET ${names.map((n, i) => `${n} = v.c${i}`).join(', ')}
       FROM (VALUES ${values.join(', ')}) AS v(line, ${names.map((_, i) => `c${i}`).join(', ')})
      WHERE ${t.lines}.tenant_id = $1 AND ${t.lines}.${t.no_column} = $2 AND ${t.lines}.${t.line_column} = v.line`,
    [tenantId, no, ...rows.flat()],
  );
}

/**
 * Posting a document of any definition (its `posting` section): the header and lines are read in the
 * posting transaction, turned into movements and posted; lines whose cost the ledger decides get the
 * booked cost written back, so a document and the ledger never disagree.
 */
import type { DocumentFile, PostingDef } from '../../engine/document/types';
import { roundQty } from '../../engine/stock';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { centerChooser, type CenterOf } from './centers';
import { postMovements, type LotPart, type Movement, type Posted } from './posting';

type Row = Record<string, unknown>;

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

type Get = (column: string) => unknown;

function docTypeOf(posting: MovementDef, header: Get): number {
  if ('value' in posting.doc_type) return posting.doc_type.value;
  const t = posting.doc_type.map[String(header(posting.doc_type.column))];
  if (t === undefined) throw new HttpError(422, 'POSTING_REFUSED', '单据类型无法过账');
  return t;
}

/** A posting section, the state aside: what turns one line into a movement. */
export type MovementDef = Omit<PostingDef, 'state'> & {
  /** the quantity is signed: positive leaves stock, negative returns to it (a sale and its refund) */
  signed_qty?: boolean;
};

/**
 * The movement of one line by a posting section: the same for an approved document and a loaded fact,
 * so the two cannot post differently. `allocated` are the lots the lot allocation block gave the line.
 */
export function lineMovement(def: MovementDef, doc: { no: string; lineId: number; time: string }, header: Get, line: Get, centerOf: CenterOf, allocated?: LotPart[]): Movement {
  const docType = docTypeOf(def, header);
  const given = roundQty(Number(line(def.qty_column)));
  const qty = def.signed_qty ? -given : def.inbound_types.includes(docType) ? given : -given;
  const org = String(header(def.org_column));
  const sku = String(line('sku_no'));
  const m: Movement = {
    org,
    center: centerOf(org, sku, def.center_column ? text(header(def.center_column)) : null),
    sku,
    date: doc.time.slice(0, 10),
    time: doc.time,
    qty,
    docType,
    docNo: doc.no,
    itemId: doc.lineId,
  };
  const cost = qty > 0 && def.unit_cost_column ? text(line(def.unit_cost_column)) : null;
  if (cost !== null) m.unitCost = Number(cost);
  if (def.new_lot) {
    m.lots = [{ lotNo: text(line(def.new_lot.lot_column)) ?? `${doc.no}-${doc.lineId}`, qty: Math.abs(qty) }];
    m.newLot = {
      supplierNo: def.new_lot.supplier_column ? text(header(def.new_lot.supplier_column)) : null,
      produceDate: text(line('produce_date')),
      expirationDate: text(line('expiration_date')),
      receiveNo: doc.no,
      receiveTime: doc.time,
    };
  } else if (def.lot_column && text(line(def.lot_column))) {
    m.lots = [{ lotNo: String(line(def.lot_column)), qty: Math.abs(qty) }];
  } else if (allocated?.length && qty < 0) {
    m.lots = allocated;
  }
  return m;
}

/** The booked cost a line keeps: unit cost and amount, the amount signed like a signed quantity, else positive. */
export function bookedCost(def: MovementDef, b: Posted): [number, number] {
  return [b.unitCost, def.signed_qty ? -b.amount : Math.abs(b.amount)];
}

/** The columns a line needs to become a movement: the posting's, the goods and a new lot's dates. */
export function movementColumns(def: MovementDef): { header: string[]; line: string[] } {
  const header = [def.org_column, def.center_column, 'column' in def.doc_type ? def.doc_type.column : undefined, def.new_lot?.supplier_column];
  const line = ['sku_no', def.qty_column, def.unit_cost_column, def.lot_column, def.new_lot?.lot_column, ...(def.new_lot ? ['produce_date', 'expiration_date'] : [])];
  const named = (cs: (string | undefined)[]) => [...new Set(cs.filter((c): c is string => c !== undefined))];
  return { header: named(header), line: named(line) };
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
  const time = String(header[t.time_column]).slice(0, 19);
  const lots = posting.allocated_lots ? await allocatedLots(tx, tenantId, no) : new Map<number, LotPart[]>();
  const centerOf = await centerChooser(tx, tenantId, [String(header[posting.org_column])]);
  const moves = lines.map((line) => {
    const lineId = Number(line[t.line_column]);
    return lineMovement(posting, { no, lineId, time }, (c) => header[c], (c) => line[c], centerOf, lots.get(lineId));
  });
  const booked = await postMovements(tx, tenantId, today, moves);
  if (posting.booked_cost) {
    const { price, amount } = posting.booked_cost;
    await updateLines(tx, t, tenantId, no, { [price]: 'DECIMAL(18,4)', [amount]: 'DECIMAL(18,4)' }, booked.map((b) => [b.itemId, ...bookedCost(posting, b)]));
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

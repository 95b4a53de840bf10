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

function docTypeOf(posting: MovementDef, header: Get, qty: number): number {
  if ('by_sign' in posting.doc_type) return qty > 0 ? posting.doc_type.by_sign.in : posting.doc_type.by_sign.out;
  if ('value' in posting.doc_type) return posting.doc_type.value;
  const t = posting.doc_type.map[String(header(posting.doc_type.column))];
  if (t === undefined) throw new HttpError(422, 'POSTING_REFUSED', '单据类型无法过账');
  return t;
}

/**
 * A posting section, the state aside: what turns one line into a movement. Loaded facts that move stock
 * in more than one place (a transfer, a store return) have one per place, each a leg of the line.
 */
export type MovementDef = Omit<PostingDef, 'state' | 'booked_cost' | 'doc_type'> & {
  /** as a document's, or by the direction of a signed quantity (a count's gain and loss) */
  doc_type: PostingDef['doc_type'] | { by_sign: { in: number; out: number } };
  /** line columns given what the ledger booked: the unit cost and the amount (positive, or signed like a signed quantity) */
  booked_cost?: { price?: string; amount: string };
  /** the quantity is signed: 'out' when positive leaves stock (a sale and its refund), 'in' when positive enters (a count's difference) */
  signed_qty?: 'out' | 'in';
  /** line column taken off the quantity (a return's part the target refused) */
  qty_less_column?: string;
  /** the organisation column holds a logistics centre's code: the stock moves at that centre's organisation */
  org_is_center?: boolean;
  /** the leg moves stock only for headers whose column has one of these values */
  when?: { column: string; values: string[] };
  /** inbound at the unit cost this earlier leg of the same line booked */
  cost_of_leg?: number;
  /** inbound at this line amount divided by the quantity (a delivery's value at its transfer price) */
  unit_amount_column?: string;
};

/** Where a line's stock sits: the centre a position is kept under, and a logistics centre's own organisation. */
export interface Places {
  centerOf: CenterOf;
  orgOfCenter(center: string): string | undefined;
}

/**
 * The movement of one line by a posting section: the same for an approved document and a loaded fact,
 * so the two cannot post differently; null when the leg does not apply or moves nothing.
 * `allocated` are the lots the lot allocation block gave the line.
 */
export function lineMovement(def: MovementDef, doc: { no: string; lineId: number; time: string }, header: Get, line: Get, places: Places, allocated?: LotPart[]): Movement | null {
  if (def.when && !def.when.values.includes(String(header(def.when.column)))) return null;
  const given = roundQty(Number(line(def.qty_column)) - (def.qty_less_column ? Number(line(def.qty_less_column) ?? 0) : 0));
  if (given === 0) return null;
  const signed = def.signed_qty === 'out' ? -given : given;
  const docType = docTypeOf(def, header, signed);
  const qty = def.signed_qty ? signed : def.inbound_types.includes(docType) ? given : -given;
  const named = String(header(def.org_column));
  const org = def.org_is_center ? places.orgOfCenter(named) ?? named : named;
  const sku = String(line('sku_no'));
  const center = def.org_is_center ? named : def.center_column ? text(header(def.center_column)) : null;
  const time = doc.time;
  const m: Movement = { org, center: places.centerOf(org, sku, center), sku, date: time.slice(0, 10), time, qty, docType, docNo: doc.no, itemId: doc.lineId };
  const cost = qty > 0 && def.unit_cost_column ? text(line(def.unit_cost_column)) : null;
  if (cost !== null) m.unitCost = Number(cost);
  const value = qty > 0 && def.unit_amount_column ? text(line(def.unit_amount_column)) : null;
  if (value !== null) m.unitCost = Number(value) / qty;
  if (def.new_lot) {
    m.lots = [{ lotNo: text(line(def.new_lot.lot_column)) ?? `${doc.no}-${doc.lineId}`, qty: Math.abs(qty) }];
    m.newLot = {
      supplierNo: def.new_lot.supplier_column ? text(header(def.new_lot.supplier_column)) : null,
      produceDate: text(line('produce_date')),
      expirationDate: text(line('expiration_date')),
      receiveNo: doc.no,
      receiveTime: time,
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
  const amount = def.signed_qty === 'out' ? -b.amount : def.signed_qty === 'in' ? b.amount : Math.abs(b.amount);
  return [b.unitCost, amount];
}

/** The columns a line needs to become a movement: the posting's, the goods and a new lot's dates. */
export function movementColumns(def: MovementDef): { header: string[]; line: string[] } {
  const header = [def.org_column, def.center_column, 'column' in def.doc_type ? def.doc_type.column : undefined, def.new_lot?.supplier_column, def.when?.column];
  const line = ['sku_no', def.qty_column, def.qty_less_column, def.unit_cost_column, def.unit_amount_column, def.lot_column, def.new_lot?.lot_column, ...(def.new_lot ? ['produce_date', 'expiration_date'] : [])];
  const named = (cs: (string | undefined)[]) => [...new Set(cs.filter((c): c is string => c !== undefined))];
  return { header: named(header), line: named(line) };
}

/** The logistics centres' organisations, for legs that name a centre. */
export async function centerOrgs(tx: Db, tenantId: number): Promise<Map<string, string>> {
  const rows = await tx.query<{ center_code: string; org_code: string }>('SELECT center_code, org_code FROM logistics_center WHERE tenant_id = $1', [tenantId]);
  return new Map(rows.map((r) => [r.center_code, r.org_code]));
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
  const places: Places = { centerOf: await centerChooser(tx, tenantId, [String(header[posting.org_column])]), orgOfCenter: () => undefined };
  const moves = lines.flatMap((line) => {
    const lineId = Number(line[t.line_column]);
    return lineMovement(posting, { no, lineId, time }, (c) => header[c], (c) => line[c], places, lots.get(lineId)) ?? [];
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

/**
 * The facts the loader takes, by family: a header table and the tables whose rows belong to one
 * header by its key, loaded together and never changed once loaded (a return is a new fact). A family
 * whose lines move stock names how they post with the `posting` section documents use
 * (engine/document/types PostingDef): the loaded lines then do business as an approved document does —
 * ledger, positions, lots, snapshots — and what the posting books (the cost, a new lot's number, the
 * posted state) is written into the rows, so a till never supplies a moving-average cost. The stock
 * documents (purchase receipts, stock adjustments, store outbounds) are families by their definitions,
 * so a loaded receipt and an approved one post by the same description.
 */
import type { DocumentFile } from '../../engine/document/types';
import { loadDocumentsFromDir } from '../documents/definitions-fs';
import type { MovementDef } from '../stock/document-posting';

export interface FactPosting {
  /** the table of lines that move stock and its line-number column (without one, lines are numbered by goods) */
  lines: string;
  line?: string;
  /** header column: the time of the movement (a DATE moves stock at the day's end) */
  time: string;
  /** the legs of each line, posted one after the other: a document's posting section, the state aside */
  legs: MovementDef[];
  /** header column filled with the posted state, which a load may leave empty or give as this value */
  status?: { column: string; value: string };
}

export interface FactFamily {
  header: string;
  /** the header's key column, which its parts carry */
  key: string;
  /** the header's date (DATE or TIMESTAMP): the open period applies to its day, and parts' date columns take it */
  date: string;
  parts: { table: string; date?: string }[];
  posting?: FactPosting;
  /**
   * A later load of a stored key replaces the header and its parts: facts that change over their life
   * (a store order shipped, an invoice paid) and move no stock. Others are refused once stored.
   */
  replaceable?: boolean;
}

const SALES: FactFamily = {
  header: 'sales_order',
  key: 'order_no',
  date: 'business_date',
  parts: [{ table: 'sales_order_item', date: 'business_date' }, { table: 'sales_payment' }],
  posting: {
    lines: 'sales_order_item',
    line: 'line_no',
    time: 'order_time',
    legs: [{
      // 销售 and 销售退货 of the stock document types (dictionary RECEIVE_OUB_OPTION)
      doc_type: { column: 'is_return', map: { '0': 5, '1': 6 } },
      inbound_types: [],
      org_column: 'org_code',
      qty_column: 'qty',
      signed_qty: 'out',
      booked_cost: { price: 'cost_price', amount: 'cost_amount' },
    }],
  },
};

/** The stock-moving facts that are not documents of the screens, with the ledger types of docs/inventory.md. */
const STOCK_FACTS: FactFamily[] = [
  {
    // 批发 and 批发退货 at the logistics centre, the return's quantity negative
    header: 'wholesale_order',
    key: 'wo_no',
    date: 'order_date',
    parts: [{ table: 'wholesale_order_item' }],
    posting: {
      lines: 'wholesale_order_item',
      line: 'line_no',
      time: 'order_date',
      legs: [{
        doc_type: { column: 'is_return', map: { '0': 5, '1': 6 } },
        inbound_types: [],
        org_column: 'center_code',
        org_is_center: true,
        qty_column: 'qty',
        signed_qty: 'out',
        booked_cost: { amount: 'cost_amount' },
      }],
    },
  },
  {
    // 配送出库 (5) at the logistics centre, of the line's lot; 配送收货 (2) at the store at the delivery's price, into that lot
    header: 'distribution_order',
    key: 'oub_no',
    date: 'ship_time',
    parts: [{ table: 'distribution_order_item' }],
    posting: {
      lines: 'distribution_order_item',
      line: 'line_id',
      time: 'ship_time',
      legs: [
        { doc_type: { value: 5 }, inbound_types: [], org_column: 'center_code', org_is_center: true, qty_column: 'qty', lot_column: 'lot_no' },
        { doc_type: { value: 2 }, inbound_types: [2], org_column: 'to_org_code', qty_column: 'qty', lot_column: 'lot_no', unit_amount_column: 'amount' },
      ],
    },
  },
  {
    // 采购退货 (3) out of the organisation, of a lot when the line names one
    header: 'purchase_return',
    key: 'return_no',
    date: 'return_time',
    parts: [{ table: 'purchase_return_item' }],
    posting: {
      lines: 'purchase_return_item',
      line: 'line_id',
      time: 'return_time',
      legs: [{ doc_type: { value: 3 }, inbound_types: [], org_column: 'org_code', center_column: 'center_code', qty_column: 'qty', lot_column: 'lot_no' }],
    },
  },
  {
    // 门店退货 (4) out of the store; the part the target refused back in (7); the rest into the logistics centre (4)
    header: 'store_return_order',
    key: 'return_no',
    date: 'return_time',
    parts: [{ table: 'store_return_item' }],
    posting: {
      lines: 'store_return_item',
      line: 'line_id',
      time: 'return_time',
      legs: [
        { doc_type: { value: 4 }, inbound_types: [], org_column: 'org_code', qty_column: 'qty', booked_cost: { amount: 'amount' } },
        { doc_type: { value: 7 }, inbound_types: [7], org_column: 'org_code', qty_column: 'rejected_qty', cost_of_leg: 0, booked_cost: { amount: 'rejected_amount' } },
        {
          doc_type: { value: 4 }, inbound_types: [4], org_column: 'target_code', org_is_center: true, qty_column: 'qty', qty_less_column: 'rejected_qty', cost_of_leg: 0,
          when: { column: 'target_type', values: ['1'] },
        },
      ],
    },
  },
  {
    // 调拨出 (11) at the sender, 调拨入 (10) at the receiver at the sender's cost
    header: 'transfer_order',
    key: 'transfer_no',
    date: 'out_time',
    parts: [{ table: 'transfer_item' }],
    posting: {
      lines: 'transfer_item',
      line: 'line_id',
      time: 'out_time',
      legs: [
        { doc_type: { value: 11 }, inbound_types: [], org_column: 'from_org_code', qty_column: 'qty', lot_column: 'lot_no', booked_cost: { amount: 'amount' } },
        { doc_type: { value: 10 }, inbound_types: [10], org_column: 'to_org_code', qty_column: 'qty', lot_column: 'lot_no', cost_of_leg: 0 },
      ],
    },
  },
  {
    // 盘盈 (8) and 盘亏 (9) by the counted difference, at the moving average
    header: 'stocktake',
    key: 'stocktake_no',
    date: 'stocktake_date',
    parts: [{ table: 'stocktake_item' }],
    posting: {
      lines: 'stocktake_item',
      time: 'stocktake_date',
      legs: [{
        doc_type: { by_sign: { in: 8, out: 9 } },
        inbound_types: [8],
        org_column: 'org_code',
        center_column: 'center_code',
        qty_column: 'diff_qty',
        signed_qty: 'in',
        booked_cost: { amount: 'diff_amount' },
      }],
    },
  },
];

// facts moving no stock: ledgers and payments, never changed (card use and top-ups, member points, advance
// payments, receivables and payables, storage clients' stock), and documents whose state moves on
const SINGLE_TABLES: FactFamily[] = [
  { header: 'card_transaction', key: 'txn_id', date: 'txn_time', parts: [] },
  { header: 'member_points_ledger', key: 'id', date: 'biz_time', parts: [] },
  { header: 'advance_payment', key: 'adv_no', date: 'biz_time', parts: [] },
  { header: 'ar_ap_ledger', key: 'ledger_id', date: 'biz_time', parts: [] },
  { header: 'storage_stock_ledger', key: 'id', date: 'biz_date', parts: [] },
  { header: 'store_order', key: 'dorder_no', date: 'order_time', parts: [{ table: 'store_order_item' }], replaceable: true },
  { header: 'packing_order', key: 'packing_no', date: 'start_time', parts: [{ table: 'packing_order_item' }], replaceable: true },
  { header: 'tour_order', key: 'tour_no', date: 'depart_time', parts: [{ table: 'tour_order_stop' }], replaceable: true },
  { header: 'purchase_order', key: 'po_no', date: 'order_time', parts: [], replaceable: true },
  { header: 'invoice', key: 'invoice_no', date: 'invoice_date', parts: [], replaceable: true },
  { header: 'plus_member_subscription', key: 'sub_no', date: 'buy_time', parts: [], replaceable: true },
  // dated by its month (period_month 'YYYY-MM'), open while any day of the month is
  { header: 'settlement', key: 'settlement_no', date: 'period_month', parts: [{ table: 'settlement_item' }], replaceable: true },
];

/** A document definition that posts, as a family of facts loaded in its posted state. */
export function documentFamily(doc: DocumentFile): FactFamily | undefined {
  if (!doc.posting) return undefined;
  const t = doc.tables;
  const { state, ...def } = doc.posting;
  return {
    header: t.header,
    key: t.no_column,
    date: t.time_column,
    parts: [{ table: t.lines }],
    posting: { lines: t.lines, line: t.line_column, time: t.time_column, legs: [def], status: { column: t.status_column, value: state } },
  };
}

let families: readonly FactFamily[] | undefined;

/** Every loadable family; the documents' come from their definitions (read once). */
export function factFamilies(): readonly FactFamily[] {
  families ??= [
    SALES,
    ...SINGLE_TABLES,
    ...STOCK_FACTS,
    ...[...loadDocumentsFromDir().documents.values()].flatMap((d) => documentFamily(d) ?? []),
  ];
  return families;
}

/** The family a table belongs to, as header or part. */
export function familyOf(table: string): FactFamily | undefined {
  return factFamilies().find((f) => f.header === table || f.parts.some((p) => p.table === table));
}

/** Line columns the posting books over whatever a load gives: the cost, unless it is an inbound line's own cost. */
export function bookedColumns(posting: FactPosting): string[] {
  return posting.legs.flatMap((leg) => [leg.booked_cost?.price, leg.booked_cost?.amount].filter((c): c is string => c !== undefined && c !== leg.unit_cost_column));
}

/** Columns of a loadable fact the product fills, with why. */
export function filledColumns(table: string): Map<string, string> {
  const filled = new Map<string, string>();
  const family = familyOf(table);
  if (!family) return filled;
  const part = family.parts.find((p) => p.table === table);
  if (part?.date) filled.set(part.date, `filled from ${family.header}.${family.date}; if given, must equal it`);
  const posting = family.posting;
  if (!posting) return filled;
  if (posting.lines === table) {
    for (const c of bookedColumns(posting)) filled.set(c, 'booked by the posting (moving-average cost); never supplied on a line with goods');
    for (const leg of posting.legs) {
      if (leg.unit_cost_column && leg.booked_cost) filled.set(leg.unit_cost_column, 'the inbound unit cost; on an outbound line replaced by the booked moving-average cost');
      if (leg.new_lot) filled.set(leg.new_lot.lot_column, 'the lot the line opens; when empty, the document number and line');
    }
  }
  if (posting.status && family.header === table) filled.set(posting.status.column, `the posted state ${posting.status.value}; if given, must equal it`);
  return filled;
}

/**
 * The facts the loader takes, by family: a header table and the tables whose rows belong to one
 * header by its key, loaded together and never changed once loaded (a return is a new fact). A family
 * whose lines move stock names how they post (server/stock): the loaded lines then do business as an
 * approved document does — ledger, positions, snapshots — and the cost the posting books is written
 * into the lines, so a till never supplies a moving-average cost.
 */
export interface FactPosting {
  /** the table of lines that move stock, its line-number column and its goods and quantity columns */
  lines: string;
  line: string;
  sku: string;
  /** a positive quantity leaves stock (a sale), a negative one returns to it */
  qty: string;
  /** header columns: the organisation whose stock moves and the time of the movement */
  org: string;
  time: string;
  /** the ledger's document type by a header column's value */
  docType: { column: string; map: Record<string, number> };
  /** line columns the posting fills with the booked unit cost and cost amount (signed like the quantity) */
  bookedCost: { price: string; amount: string };
}

export interface FactFamily {
  header: string;
  /** the header's key column, which its parts carry */
  key: string;
  /** the header's date (DATE or TIMESTAMP): the open period applies to its day, and parts' date columns take it */
  date: string;
  parts: { table: string; date?: string }[];
  posting?: FactPosting;
}

export const FACT_FAMILIES: readonly FactFamily[] = [
  {
    header: 'sales_order',
    key: 'order_no',
    date: 'business_date',
    parts: [{ table: 'sales_order_item', date: 'business_date' }, { table: 'sales_payment' }],
    posting: {
      lines: 'sales_order_item',
      line: 'line_no',
      sku: 'sku_no',
      qty: 'qty',
      org: 'org_code',
      time: 'order_time',
      // 销售 and 销售退货 of the stock document types (dictionary RECEIVE_OUB_OPTION)
      docType: { column: 'is_return', map: { '0': 5, '1': 6 } },
      bookedCost: { price: 'cost_price', amount: 'cost_amount' },
    },
  },
  // facts of one table each, moving no stock: card use and top-ups, member points, advance payments
  { header: 'card_transaction', key: 'txn_id', date: 'txn_time', parts: [] },
  { header: 'member_points_ledger', key: 'id', date: 'biz_time', parts: [] },
  { header: 'advance_payment', key: 'adv_no', date: 'biz_time', parts: [] },
];

/** The family a table belongs to, as header or part. */
export function familyOf(table: string): FactFamily | undefined {
  return FACT_FAMILIES.find((f) => f.header === table || f.parts.some((p) => p.table === table));
}

/** Columns of a loadable fact the product fills, with why (never supplied). */
export function filledColumns(table: string): Map<string, string> {
  const filled = new Map<string, string>();
  const family = familyOf(table);
  if (!family) return filled;
  const part = family.parts.find((p) => p.table === table);
  if (part?.date) filled.set(part.date, `filled from ${family.header}.${family.date}; if given, must equal it`);
  if (family.posting?.lines === table) {
    for (const c of Object.values(family.posting.bookedCost)) filled.set(c, 'booked by the posting (moving-average cost); never supplied');
  }
  return filled;
}

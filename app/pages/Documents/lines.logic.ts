/**
 * Filling a document's lines and header as people enter them: prices of a picked goods
 * item from the goods master, the line pickers narrowed to the header's supplier, and "now" for the
 * required times of a new document. Pure; no document type is named here.
 */
import { lineProduct } from '../../../engine/document/rules';
import type { DocumentFile } from '../../../engine/document/types';
import type { DocumentValue } from '../../../engine/document/wire';
import type { ClientType } from '../../../engine/wire';

/**
 * Line columns a picked goods row fills from the goods master, by the fields the pickers answer, first
 * found wins: the purchase price for a receipt's 含税进价, a lot's own price (lot-stock rows) or else
 * the buying price as cost price, the master's input tax rate.
 */
export const GOODS_MASTER_FILL: Readonly<Record<string, readonly string[]>> = {
  price: ['price', 'purchase_price', 'buying_price'],
  cost_price: ['cost_price', 'lot_price', 'buying_price'],
  input_tax_rate: ['input_tax_rate'],
};

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The values a picked row gives the line's writable columns: same-named fields, then the goods master. */
export function pickedLineValues(writable: readonly string[], row: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of writable) {
    const from = (GOODS_MASTER_FILL[key] ?? [key]).find((f) => filled(row[f]));
    if (from) out[key] = String(row[from]);
  }
  return out;
}

/** The header column naming the org whose stock the document uses: its lots', else its posting's. */
export const stockOrgColumn = (def: DocumentFile): string | null => def.lots?.org_column ?? def.posting?.org_column ?? null;

/**
 * What the line pickers are narrowed by: a document with a supplier in its header offers that
 * supplier's goods only, once the supplier is chosen; stock (lot stock above all) is the chosen org's,
 * not the user's own (head office has none). Without a chosen org the session's org is meant (a store's
 * own, filled in by the server).
 */
export function linePickerParams(def: DocumentFile, header: Readonly<Record<string, DocumentValue>>): Record<string, string> {
  const out: Record<string, string> = {};
  const supplier = def.header.some((f) => f.key === 'supplier_no') ? header.supplier_no : null;
  if (filled(supplier)) out.supplier_no = String(supplier);
  const orgColumn = stockOrgColumn(def);
  const org = orgColumn ? header[orgColumn] : null;
  if (filled(org)) out.org_code = String(org);
  return out;
}

/** Line pickers that list one org's stock, and so wait for the org to be chosen. */
const STOCK_PICKERS = ['batch_stock'];

/**
 * The header field a line picker waits for: lot stock is listed for the document's org, so while the
 * client chooses that org itself (head office) and has not yet, the picker says to choose it first.
 */
export function pickerWaitsFor(def: DocumentFile, client: ClientType, header: Readonly<Record<string, DocumentValue>>, picker: string): string | null {
  const orgColumn = stockOrgColumn(def);
  if (!STOCK_PICKERS.includes(picker) || !orgColumn) return null;
  const field = def.header.find((f) => f.key === orgColumn);
  if (!field || field.hidden_for?.includes(client)) return null;
  return filled(header[orgColumn]) ? null : orgColumn;
}

/** A new document's header: the definition's defaults, and now for the required times without one. */
export function newHeader(def: DocumentFile, now: string): Record<string, DocumentValue> {
  return Object.fromEntries(
    def.header
      .filter((h) => !h.readonly)
      .map((h) => [h.key, h.default_value ?? (h.required && h.widget === 'datetime' ? now : h.required && h.widget === 'date' ? now.slice(0, 10) : null)]),
  );
}

/** A day picked in a time field's calendar keeps the time already typed, else takes now's. */
export function withDay(text: string, day: string, now: string, withTime: boolean): string {
  if (!withTime) return day;
  const time = /^\d{4}-\d{2}-\d{2} (\d{2}:\d{2}(:\d{2})?)$/.exec(text.trim())?.[1] ?? now.slice(11);
  return `${day} ${time.length === 5 ? `${time}:00` : time}`;
}

/** The line key holding a lot picked from lot stock until the save allocates it; never sent as a column. */
export const PICKED_LOT = '__picked_lot';
/** The picked lot's stock, kept beside it: the quantity may not exceed it. */
export const PICKED_LOT_STOCK = '__picked_lot_stock';

/**
 * What a lot-stock row adds to a line of a document whose lots are allocated apart from its lines
 * (no lot_no column): the lot and its stock.
 */
export function pickedLot(def: DocumentFile, writable: readonly string[], row: Readonly<Record<string, unknown>>): Record<string, string> {
  if (!def.lots || writable.includes('lot_no') || !filled(row.lot_no)) return {};
  const out: Record<string, string> = { [PICKED_LOT]: String(row.lot_no) };
  if (filled(row.usable_num)) out[PICKED_LOT_STOCK] = String(row.usable_num);
  return out;
}

/**
 * The quantity a line picked from lot stock starts with: one unit, or the whole lot when it holds less
 * (never the whole lot by default: that empties the lot unasked). The user types the real quantity.
 */
export function pickedLotQty(def: DocumentFile, writable: readonly string[], lot: Readonly<Record<string, string>>): Record<string, string> {
  const stock = Number(lot[PICKED_LOT_STOCK]);
  if (!def.lots || !writable.includes(def.lots.qty_column) || !(stock > 0)) return {};
  return { [def.lots.qty_column]: String(Math.min(1, stock)) };
}

/** The first line whose quantity exceeds the stock of the lot picked for it, to be said before saving. */
export function overPickedLot(def: DocumentFile, lines: readonly Record<string, DocumentValue>[]): { line: number; lot: string; stock: number } | null {
  if (!def.lots) return null;
  const qtyKey = def.lots.qty_column;
  for (const [i, line] of lines.entries()) {
    const stock = Number(line[PICKED_LOT_STOCK]);
    if (filled(line[PICKED_LOT]) && filled(line[PICKED_LOT_STOCK]) && Number(line[qtyKey]) > stock) return { line: i, lot: String(line[PICKED_LOT]), stock };
  }
  return null;
}

/**
 * The stored line an edited line stands for, by the line id the editable copy keeps (never by place:
 * after a line is removed, the one in its place is another line); none for a line not saved yet.
 */
export function savedLineOf(
  def: DocumentFile,
  saved: readonly Record<string, DocumentValue>[],
  line: Readonly<Record<string, DocumentValue>>,
): Record<string, DocumentValue> | null {
  const id = line[def.tables.line_column];
  return filled(id) ? (saved.find((l) => String(l[def.tables.line_column]) === String(id)) ?? null) : null;
}

/**
 * The names a picked row gives the line's looked-up codes (the goods name beside its code), kept on the
 * line as the detail answers them (`sku_no_name`), so a new line shows them before any save.
 */
export function pickedNames(def: DocumentFile, row: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of def.lines) {
    if (c.lookup && filled(row[c.key]) && filled(row[c.lookup.column])) out[`${c.key}_name`] = String(row[c.lookup.column]);
  }
  return out;
}

const asNumber = (v: DocumentValue | undefined) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** A line as shown while it is edited: its computed columns (qty × price) from the values entered, as the save stores them. */
export function shownLine(def: DocumentFile, line: Readonly<Record<string, DocumentValue>>): Record<string, DocumentValue> {
  const out: Record<string, DocumentValue> = { ...line };
  for (const c of def.computed ?? []) {
    const [a, b] = c.multiply.map((k) => asNumber(line[k]));
    out[c.column] = Number.isFinite(a) && Number.isFinite(b) ? lineProduct(a, b) : null;
  }
  return out;
}

/** The lines as the server takes them: the definition's writable columns only (no lot kept for allocation, no shown name). */
export function linesToSend(def: DocumentFile, lines: readonly Record<string, DocumentValue>[]): Record<string, DocumentValue>[] {
  const writable = def.lines.filter((c) => !c.readonly).map((c) => c.key);
  return lines.map((line) => Object.fromEntries(writable.filter((k) => k in line).map((k) => [k, line[k]])));
}

export interface LotAllocationRequest {
  sku_no: string;
  business_item_id: number;
  rows: { lot_no: string; change_stock_num: number }[];
}

/**
 * After a save, the allocation of each line that holds a picked lot: its whole quantity from that lot,
 * matched to the saved line in the same place with the same goods (the server keeps the order sent).
 */
export function pickedLotAllocations(
  def: DocumentFile,
  sent: readonly Record<string, DocumentValue>[],
  saved: readonly Record<string, DocumentValue>[],
): LotAllocationRequest[] {
  if (!def.lots) return [];
  const qtyKey = def.lots.qty_column;
  const out: LotAllocationRequest[] = [];
  sent.forEach((line, i) => {
    const lot = line[PICKED_LOT];
    const target = saved[i];
    if (!filled(lot) || !target || target.sku_no !== line.sku_no) return;
    out.push({
      sku_no: String(line.sku_no),
      business_item_id: Number(target[def.tables.line_column]),
      rows: [{ lot_no: String(lot), change_stock_num: Number(target[qtyKey] ?? line[qtyKey] ?? 0) }],
    });
  });
  return out;
}

/** Lot allocation rules (rules 280–294). Pure: the dialog edits rows of text, these decide what is valid. */
import type { LotAllocationView, LotRow, LotSaveBody } from '../data-source/document-types';

/** Rule 283: the manual row's source. */
export const MANUAL_SOURCE = 4;
/** Rule 287. */
export const QTY_MAX_LENGTH = 10;
/** Rule 294. */
export const LOT_PICKER_PAGE_SIZE = 10;
/** Rule 292. */
export const MASKED_PRICE = '**.**';

/** A row being edited: the lot and the allocated quantity as typed. */
export interface EditRow {
  key: string;
  lot: LotRow;
  qty: string;
  manual: boolean;
}

export interface LotMessage {
  key: 'required' | 'decimals' | 'overStock' | 'issueMismatch' | 'lotNoRequired' | 'duplicate';
  params?: Record<string, string | number>;
}

export const codeName = (code: string | null, name: string | null) => (code ? (name ? `${code} - ${name}` : code) : '-');

/** Rule 292. */
export function priceText(price: number | null, mask: boolean): string {
  if (mask) return MASKED_PRICE;
  return price === null ? '-' : price.toFixed(2);
}

function blankLot(view: Pick<LotAllocationView, 'sku_no' | 'sku_name'>): LotRow {
  return {
    lot_no: null,
    stock_num: null,
    change_stock_num: null,
    lot_price: null,
    produce_date: null,
    expiration_date: null,
    produce_no: null,
    supplier_no: null,
    supplier_name: null,
    receive_no: null,
    receive_time: null,
    dorder_item_source: MANUAL_SOURCE,
    sku_no: view.sku_no,
    sku_name: view.sku_name,
    barcode: null,
    sale_unit_text: null,
    specification: null,
    receive_oub_num: null,
    last_modify: null,
  };
}

let keySeq = 0;
const nextKey = () => `lot-${++keySeq}`;

export function toEditRows(allocated: readonly LotRow[]): EditRow[] {
  return allocated.map((lot) => ({
    key: nextKey(),
    lot,
    qty: lot.change_stock_num === null ? '' : String(lot.change_stock_num),
    manual: lot.dorder_item_source === MANUAL_SOURCE,
  }));
}

const isBlank = (r: EditRow) => r.manual && !r.lot.lot_no && !r.qty.trim();

/** Rule 283: in edit mode exactly one blank manual row stays at the end. */
export function withBlankRow(rows: readonly EditRow[], view: Pick<LotAllocationView, 'sku_no' | 'sku_name'>): EditRow[] {
  const filled = rows.filter((r) => !isBlank(r));
  return [...filled, { key: nextKey(), lot: blankLot(view), qty: '', manual: true }];
}

/** Adds lots chosen in 选择批次库存, skipping those already allocated. */
export function addLots(rows: readonly EditRow[], chosen: readonly LotRow[]): EditRow[] {
  const have = new Set(rows.map((r) => r.lot.lot_no));
  return [...rows, ...chosen.filter((l) => !have.has(l.lot_no)).map((lot) => ({ key: nextKey(), lot, qty: '', manual: false }))];
}

/** Rules 285–288: one row's quantity. */
export function quantityError(qty: string, stock: number | null, rules: Pick<LotAllocationView, 'decimals' | 'stock_validation'>): LotMessage | null {
  const text = qty.trim();
  if (!text) return { key: 'required' };
  const pattern = rules.decimals > 0 ? new RegExp(`^\\d+(\\.\\d{1,${rules.decimals}})?$`) : /^\d+$/;
  if (text.length > QTY_MAX_LENGTH || !pattern.test(text) || Number(text) <= 0) return { key: 'decimals', params: { n: rules.decimals } };
  if (rules.stock_validation && stock !== null && Number(text) > stock) return { key: 'overStock' };
  return null;
}

/** The sum of the allocated quantities, rounded to the allowed decimals (no float drift). */
export function allocatedTotal(rows: readonly EditRow[], decimals: number): number {
  const scale = 10 ** decimals;
  return rows.reduce((sum, r) => sum + Math.round((Number(r.qty) || 0) * scale), 0) / scale;
}

/** Every rule before saving; the first problem found, or null. */
export function allocationError(rows: readonly EditRow[], view: LotAllocationView): LotMessage | null {
  const used = rows.filter((r) => !isBlank(r));
  const seen = new Set<string>();
  for (const r of used) {
    const lotNo = r.lot.lot_no?.trim() ?? '';
    if (!lotNo) return { key: 'lotNoRequired' };
    if (seen.has(lotNo)) return { key: 'duplicate', params: { lot: lotNo } };
    seen.add(lotNo);
    const problem = quantityError(r.qty, r.manual ? null : r.lot.stock_num, view);
    if (problem) return problem;
  }
  // rule 289: an issue (领用) must allocate exactly the issued quantity
  if (view.exact_type !== null && view.store_lot_type === view.exact_type && allocatedTotal(used, view.decimals) !== view.qty) {
    return { key: 'issueMismatch' };
  }
  return null;
}

/** Rule 290: nothing allocated and no lot in stock. */
export const hasNoLots = (view: LotAllocationView) => view.allocated.length === 0 && view.available.length === 0;

export function saveBody(rows: readonly EditRow[], view: LotAllocationView): LotSaveBody {
  return {
    sku_no: view.sku_no,
    business_item_id: view.business_item_id,
    rows: rows
      .filter((r) => !isBlank(r))
      .map((r) => ({ lot_no: r.lot.lot_no?.trim() ?? null, change_stock_num: r.qty.trim(), dorder_item_source: r.lot.dorder_item_source ?? undefined })),
  };
}

/** Rule 291: the lot stock filter; integers only, and by default lots with no stock are left out. */
export interface LotFilter {
  keyword: string;
  min: number | null;
  max: number | null;
}

export const initialLotFilter = (): LotFilter => ({ keyword: '', min: null, max: null });

export function filterLots(lots: readonly LotRow[], f: LotFilter): LotRow[] {
  const kw = f.keyword.trim().toLowerCase();
  return lots.filter((l) => {
    const stock = l.stock_num ?? 0;
    if (f.min === null && f.max === null && stock === 0) return false;
    if (f.min !== null && stock < f.min) return false;
    if (f.max !== null && stock > f.max) return false;
    return !kw || [l.lot_no, l.produce_no].some((v) => v?.toLowerCase().includes(kw));
  });
}

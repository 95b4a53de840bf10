/**
 * Filling a document's lines and header as people enter them (issue 24 item 4): prices of a picked goods
 * item from the goods master, the line pickers narrowed to the header's supplier, and "now" for the
 * required times of a new document. Pure; no document type is named here.
 */
import type { DocumentFile } from '../../../engine/document/types';
import type { DocumentValue } from '../../../engine/document/wire';

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

/**
 * What the line pickers are narrowed by: a document with a supplier in its header offers that
 * supplier's goods only, once the supplier is chosen.
 */
export function linePickerParams(def: DocumentFile, header: Readonly<Record<string, DocumentValue>>): Record<string, string> {
  const supplier = def.header.some((f) => f.key === 'supplier_no') ? header.supplier_no : null;
  return filled(supplier) ? { supplier_no: String(supplier) } : {};
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

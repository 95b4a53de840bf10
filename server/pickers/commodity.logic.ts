import { lotExpired } from '../../engine/stock/expiry';
/** Pure parts of the commodity search: picker types, derived columns (rules 364, 365, 415). */

/** How each commodity picker type searches (rule 364; the per-type sources are this product's choice). */
export const COMMODITY_KINDS = {
  1: 'master',
  2: 'assortment',
  3: 'stock',
  4: 'master',
  5: 'center_stock',
  6: 'master',
  8: 'lot',
  9: 'stock',
} as const;
export type CommodityKind = (typeof COMMODITY_KINDS)[keyof typeof COMMODITY_KINDS];
export const COMMODITY_TYPES = Object.keys(COMMODITY_KINDS);
/** Types 8 and 9 only list rows with usable stock (rule 365). */
export const POSITIVE_STOCK_TYPES = ['8', '9'];
export const MIN_POSITIVE_STOCK = 0.001;

const SHELF_UNITS: Record<number, string> = { 1: '天', 2: '月', 3: '年' };

/** ISO weekday (1 Monday … 7 Sunday) of a 'YYYY-MM-DD' date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** is_week: 0 when the goods has order days and today is not one of them. */
export function isOrderDay(orderWeekdays: string | null | undefined, weekday: number): 0 | 1 {
  if (!orderWeekdays || !orderWeekdays.trim()) return 1;
  return orderWeekdays.split(',').map((d) => Number(d.trim())).includes(weekday) ? 1 : 0;
}

export function shelfLifeText(shelflife: number | null | undefined, unit: number | null | undefined): string | null {
  if (shelflife === null || shelflife === undefined) return null;
  return `${shelflife}${SHELF_UNITS[Number(unit)] ?? '天'}`;
}

export function taxRateText(rate: number | null | undefined): string | null {
  return rate === null || rate === undefined ? null : `${Math.round(Number(rate) * 10000) / 100}%`;
}

/** Gross margin of the selling price over the buying price; null without a selling price. */
export function marginRate(selling: number | null | undefined, buying: number | null | undefined): number | null {
  const s = Number(selling ?? 0);
  if (!s) return null;
  return Math.round(((s - Number(buying ?? 0)) / s) * 10000) / 10000;
}

type RawRow = Record<string, unknown>;

/** The retailer's own figures: its selling price and the margin on it are none of a supplier's business. */
export const RETAIL_ONLY_FIELDS = ['selling_price', 'margin_rate'] as const;

/** A picker row as a supplier user gets it: the retailer's selling price and margin left out. */
export function withoutRetailPrices<R extends RawRow>(row: R): Omit<R, (typeof RETAIL_ONLY_FIELDS)[number]> {
  const { selling_price: _selling, margin_rate: _margin, ...rest } = row;
  return rest;
}

/**
 * The row as the picker expects it: derived texts added (a lot's expiry against today), helper columns
 * removed. The tax rate stays as a number beside its text: a document line takes it from the goods master.
 */
export function finishCommodityRow(row: RawRow, today: string): RawRow {
  const { c1: _c1, c2: _c2, c3: _c3, order_weekdays, shelflife, shelflife_unit, ...rest } = row;
  const weekday = isoWeekday(today);
  return {
    ...rest,
    ...('expiration_date' in rest ? { expired: lotExpired(rest.expiration_date, today) ? 1 : 0 } : {}),
    shelflife,
    shelflife_unit_show_text: shelfLifeText(shelflife as number | null, shelflife_unit as number | null),
    input_tax_rate_text: taxRateText(rest.input_tax_rate as number | null),
    is_week: isOrderDay(order_weekdays as string | null, weekday),
    margin_rate: marginRate(rest.selling_price as number | null, rest.buying_price as number | null),
  };
}

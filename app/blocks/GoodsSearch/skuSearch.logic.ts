/** Rules of the SKU auto-complete and the scan search (rules 347–353). */
import type { ScanQuery, SkuSearchQuery, SkuSearchRow } from '../data-source/types';

export const SKU_DEBOUNCE_MS = 300;
export const MAX_RESULTS = 10;
export const MIN_CHARS = 2;
export const MIN_DIGITS = 4;
export const SCAN_PAGE_SIZE = 10;

/**
 * Rules 347, 348: search from 2 characters, or 4 when the text is all digits; never when it holds a
 * comma (a list of codes is being typed; the full-width comma counts too).
 */
export function shouldSearch(text: string): boolean {
  const t = text.trim();
  if (/[,，]/.test(t)) return false;
  return /^\d+$/.test(t) ? t.length >= MIN_DIGITS : t.length >= MIN_CHARS;
}

const position = (value: string | null | undefined, needle: string) => {
  const i = (value ?? '').toLowerCase().indexOf(needle);
  return i < 0 ? Number.POSITIVE_INFINITY : i;
};

/**
 * Rules 350, 351: at most 10, ordered by how early the text appears in the code, then the name, then the
 * barcode; rows where it does not appear at all come last.
 */
export function rankSkus(rows: readonly SkuSearchRow[], text: string): SkuSearchRow[] {
  const needle = text.trim().toLowerCase();
  const keyed = rows.map((row, index) => ({
    row,
    index,
    key: [position(row.sku_no, needle), position(row.sku_name, needle), position(row.barcode, needle)],
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < 3; i++) if (a.key[i] !== b.key[i]) return a.key[i] < b.key[i] ? -1 : 1;
    return a.index - b.index;
  });
  return keyed.slice(0, MAX_RESULTS).map((k) => k.row);
}

/** Rule 352. */
export function skuSearchQuery(text: string, options: { allSources?: boolean; backCateCode?: string } = {}): SkuSearchQuery {
  return {
    keyword: text.trim(),
    search_type: '1',
    ...(options.allSources ? { sku_source: 'all' } : {}),
    ...(options.backCateCode ? { back_cate_code: options.backCateCode } : {}),
  };
}

/** Rule 353. */
export function scanQuery(scanNo: string, options: { sourceType?: string; storeNo?: string } = {}): ScanQuery {
  return {
    scan_no: scanNo.trim(),
    page_size: SCAN_PAGE_SIZE,
    ...(options.sourceType ? { source_type: options.sourceType } : {}),
    ...(options.storeNo ? { store_no: options.storeNo } : {}),
  };
}

/** Rules of the multi-store picker (rules 387–390). */
import type { ListQuery, StoreRow } from '../data-source/types';

export const VISIBLE_CHIPS = 7;
export const DUPLICATE_MESSAGE = 'blocks.multiStore.duplicate';

export type AddResult = { ok: true; chosen: StoreRow[] } | { ok: false; message: string };

/** Rule 388: a store already chosen is refused with 该门店已选择！ */
export function addStore(chosen: readonly StoreRow[], store: StoreRow): AddResult {
  if (chosen.some((s) => s.store_no === store.store_no)) return { ok: false, message: DUPLICATE_MESSAGE };
  return { ok: true, chosen: [...chosen, store] };
}

export function removeStore(chosen: readonly StoreRow[], storeNo: string): StoreRow[] {
  return chosen.filter((s) => s.store_no !== storeNo);
}

export interface ChipView {
  shown: StoreRow[];
  hidden: number;
  /** the expand / collapse control is offered */
  toggle: boolean;
}

/** Rule 389: the first 7 chips show; from the 8th on an expand control appears. */
export function chipView(chosen: readonly StoreRow[], expanded: boolean): ChipView {
  const toggle = chosen.length > VISIBLE_CHIPS;
  const shown = toggle && !expanded ? chosen.slice(0, VISIBLE_CHIPS) : [...chosen];
  return { shown, hidden: chosen.length - shown.length, toggle };
}

/** Rule 390: store searches ask with scene_auth '4' and page_size 50. */
export function storeSearchQuery(keyword: string): ListQuery {
  return { keyword: keyword.trim() || undefined, scene_auth: '4', page_num: 1, page_size: 50 };
}

/** Rules of the favourites picker (rules 370, 372–374). */
import type { ListQuery } from '../data-source/types';

/** Rule 372: all folders in one call. */
export const FOLDER_QUERY: ListQuery = { page_num: 1, page_size: 1000 };
/** Rule 374. */
export const FAVORITES_PAGE_SIZE = 10;
/** Rule 370. */
export const FAVORITES_EMPTY_MESSAGE = 'blocks.picker.favoriteEmpty';

/** Rule 373: the goods of one folder, optionally with their order group. */
export function favoriteSkuQuery(favoriteId: number, pageNum: number, withOrderGroup: boolean): ListQuery {
  return {
    favorite_id: favoriteId,
    get_sku_dorder_group: withOrderGroup ? '1' : '0',
    page_num: pageNum,
    page_size: FAVORITES_PAGE_SIZE,
  };
}

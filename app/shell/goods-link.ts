/** Goods-name links (rules 24–25): the store client opens the headquarters detail route, the others the goods detail route. Pure. */
import type { ClientType } from '../../engine/wire';

export const STORE_GOODS_PATH = '/c-headquarters-detail';
export const GOODS_PATH = '/c-sku-detail';

export function goodsDetailPath(client: ClientType, skuNo: string): string {
  const sku = encodeURIComponent(skuNo);
  return client === 'HMD' ? `${STORE_GOODS_PATH}?sku_no=${sku}` : `${GOODS_PATH}?no=${sku}&type=detail&ser=1`;
}

/** The sku_no a goods detail route carries, or null. */
export function skuOfLocation(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  const value = pathname === STORE_GOODS_PATH ? params.get('sku_no') : pathname === GOODS_PATH ? params.get('no') : null;
  return value?.trim() || null;
}

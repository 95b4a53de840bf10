/** How the data-screen menu names an entry: the product's own screens in the page's language, a tenant's own as stored. */
import type { DataScreenEntry } from '../../../engine/shell';

/** The product's screens by address, with the name the server and the seed give them (their Chinese catalogue text). */
const PRODUCT_SCREENS: Record<string, { name: string; key: string }> = {
  '/data-screen': { name: '今日销售实时大屏', key: 'shell.screen.title' },
  '/data-swiper': { name: '轮播数据大屏', key: 'shell.screen.swiperTitle' },
};

/** The catalogue key for a product screen still carrying its product name, else the entry's own name. */
export function screenName(entry: Pick<DataScreenEntry, 'url' | 'screen_name'>): { key: string } | { text: string } {
  const product = PRODUCT_SCREENS[entry.url];
  return product && product.name === entry.screen_name ? { key: product.key } : { text: entry.screen_name };
}

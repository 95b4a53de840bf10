/** The app's data source: the picker endpoints of server/pickers over the shared HTTP client. */
import type { OptionItem } from '../../../engine/wire';
import { apiGet } from '../../api/http';
import { createHttpDocumentSource } from './document-http';
import type {
  BlocksDataSource,
  ListQuery,
  ListRows,
  ListSourceId,
  Page,
  SkuSearchRow,
  StoreRow,
  TreeRows,
  TreeSourceId,
} from './types';

/** Where each list lives; the spec's own paths where it gives them (rules 391, 399), REST elsewhere. */
export const LIST_PATHS: Record<ListSourceId, string> = {
  store: '/api/uls/store/search',
  store_warehouse: '/api/pickers/store-warehouses',
  warehouse: '/api/pickers/warehouses',
  supplier: '/api/pickers/suppliers',
  wholesaler: '/api/pickers/wholesalers',
  commodity: '/api/pickers/commodities',
  goods: '/api/pickers/goods',
  online_category: '/api/pickers/online-categories',
  member_tag: '/api/pickers/member-tags',
  group: '/api/pickers/groups',
  favorite_folder: '/api/pickers/favorite-folders',
  favorite_sku: '/api/pickers/favorite-skus',
  buyer: '/api/pickers/buyers',
  pickup_point: '/api/pickers/pickup-points',
  carrier: '/api/pickers/carriers',
  account: '/api/uls/account/getAccountData',
  location: '/api/pickers/locations',
  salesman: '/api/pickers/salesmen',
  service_item: '/api/pickers/service-items',
  settlement: '/api/pickers/settlements',
};

export const TREE_PATHS: Record<TreeSourceId, string> = {
  category: '/api/pickers/categories',
  brand: '/api/pickers/brands',
  org: '/api/pickers/orgs',
  department: '/api/pickers/departments',
};

export function createHttpDataSource(): BlocksDataSource {
  return {
    documents: createHttpDocumentSource(),
    list: <S extends ListSourceId>(source: S, query: ListQuery) =>
      apiGet<Page<ListRows[S]>>(LIST_PATHS[source], query),
    tree: async <S extends TreeSourceId>(source: S, query?: ListQuery) =>
      (await apiGet<{ list: TreeRows[S][] }>(TREE_PATHS[source], query)).list,
    storeInfo: (storeNo) => apiGet<StoreRow | null>(`/api/uls/store/getStoreInfo/${encodeURIComponent(storeNo)}`),
    storeEnumeration: () => apiGet<{ store_type: OptionItem[] }>('/api/uls/store/enumeration'),
    searchSku: async (query) => (await apiGet<{ list: SkuSearchRow[] }>('/api/pickers/sku-search', { ...query })).list,
    scanSku: (query) => apiGet<Page<SkuSearchRow>>('/api/pickers/sku-scan', { ...query }),
  };
}

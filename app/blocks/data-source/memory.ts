/**
 * The in-memory data source (stories and unit tests): the fixture rows filtered and paged with the same
 * parameters the server endpoints take. It applies the request's own filters only; session scope is the
 * server's job.
 */
import { createMemoryDocumentSource, type MemoryDocumentOptions } from './document-memory';
import * as fx from './fixtures';
import { between, contains, equals, filterTree, num, paginate, param } from './memory.logic';
import type {
  BlocksDataSource,
  CategoryNode,
  CommodityRow,
  ListQuery,
  ListRows,
  ListSourceId,
  OrgNode,
  Page,
  SkuSearchRow,
  TreeRows,
  TreeSourceId,
} from './types';

type Filter<R> = (row: R, q: ListQuery) => boolean;

interface MemorySource<R> {
  rows: (q: ListQuery) => R[];
  filter: Filter<R>;
}

const categoryParent = new Map(fx.categoryList.map((c) => [c.cate_code, c.parent_cate_code]));

/** The category and its ancestors: a filter on any level matches the goods below it. */
function categoryPath(code: string): string[] {
  const path: string[] = [];
  for (let c: string | null | undefined = code; c; c = categoryParent.get(c)) path.push(c);
  return path;
}

const skuOf = new Map(fx.skus.map((s) => [s.sku_no, s]));

const commodityFilter: Filter<CommodityRow> = (r, q) => {
  const sku = skuOf.get(r.sku_no)!;
  const cate = param(q, 'cate_code') ?? param(q, 'back_cate_code');
  return (
    contains(param(q, 'keyword'), r.sku_no, r.sku_name, r.barcode) &&
    (cate === undefined || categoryPath(sku.back_cate_code).includes(cate)) &&
    equals(param(q, 'supplier_no'), r.supplier_no) &&
    between(r.usable_num, num(q, 'usable_num_s'), num(q, 'usable_num_e')) &&
    between(r.actual_stock, num(q, 'stock_num_s'), num(q, 'stock_num_e')) &&
    between(r.freeze_num, num(q, 'freeze_num_s'), num(q, 'freeze_num_e'))
  );
};

const SOURCES: { [S in ListSourceId]: MemorySource<ListRows[S]> } = {
  store: {
    rows: () => fx.stores,
    filter: (r, q) =>
      contains(param(q, 'keyword'), r.store_no, r.org_code, r.store_name) &&
      contains(param(q, 'store_no'), r.store_no) &&
      contains(param(q, 'store_name'), r.store_name) &&
      equals(param(q, 'store_type'), r.store_type),
  },
  store_warehouse: {
    rows: () => fx.warehouses.filter((w) => w.center_type === '1'),
    filter: (r, q) =>
      contains(param(q, 'keyword'), r.center_code, r.center_name) &&
      equals(param(q, 'contact_status'), r.contact_status) &&
      equals(param(q, 'org_code'), r.org_code),
  },
  warehouse: {
    rows: () => fx.warehouses,
    filter: (r, q) =>
      contains(param(q, 'keyword'), r.center_code, r.center_name) &&
      equals(param(q, 'center_type'), r.center_type) &&
      equals(param(q, 'contact_status'), r.contact_status) &&
      equals(param(q, 'org_code'), r.org_code),
  },
  supplier: {
    rows: () => fx.suppliers,
    filter: (r, q) =>
      contains(param(q, 'supplier_no'), r.supplier_no) &&
      contains(param(q, 'supplier_name'), r.supplier_name) &&
      contains(param(q, 'supplier_no_name'), r.supplier_no, r.supplier_name),
  },
  wholesaler: {
    rows: () => fx.wholesalers,
    filter: (r, q) =>
      contains(param(q, 'select_like'), r.wholesaler_no, r.wholesaler_name) &&
      contains(param(q, 'wholesaler_no'), r.wholesaler_no) &&
      equals(param(q, 'wholesaler_status'), r.wholesaler_status),
  },
  commodity: {
    rows: (q) => {
      const type = param(q, 'type');
      return type === '8' ? fx.lotCommodities : fx.commodities;
    },
    filter: commodityFilter,
  },
  goods: {
    rows: () => fx.goods,
    filter: (r, q) => {
      const sku = skuOf.get(r.sku_no)!;
      const cate = param(q, 'back_cate_code');
      return (
        contains(param(q, 'keyword'), r.sku_no, r.sku_name, r.barcode) &&
        (cate === undefined || categoryPath(sku.back_cate_code).includes(cate)) &&
        equals(param(q, 'brand_code'), sku.brand_code) &&
        equals(param(q, 'supplier_no'), sku.supplier_no) &&
        (param(q, 'single_sale_type') !== '1' || r.sku_type === 1)
      );
    },
  },
  online_category: {
    rows: () => fx.onlineCategories,
    filter: (r, q) => contains(param(q, 'keyword'), r.online_cate_code, r.online_cate_name),
  },
  member_tag: {
    rows: () => fx.memberTags,
    filter: (r, q) => contains(param(q, 'keyword'), r.tag_code, r.tag_name),
  },
  group: {
    rows: () => fx.groups,
    filter: (r, q) => contains(param(q, 'group_name'), r.group_name),
  },
  favorite_folder: { rows: () => fx.favoriteFolders, filter: () => true },
  favorite_sku: {
    rows: (q) => {
      const id = num(q, 'favorite_id');
      const withGroup = param(q, 'get_sku_dorder_group') === '1';
      return (id === undefined ? [] : (fx.favoriteSkus[id] ?? [])).map((skuNo, i) => {
        const group = withGroup ? fx.dorderGroups[i % fx.dorderGroups.length] : null;
        return {
          ...fx.goods.find((g) => g.sku_no === skuNo)!,
          favorite_id: id!,
          dorder_group_id: group?.id ?? null,
          dorder_group_name: group?.dorder_group_name ?? null,
        };
      });
    },
    filter: (r, q) => contains(param(q, 'keyword'), r.sku_no, r.sku_name, r.barcode),
  },
  buyer: { rows: () => fx.buyers, filter: (r, q) => contains(param(q, 'purchaser_name'), r.purchaser_name) },
  pickup_point: {
    rows: () => fx.pickupPoints,
    filter: (r, q) => contains(param(q, 'keyword'), r.store_pickup_no, r.store_pickup_name),
  },
  carrier: { rows: () => fx.carriers, filter: (r, q) => contains(param(q, 'keyword'), r.carrier_no, r.carrier_name) },
  account: { rows: () => fx.accounts, filter: (r, q) => contains(param(q, 'account_keyword'), r.id, r.account_name) },
  location: { rows: () => fx.locations, filter: (r, q) => contains(param(q, 'location_no_like'), r.location_no) },
  salesman: {
    rows: () => fx.salesmen,
    filter: (r, q) => contains(param(q, 'keyword'), r.salesman_id, r.salesman_name, r.salesman_tel),
  },
  service_item: {
    rows: () => fx.serviceItems,
    filter: (r, q) => contains(param(q, 'keyword'), r.service_no, r.service_name),
  },
  settlement: {
    rows: () => fx.settlements,
    filter: (r, q) => contains(param(q, 'keyword'), r.settlement_no, r.party_no, r.party_name),
  },
};

function treeOf<S extends TreeSourceId>(source: S, q: ListQuery): TreeRows[S][] {
  const keyword = param(q, 'keyword');
  switch (source) {
    case 'category':
      return filterTree<CategoryNode>(fx.categories, (n) => contains(keyword, n.cate_code, n.cate_name)) as TreeRows[S][];
    case 'brand':
      return filterTree(fx.brands, (n) => contains(keyword, n.brand_code, n.brand_name)) as TreeRows[S][];
    case 'org':
      return filterTree<OrgNode>(fx.orgs, (n) => contains(keyword, n.org_code, n.org_name)) as TreeRows[S][];
    case 'department':
      return filterTree(fx.departments, (n) => contains(keyword, n.department_code, n.department_name)) as TreeRows[S][];
    default:
      throw new Error('参数异常');
  }
}

const toSearchRow = (c: CommodityRow): SkuSearchRow => ({
  sku_no: c.sku_no,
  barcode: c.barcode,
  sku_name: c.sku_name,
  min_dorder_num: c.min_dorder_num,
  buying_price: c.buying_price,
});

export interface MemoryOptions {
  /** simulated latency in ms (stories show the loading state) */
  delay?: number;
  /** every call fails with this message (stories of the failure state) */
  failWith?: string;
  /** the document blocks' starting state */
  documents?: Omit<MemoryDocumentOptions, 'respond'>;
}

export function createMemoryDataSource(options: MemoryOptions = {}): BlocksDataSource {
  const respond = <T,>(value: () => T): Promise<T> =>
    new Promise((resolve, reject) => {
      const run = () => {
        if (options.failWith) reject(new Error(options.failWith));
        else {
          try {
            resolve(value());
          } catch (error) {
            reject(error);
          }
        }
      };
      if (options.delay) setTimeout(run, options.delay);
      else queueMicrotask(run);
    });

  return {
    documents: createMemoryDocumentSource({ ...options.documents, respond }),
    list: <S extends ListSourceId>(source: S, query: ListQuery) =>
      respond<Page<ListRows[S]>>(() => {
        const spec = SOURCES[source] as MemorySource<ListRows[S]> | undefined;
        if (!spec) throw new Error('参数异常');
        return paginate(spec.rows(query).filter((row) => spec.filter(row, query)), query);
      }),
    tree: <S extends TreeSourceId>(source: S, query: ListQuery = {}) => respond(() => treeOf(source, query)),
    storeInfo: (storeNo) => respond(() => fx.stores.find((s) => s.store_no === storeNo) ?? null),
    storeEnumeration: () => respond(() => ({ store_type: fx.storeTypeOptions })),
    searchSku: (query) =>
      respond(() =>
        fx.commodities
          .filter((c) => contains(query.keyword, c.sku_no, c.sku_name, c.barcode))
          .filter((c) => query.back_cate_code === undefined || categoryPath(skuOf.get(c.sku_no)!.back_cate_code).includes(query.back_cate_code))
          .slice(0, 50)
          .map(toSearchRow),
      ),
    scanSku: (query) =>
      respond(() =>
        paginate(
          fx.commodities.filter((c) => c.barcode === query.scan_no || c.sku_no === query.scan_no).map(toSearchRow),
          { page_size: query.page_size },
        ),
      ),
  };
}

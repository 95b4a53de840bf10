/**
 * The picker endpoints: the spec's own paths where it gives them, REST under
 * /api/pickers elsewhere. Every answer is the ok() envelope; lists answer {list, total}, trees {list}.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
import { ok } from '../http/envelope';
import { text } from './params';
import * as goods from './goods';
import * as lookups from './lookups';
import * as parties from './parties';
import * as trees from './trees';
import type { RawQuery } from './params';

type Handler = (db: Db, session: ServerSession, query: RawQuery) => Promise<unknown>;

const LISTS: Record<string, Handler> = {
  '/api/uls/store/search': parties.searchStores,
  '/api/uls/account/getAccountData': lookups.listAccounts,
  '/api/pickers/warehouses': (db, s, q) => parties.listWarehouses(db, s, q, false),
  '/api/pickers/store-warehouses': (db, s, q) => parties.listWarehouses(db, s, q, true),
  '/api/pickers/suppliers': parties.listSuppliers,
  '/api/pickers/wholesalers': parties.listWholesalers,
  '/api/pickers/commodities': goods.listCommodities,
  '/api/pickers/goods': goods.listGoods,
  '/api/pickers/sku-search': goods.searchSkus,
  '/api/pickers/sku-scan': goods.scanSkus,
  '/api/pickers/favorite-folders': goods.listFavoriteFolders,
  '/api/pickers/favorite-skus': goods.listFavoriteSkus,
  '/api/pickers/online-categories': lookups.listOnlineCategories,
  '/api/pickers/member-tags': lookups.listMemberTags,
  '/api/pickers/groups': lookups.listGroups,
  '/api/pickers/buyers': lookups.listBuyers,
  '/api/pickers/pickup-points': lookups.listPickupPoints,
  '/api/pickers/carriers': lookups.listCarriers,
  '/api/pickers/locations': lookups.listLocations,
  '/api/pickers/salesmen': lookups.listSalesmen,
  '/api/pickers/service-items': lookups.listServiceItems,
  '/api/pickers/settlements': lookups.listSettlements,
};

const TREES: Record<string, Handler> = {
  '/api/pickers/categories': trees.categoryTree,
  '/api/pickers/brands': trees.brandTree,
  '/api/pickers/orgs': trees.orgTree,
  '/api/pickers/departments': trees.departmentTree,
};

const query = (req: FastifyRequest) => (req.query ?? {}) as RawQuery;

export async function pickerRoutes(app: FastifyInstance): Promise<void> {
  for (const [path, handler] of Object.entries(LISTS)) {
    app.get(path, async (req) => ok(await handler(app.db, req.session!, query(req))));
  }
  for (const [path, handler] of Object.entries(TREES)) {
    app.get(path, async (req) => ok({ list: await handler(app.db, req.session!, query(req)) }));
  }
  app.get<{ Params: { id: string } }>('/api/uls/store/getStoreInfo/:id', async (req) => {
    const storeNo = text(req.params, 'id', 32)!;
    return ok(await parties.storeInfo(app.db, req.session!, storeNo));
  });
  app.get('/api/uls/store/enumeration', async () => ok(parties.storeEnumeration()));
}

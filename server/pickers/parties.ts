/** Stores, warehouses, suppliers and wholesalers for the pickers (rules 384, 390–394, 417–421). */
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
import { forbidden, notFound } from '../http/errors';
import { int, oneOf, paging, text, type RawQuery } from './params';
import { isSupplier, ownSupplier, storeOrgs, warehouseOrg } from './scope';
import { pagedQuery, Where, type Page } from './sql';

export const PARTY_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export const STORE_TYPES = [
  { value: '1', label: '直营店' },
  { value: '2', label: '强加盟店' },
  { value: '3', label: '弱加盟店' },
];

const STORE_TYPE_TEXT = `CASE s.store_type ${STORE_TYPES.map((t) => `WHEN ${t.value} THEN '${t.label}'`).join(' ')} END`;
const STORE_SELECT = `s.store_no, s.store_name, s.store_type, ${STORE_TYPE_TEXT} AS store_type_text, s.org_code, s.finance_no`;

/**
 * The stores a supplier trades with, as a condition on `s` (store): those its goods sell in or are
 * received at. Both `?` are the supplier number.
 */
export const SUPPLIER_STORES = `(s.org_code IN (SELECT r.org_code FROM purchase_receipt r WHERE r.tenant_id = s.tenant_id AND r.supplier_no = ?)
  OR s.org_code IN (SELECT o.org_code FROM sales_order_item i
                      JOIN sales_order o ON o.tenant_id = i.tenant_id AND o.order_no = i.order_no
                     WHERE i.tenant_id = s.tenant_id AND i.supplier_no = ?))`;

/**
 * Stores a session may list: all for the head office, its own and related ones for a
 * store, and for a supplier the stores it trades with.
 */
export function storeWhere(session: ServerSession): Where {
  const where = new Where().eq('s.tenant_id', session.tenant_id);
  const orgs = storeOrgs(session);
  if (orgs) where.in('s.org_code', orgs);
  const supplier = ownSupplier(session);
  if (supplier) where.add(SUPPLIER_STORES, supplier, supplier);
  return where;
}

/**
 * GET /api/uls/store/search: a store user sees its own and related stores (scene_auth '4'). The keyword
 * finds a store by every code the screens show for it: lists and org pickers show its org code (2001), the
 * store pickers its store code (S001).
 */
export function searchStores(db: Db, session: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  oneOf(q, 'scene_auth', ['1', '2', '3', '4']);
  const where = storeWhere(session)
    .like(['s.store_no', 's.org_code', 's.store_name'], text(q, 'keyword'))
    .like(['s.store_no'], text(q, 'store_no'))
    .like(['s.store_name'], text(q, 'store_name'))
    .eq('s.store_type', oneOf(q, 'store_type', ['1', '2', '3']) === undefined ? undefined : Number(q.store_type))
    .eq('s.org_code', text(q, 'org_code'));
  return pagedQuery(db, { select: STORE_SELECT, from: 'store s', where, orderBy: 's.store_no', paging: paging(q, PARTY_PAGE_SIZE, MAX_PAGE_SIZE) });
}

/** GET /api/uls/store/getStoreInfo/:id */
export async function storeInfo(db: Db, session: ServerSession, storeNo: string): Promise<unknown> {
  const where = storeWhere(session).eq('s.store_no', storeNo);
  const [row] = await db.query(`SELECT ${STORE_SELECT}, s.city, s.address, s.open_date, s.status FROM store s ${where.sql}`, where.params);
  if (!row) throw notFound('STORE_NOT_FOUND', '门店不存在');
  return row;
}

/** GET /api/uls/store/enumeration: the store form options. */
export function storeEnumeration(): { store_type: typeof STORE_TYPES } {
  return { store_type: STORE_TYPES };
}

/**
 * The warehouses the picker offers (rule 392); `storeWarehouses` forces center_type '1'. Documents check
 * a written warehouse against the same condition (server/pickers/offers.ts).
 */
export function warehouseWhere(session: ServerSession, q: RawQuery, storeWarehouses: boolean): Where {
  const ownOrg = warehouseOrg(session);
  return new Where()
    .eq('w.tenant_id', session.tenant_id)
    .like(['w.center_code', 'w.center_name'], text(q, 'keyword'))
    .eq('w.center_type', storeWarehouses ? '1' : oneOf(q, 'center_type', ['1', '2']))
    .eq('w.contact_status', int(q, 'contact_status'))
    // the head office may narrow by org; everyone else is fixed to their own org
    .eq('w.org_code', ownOrg ?? text(q, 'org_code'));
}

export const WAREHOUSE_FROM = 'logistics_center w';

export function listWarehouses(db: Db, session: ServerSession, q: RawQuery, storeWarehouses: boolean): Promise<Page<unknown>> {
  return pagedQuery(db, {
    select: 'w.center_code, w.center_name, w.center_type, w.contact_status, w.org_code',
    from: WAREHOUSE_FROM,
    where: warehouseWhere(session, q, storeWarehouses),
    orderBy: 'w.center_type DESC, w.center_code',
    paging: paging(q, PARTY_PAGE_SIZE, MAX_PAGE_SIZE),
  });
}

/** Suppliers (rule 384); a supplier user sees only itself. */
export function listSuppliers(db: Db, session: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  oneOf(q, 'search_type', ['1', '2']);
  const own = ownSupplier(session);
  const where = new Where()
    .eq('p.tenant_id', session.tenant_id)
    .like(['p.supplier_no'], text(q, 'supplier_no'))
    .like(['p.supplier_name'], text(q, 'supplier_name'))
    .like(['p.supplier_no', 'p.supplier_name'], text(q, 'supplier_no_name'))
    .like(['p.contacts'], text(q, 'contacts'))
    .eq('p.supplier_types', text(q, 'supplier_types'))
    .eq('p.logistics_type', int(q, 'logistics_type'))
    .eq('p.source_type', oneOf(q, 'source_type', ['0', '1', '2']));
  if (own) where.eq('p.supplier_no', own);
  return pagedQuery(db, {
    select: 'p.supplier_no, p.supplier_name, p.supplier_alias_no, p.logistics_type, p.contacts',
    from: 'supplier p',
    where,
    orderBy: 'p.supplier_no',
    paging: paging(q, PARTY_PAGE_SIZE, MAX_PAGE_SIZE),
  });
}

/** Wholesalers (rule 393); not offered to supplier users. */
export function listWholesalers(db: Db, session: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  if (isSupplier(session)) throw forbidden('FORBIDDEN', '供应商端不能查询批发客户');
  const status = oneOf(q, 'wholesaler_status', ['0', '1']);
  const where = new Where()
    .eq('h.tenant_id', session.tenant_id)
    .like(['h.wholesaler_no', 'h.wholesaler_name'], text(q, 'select_like'))
    .like(['h.wholesaler_no'], text(q, 'wholesaler_no'))
    .eq('h.wholesaler_status', status === undefined ? undefined : Number(status));
  return pagedQuery(db, {
    select: 'h.wholesaler_no, h.wholesaler_name, h.wholesaler_type, h.wholesaler_status, h.org_code',
    from: 'wholesaler h',
    where,
    orderBy: 'h.wholesaler_no',
    paging: paging(q, PARTY_PAGE_SIZE, MAX_PAGE_SIZE),
  });
}

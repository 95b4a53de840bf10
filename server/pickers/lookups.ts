/** The smaller picker lookups (rules 386, 399, 400, 426–437), each tenant- and client-scoped. */
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
import { int, oneOf, paging, text, type RawQuery } from './params';
import { isStore, isSupplier, ownSupplier, storeOrgs } from './scope';
import { pagedQuery, Where, type Page } from './sql';

export const LOOKUP_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;
/** The group list is read whole (page 1 of 10000, rule 386). */
export const GROUP_MAX_PAGE_SIZE = 10000;

const page = (q: RawQuery) => paging(q, LOOKUP_PAGE_SIZE, MAX_PAGE_SIZE);

export function listOnlineCategories(db: Db, s: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const where = new Where().eq('o.tenant_id', s.tenant_id).like(['o.online_cate_code', 'o.online_cate_name'], text(q, 'keyword'));
  return pagedQuery(db, { select: 'o.online_cate_code, o.online_cate_name, o.parent_code', from: 'online_category o', where, orderBy: 'o.online_cate_code', paging: page(q) });
}

export function listMemberTags(db: Db, s: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const where = new Where().eq('m.tenant_id', s.tenant_id).like(['m.tag_code', 'm.tag_name'], text(q, 'keyword'));
  return pagedQuery(db, { select: 'm.tag_code, m.tag_name, m.parent_code', from: 'member_tag m', where, orderBy: 'm.tag_code', paging: page(q) });
}

/**
 * Groups (rule 386). The spec's client_type code '1' stands for every client type; a product code
 * (HMT/HMD/HMS) narrows to groups of that client.
 */
export function listGroups(db: Db, s: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const clientType = oneOf(q, 'client_type', ['1', 'HMT', 'HMD', 'HMS']);
  const status = oneOf(q, 'group_status', ['0', '1']);
  const clientNo = text(q, 'client_no');
  const where = new Where()
    .eq('g.tenant_id', s.tenant_id)
    .like(['g.group_name'], text(q, 'group_name'))
    .eq('g.group_type', int(q, 'group_type'))
    .eq('g.group_status', status === undefined ? undefined : Number(status))
    .eq('g.client_type', clientType === '1' ? undefined : clientType);
  if (clientNo) where.add('(g.client_no = ? OR g.client_no IS NULL)', clientNo);
  return pagedQuery(db, {
    select: 'g.id, g.group_name, g.remark, g.client_no, g.client_type, g.group_type',
    from: 'group_def g',
    where,
    orderBy: 'g.id',
    paging: paging(q, GROUP_MAX_PAGE_SIZE, GROUP_MAX_PAGE_SIZE),
  });
}

/** Buyers: enabled head-office staff (purchaser_name, account_id). */
export function listBuyers(db: Db, s: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const where = new Where()
    .eq('a.tenant_id', s.tenant_id)
    .add("a.client_type = 'HMT'")
    .add("a.org_code = '1000'")
    .add('a.status = 1')
    .like(['a.account_name'], text(q, 'purchaser_name'));
  return pagedQuery(db, { select: 'a.account_name AS purchaser_name, a.account_id', from: 'account a', where, orderBy: 'a.account_id', paging: page(q) });
}

/** Pickup points; a store user sees its own stores' points. */
export function listPickupPoints(db: Db, s: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const where = new Where().eq('p.tenant_id', s.tenant_id).like(['p.store_pickup_no', 'p.store_pickup_name'], text(q, 'keyword'));
  const orgs = storeOrgs(s);
  if (orgs) where.in('p.org_code', orgs);
  return pagedQuery(db, { select: 'p.store_pickup_no, p.store_pickup_name, p.org_code', from: 'store_pickup p', where, orderBy: 'p.store_pickup_no', paging: page(q) });
}

export function listCarriers(db: Db, s: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const where = new Where().eq('c.tenant_id', s.tenant_id).like(['c.carrier_no', 'c.carrier_name'], text(q, 'keyword'));
  return pagedQuery(db, { select: 'c.carrier_no, c.carrier_name', from: 'carrier c', where, orderBy: 'c.carrier_no', paging: page(q) });
}

/**
 * GET /api/uls/account/getAccountData (rule 399): accounts by id or name. A store user sees its store's
 * accounts, a supplier user its supplier's.
 */
export function listAccounts(db: Db, s: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const keyword = text(q, 'account_keyword');
  const where = new Where().eq('a.tenant_id', s.tenant_id).like(['CAST(a.account_id AS VARCHAR)', 'a.account_name', 'a.username'], keyword);
  if (isStore(s)) where.eq('a.store_no', s.store_no ?? '');
  const supplier = ownSupplier(s);
  if (supplier) where.eq('a.supplier_no', supplier);
  return pagedQuery(db, {
    select: 'a.account_id AS id, a.account_name, a.username, a.client_type, a.org_code',
    from: 'account a',
    where,
    orderBy: 'a.account_id',
    paging: page(q),
  });
}

export const LOCATION_FROM = 'location l JOIN logistics_center w ON w.tenant_id = l.tenant_id AND w.center_code = l.center_code';

/**
 * The locations the picker offers (rule 399: location_no_like); outside the head office, the user's own
 * org's warehouses. Documents check a written location against the same condition (offers.ts).
 */
export function locationWhere(s: ServerSession, q: RawQuery): Where {
  const where = new Where()
    .eq('l.tenant_id', s.tenant_id)
    .like(['l.location_no'], text(q, 'location_no_like'))
    .eq('l.center_code', text(q, 'center_code'));
  if (s.org_code !== '1000') where.add('w.org_code = ?', s.org_code);
  return where;
}

export function listLocations(db: Db, s: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  return pagedQuery(db, {
    select: 'l.location_no, l.location_attribute AS location_attribute_text, l.center_code',
    from: LOCATION_FROM,
    where: locationWhere(s, q),
    orderBy: 'l.location_no',
    paging: page(q),
  });
}

export function listSalesmen(db: Db, s: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const where = new Where().eq('m.tenant_id', s.tenant_id).like(['m.salesman_id', 'm.salesman_name', 'm.salesman_tel'], text(q, 'keyword'));
  return pagedQuery(db, { select: 'm.salesman_id, m.salesman_name, m.salesman_tel', from: 'salesman m', where, orderBy: 'm.salesman_id', paging: page(q) });
}

/**
 * Service items with the orgs each is offered at (rule 434). A store user sees the services of its orgs.
 * single_sale_type=1 (rule 379) is accepted: every service item is sold singly.
 */
export async function listServiceItems(db: Db, s: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  oneOf(q, 'single_sale_type', ['0', '1']);
  const where = new Where().eq('v.tenant_id', s.tenant_id).like(['v.service_no', 'v.service_name'], text(q, 'keyword')).add("v.service_status = '1'");
  const orgs = storeOrgs(s);
  if (orgs) {
    const placeholders = orgs.map((o) => where.bind(o)).join(', ');
    where.add(`EXISTS (SELECT 1 FROM service_org so WHERE so.tenant_id = v.tenant_id AND so.service_no = v.service_no AND so.org_code IN (${placeholders}))`);
  }
  const result = await pagedQuery<{ service_no: string }>(db, {
    select: 'v.service_no, v.service_name, v.service_cate_name, v.service_price',
    from: 'service v',
    where,
    orderBy: 'v.service_no',
    paging: page(q),
  });
  if (result.list.length === 0) return result;
  const rel = new Where().eq('so.tenant_id', s.tenant_id).in('so.service_no', result.list.map((r) => r.service_no));
  if (orgs) rel.in('so.org_code', orgs);
  const relations = await db.query<{ service_no: string; org_code: string; org_name: string | null }>(
    `SELECT so.service_no, so.org_code, o.org_name FROM service_org so
       LEFT JOIN organisation o ON o.tenant_id = so.tenant_id AND o.org_code = so.org_code
       ${rel.sql} ORDER BY so.service_no, so.org_code`,
    rel.params,
  );
  return {
    total: result.total,
    list: result.list.map((r) => ({
      ...r,
      account_org_relation: relations.filter((x) => x.service_no === r.service_no).map(({ org_code, org_name }) => ({ org_code, org_name })),
    })),
  };
}

const PARTY_NAME = `CASE st.party_type
  WHEN 2 THEN (SELECT s.store_name FROM store s WHERE s.tenant_id = st.tenant_id AND s.store_no = st.party_no)
  WHEN 3 THEN (SELECT h.wholesaler_name FROM wholesaler h WHERE h.tenant_id = st.tenant_id AND h.wholesaler_no = st.party_no)
  WHEN 4 THEN (SELECT p.supplier_name FROM supplier p WHERE p.tenant_id = st.tenant_id AND p.supplier_no = st.party_no)
END`;

/** Settlement bills (the 'Select settlement bill' variant); a supplier its own, a store its orgs'. */
export function listSettlements(db: Db, s: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const where = new Where()
    .eq('st.tenant_id', s.tenant_id)
    .like(['st.settlement_no', 'st.party_no'], text(q, 'keyword'))
    .eq('st.party_type', int(q, 'party_type'));
  if (isSupplier(s)) where.add('st.party_type = 4').eq('st.party_no', ownSupplier(s));
  const orgs = storeOrgs(s);
  if (orgs) where.in('st.org_code', orgs);
  return pagedQuery(db, {
    select: `st.settlement_no, st.party_type, st.party_no, ${PARTY_NAME} AS party_name, st.period_month,
             st.settlement_amount, st.settled_amount, st.status`,
    from: 'settlement st',
    where,
    orderBy: 'st.settlement_no DESC',
    paging: page(q),
  });
}

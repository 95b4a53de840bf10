/** Goods for the commodity picker, the goods multi-picker, SKU search, scan search and favourites. */
import type { ServerSession } from '../auth/session';
import { tenantToday } from '../tenant-clock';
import type { Db } from '../db/types';
import { badRequest, forbidden, notFound } from '../http/errors';
import {
  COMMODITY_KINDS,
  COMMODITY_TYPES,
  finishCommodityRow,
  MIN_POSITIVE_STOCK,
  POSITIVE_STOCK_TYPES,
  withoutRetailPrices,
} from './commodity.logic';
import { decimal, int, oneOf, paging, text, type RawQuery } from './params';
import { isHeadOffice, isSupplier, ownSupplier, storeOrgs, HEAD_OFFICE_ORG } from './scope';
import { pagedQuery, Where, type Page } from './sql';

export const GOODS_PAGE_SIZE = 50;
export const COMMODITY_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;
export const SEARCH_LIMIT = 50;
export const SCAN_PAGE_SIZE = 10;

/** A page as this session may see it: a supplier user's rows without the retailer's prices. */
function forSession<R extends Record<string, unknown>>(session: ServerSession, page: Page<R>): Page<unknown> {
  return isSupplier(session) ? { total: page.total, list: page.list.map(withoutRetailPrices) } : page;
}

/** The org whose terms and stock are shown: a store user only within its orgs. */
function resolveOrg(session: ServerSession, requested: string | undefined): string | null {
  const orgs = storeOrgs(session);
  if (orgs) {
    if (requested && !orgs.includes(requested)) throw forbidden('ORG_FORBIDDEN', '无权查看该组织的数据');
    return requested ?? session.org_code;
  }
  if (requested) return requested;
  return isHeadOffice(session) && session.org_code !== HEAD_OFFICE_ORG ? session.org_code : null;
}

const CATEGORY_JOINS = `
  LEFT JOIN category c3 ON c3.tenant_id = k.tenant_id AND c3.cate_code = k.back_cate_code
  LEFT JOIN category c2 ON c2.tenant_id = k.tenant_id AND c2.cate_code = c3.parent_cate_code
  LEFT JOIN category c1 ON c1.tenant_id = k.tenant_id AND c1.cate_code = c2.parent_cate_code`;

/** The inner SELECT of a commodity search, binding its values on `w`. */
function commoditySource(w: Where, type: string, tenantId: number, org: string | null): string {
  const kind = COMMODITY_KINDS[Number(type) as keyof typeof COMMODITY_KINDS];
  const t = w.bind(tenantId);
  const o = org === null ? null : w.bind(org);
  if (kind === 'lot') {
    return `
      SELECT ls.center_code || ':' || ls.lot_no AS id, k.supplier_no, p.supplier_name, k.sku_no, k.sku_name,
             c3.cate_name AS back_cate_code_text, k.barcode, ls.stock_num AS actual_stock, ls.stock_num AS usable_num,
             0 AS freeze_num, k.sale_unit AS sale_unit_text, k.specification, k.shelflife, k.shelflife_unit,
             k.buying_price, k.selling_price, k.purchase_price, k.input_tax_rate, '1' AS stock_limit,
             0 AS logistics_center_usable_num, 1 AS min_dorder_num, CAST(NULL AS VARCHAR) AS order_weekdays, k.sku_type,
             ls.lot_no, l.produce_date, l.expiration_date, l.lot_price, ls.org_code, ls.center_code,
             c1.cate_code AS c1, c2.cate_code AS c2, c3.cate_code AS c3
        FROM lot_stock ls
        JOIN lot l ON l.tenant_id = ls.tenant_id AND l.lot_no = ls.lot_no
        JOIN sku k ON k.tenant_id = ls.tenant_id AND k.sku_no = ls.sku_no
        LEFT JOIN supplier p ON p.tenant_id = k.tenant_id AND p.supplier_no = k.supplier_no
        ${CATEGORY_JOINS}
       WHERE ls.tenant_id = ${t} ${o ? `AND ls.org_code = ${o}` : ''}`;
  }
  const centreOnly = kind === 'center_stock';
  const stockJoin = kind === 'stock' || centreOnly ? 'JOIN' : 'LEFT JOIN';
  return `
    SELECT k.sku_no AS id, k.supplier_no, p.supplier_name, k.sku_no, k.sku_name, c3.cate_name AS back_cate_code_text, k.barcode,
           COALESCE(st.stock_num, 0) AS actual_stock, COALESCE(st.usable_num, 0) AS usable_num, COALESCE(st.freeze_num, 0) AS freeze_num,
           k.sale_unit AS sale_unit_text, k.specification, k.shelflife, k.shelflife_unit,
           k.buying_price, COALESCE(so.selling_price, k.selling_price) AS selling_price, k.purchase_price, k.input_tax_rate,
           COALESCE(so.stock_limit, '1') AS stock_limit, COALESCE(lcs.usable_num, 0) AS logistics_center_usable_num,
           COALESCE(so.min_dorder_num, 1) AS min_dorder_num, so.order_weekdays, so.store_rate, so.lc_rate, k.sku_type,
           c1.cate_code AS c1, c2.cate_code AS c2, c3.cate_code AS c3
      FROM sku k
      LEFT JOIN supplier p ON p.tenant_id = k.tenant_id AND p.supplier_no = k.supplier_no
      ${CATEGORY_JOINS}
      ${kind === 'assortment' && o ? 'JOIN' : 'LEFT JOIN'} sku_org so
        ON so.tenant_id = k.tenant_id AND so.sku_no = k.sku_no AND ${o ? `so.org_code = ${o}` : '1 = 0'}
      ${stockJoin} (
        SELECT s.sku_no, SUM(s.stock_num) AS stock_num, SUM(s.usable_num) AS usable_num, SUM(s.freeze_num) AS freeze_num
          FROM stock s
          ${centreOnly ? `JOIN logistics_center w ON w.tenant_id = s.tenant_id AND w.center_code = s.center_code AND w.center_type = '2'` : ''}
         WHERE s.tenant_id = ${t} ${o ? `AND s.org_code = ${o}` : ''}
         GROUP BY s.sku_no
      ) st ON st.sku_no = k.sku_no
      LEFT JOIN (
        SELECT s.sku_no, SUM(s.usable_num) AS usable_num
          FROM stock s
          JOIN logistics_center w ON w.tenant_id = s.tenant_id AND w.center_code = s.center_code AND w.center_type = '2'
         WHERE s.tenant_id = ${t}
         GROUP BY s.sku_no
      ) lcs ON lcs.sku_no = k.sku_no
     WHERE k.tenant_id = ${t}`;
}

/**
 * The rows a commodity search offers (rules 363–367), as FROM and WHERE over `q`: the picker lists them,
 * and documents check a written lot against the batch-stock search (type 8) the same way (offers.ts).
 * `sku_no` and, for lot stock, `center_code` narrow to one goods item and warehouse.
 */
export function commodityQuery(session: ServerSession, q: RawQuery): { type: string; from: string; where: Where } {
  const type = oneOf(q, 'type', COMMODITY_TYPES);
  if (!type) throw badRequest('BAD_PARAM', '参数异常：缺少商品选择类型 type');
  oneOf(q, 'get_location', ['0', '1']);
  oneOf(q, 'get_lot_stock', ['0', '1']);
  oneOf(q, 'search_type', ['1', '2', '3']);
  const org = resolveOrg(session, text(q, 'org_code'));
  const w = new Where();
  const inner = commoditySource(w, type, session.tenant_id, org);
  const cate = text(q, 'cate_code') ?? text(q, 'back_cate_code');
  if (cate) w.add('(q.c1 = ? OR q.c2 = ? OR q.c3 = ?)', cate, cate, cate);
  w.like(['q.sku_no', 'q.sku_name', 'q.barcode'], text(q, 'keyword'));
  w.eq('q.sku_no', text(q, 'sku_no'));
  if (COMMODITY_KINDS[Number(type) as keyof typeof COMMODITY_KINDS] === 'lot') w.eq('q.center_code', text(q, 'center_code'));
  w.eq('q.supplier_no', ownSupplier(session) ?? text(q, 'supplier_no'));
  const usableFrom = decimal(q, 'usable_num_s') ?? (POSITIVE_STOCK_TYPES.includes(type) ? MIN_POSITIVE_STOCK : undefined);
  for (const [column, from, to] of [
    ['q.usable_num', usableFrom, decimal(q, 'usable_num_e')],
    ['q.actual_stock', decimal(q, 'stock_num_s'), decimal(q, 'stock_num_e')],
    ['q.freeze_num', decimal(q, 'freeze_num_s'), decimal(q, 'freeze_num_e')],
  ] as const) {
    if (from !== undefined) w.add(`${column} >= ?`, from);
    if (to !== undefined) w.add(`${column} <= ?`, to);
  }
  return { type, from: `(${inner}) q`, where: w };
}

/** GET /api/pickers/commodities (rules 363–367). */
export async function listCommodities(db: Db, session: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const { from, where } = commodityQuery(session, q);
  const page = paging(q, COMMODITY_PAGE_SIZE, MAX_PAGE_SIZE);
  const result = await pagedQuery<Record<string, unknown>>(db, { select: 'q.*', from, where, orderBy: 'q.sku_no, q.id', paging: page });
  const day = await tenantToday(db, session.tenant_id);
  return forSession(session, { total: result.total, list: result.list.map((r) => finishCommodityRow(r, day)) });
}

const GOODS_SELECT = `k.sku_no, k.sku_name, k.barcode, c3.cate_name AS back_cate_name, b.brand_name, k.sale_unit AS sale_unit_show,
  k.specification AS specification_text, k.selling_price, k.buying_price, k.sku_type`;
const GOODS_JOINS = `
  LEFT JOIN brand b ON b.tenant_id = k.tenant_id AND b.brand_code = k.brand_code
  ${CATEGORY_JOINS}`;
const GOODS_FROM = `sku k ${GOODS_JOINS}`;

/** GET /api/pickers/goods: the goods multi-picker and item lists (single_sale_type=1: goods sold singly). */
export async function listGoods(db: Db, session: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const single = oneOf(q, 'single_sale_type', ['0', '1']);
  const cate = text(q, 'back_cate_code');
  const where = new Where()
    .eq('k.tenant_id', session.tenant_id)
    .like(['k.sku_no', 'k.sku_name', 'k.barcode'], text(q, 'keyword'))
    .eq('k.brand_code', text(q, 'brand_code'))
    .eq('k.supplier_no', ownSupplier(session) ?? text(q, 'supplier_no'));
  if (cate) where.add('(c1.cate_code = ? OR c2.cate_code = ? OR c3.cate_code = ?)', cate, cate, cate);
  if (single === '1') where.add('k.sku_type = 1');
  const page = await pagedQuery<Record<string, unknown>>(db, {
    select: GOODS_SELECT,
    from: GOODS_FROM,
    where,
    orderBy: 'k.sku_no',
    paging: paging(q, GOODS_PAGE_SIZE, MAX_PAGE_SIZE),
  });
  return forSession(session, page);
}

const SEARCH_SELECT = 'k.sku_no, k.barcode, k.sku_name, so.min_dorder_num, k.buying_price';

function searchFrom(w: Where, session: ServerSession): string {
  const orgs = storeOrgs(session);
  const org = orgs ? w.bind(session.org_code) : null;
  return `sku k
    LEFT JOIN sku_org so ON so.tenant_id = k.tenant_id AND so.sku_no = k.sku_no AND ${org ? `so.org_code = ${org}` : '1 = 0'}
    ${CATEGORY_JOINS}`;
}

/** GET /api/pickers/sku-search: auto-complete candidates, earliest matches first (rules 351, 352). */
export async function searchSkus(db: Db, session: ServerSession, q: RawQuery): Promise<{ list: unknown[] }> {
  oneOf(q, 'search_type', ['1']);
  const source = oneOf(q, 'sku_source', ['all']);
  const keyword = text(q, 'keyword');
  const skuNo = text(q, 'sku_no');
  if (!keyword && !skuNo) throw badRequest('BAD_PARAM', '请输入商品编码、名称或条码');
  const w = new Where();
  const from = searchFrom(w, session);
  w.eq('k.tenant_id', session.tenant_id).like(['k.sku_no', 'k.sku_name', 'k.barcode'], keyword).eq('k.sku_no', skuNo);
  w.eq('k.supplier_no', ownSupplier(session) ?? undefined);
  const cate = text(q, 'back_cate_code');
  if (cate) w.add('(c1.cate_code = ? OR c2.cate_code = ? OR c3.cate_code = ?)', cate, cate, cate);
  if (source !== 'all') w.add('k.status = 1');
  const kw = keyword ? w.bind(keyword.toLowerCase()) : null;
  const rank = (column: string) => (kw ? `CASE WHEN STRPOS(LOWER(${column}), ${kw}) = 0 THEN 9999 ELSE STRPOS(LOWER(${column}), ${kw}) END, ` : '');
  const list = await db.query(
    `SELECT ${SEARCH_SELECT} FROM ${from} ${w.sql}
      ORDER BY ${rank('k.sku_no')}${rank('k.sku_name')}${rank('k.barcode')}k.sku_no LIMIT ${SEARCH_LIMIT}`,
    w.params,
  );
  return { list };
}

/** GET /api/pickers/sku-scan: exact barcode, case barcode or code (rule 353). */
export function scanSkus(db: Db, session: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const scan = text(q, 'scan_no', 64);
  if (!scan) throw badRequest('BAD_PARAM', '请扫描或输入条码');
  oneOf(q, 'source_type', ['1', '2', '3']);
  const storeNo = text(q, 'store_no');
  if (storeNo && storeOrgs(session) && session.store_no !== storeNo) throw forbidden('STORE_FORBIDDEN', '无权查看该门店的数据');
  const w = new Where();
  const from = searchFrom(w, session);
  w.eq('k.tenant_id', session.tenant_id).add('(k.barcode = ? OR k.fcl_barcode = ? OR k.sku_no = ?)', scan, scan, scan);
  w.eq('k.supplier_no', ownSupplier(session) ?? undefined);
  return pagedQuery(db, { select: SEARCH_SELECT, from, where: w, orderBy: 'k.sku_no', paging: paging(q, SCAN_PAGE_SIZE, SEARCH_LIMIT) });
}

/** GET /api/pickers/favorite-folders: the user's own folders (rule 372). */
export function listFavoriteFolders(db: Db, session: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const where = new Where().eq('f.tenant_id', session.tenant_id).eq('f.account_id', session.account_id);
  return pagedQuery(db, { select: 'f.id, f.favorite_name', from: 'favorite_folder f', where, orderBy: 'f.id', paging: paging(q, 1000, 1000) });
}

/** GET /api/pickers/favorite-skus: the goods of one of the user's folders (rule 373). */
export async function listFavoriteSkus(db: Db, session: ServerSession, q: RawQuery): Promise<Page<unknown>> {
  const folderId = int(q, 'favorite_id');
  if (folderId === undefined) throw badRequest('BAD_PARAM', '参数 favorite_id 不能为空');
  const withGroup = oneOf(q, 'get_sku_dorder_group', ['0', '1']) === '1';
  const [folder] = await db.query('SELECT id FROM favorite_folder WHERE tenant_id = $1 AND account_id = $2 AND id = $3', [
    session.tenant_id,
    session.account_id,
    folderId,
  ]);
  if (!folder) throw notFound('FAVORITE_NOT_FOUND', '收藏夹不存在');
  const where = new Where().eq('fs.tenant_id', session.tenant_id).eq('fs.favorite_id', folderId);
  const page = await pagedQuery<Record<string, unknown>>(db, {
    select: `${GOODS_SELECT}, fs.favorite_id, ${withGroup ? 'g.id AS dorder_group_id, g.dorder_group_name' : 'CAST(NULL AS BIGINT) AS dorder_group_id, CAST(NULL AS VARCHAR) AS dorder_group_name'}`,
    from: `favorite_sku fs
      JOIN sku k ON k.tenant_id = fs.tenant_id AND k.sku_no = fs.sku_no
      ${GOODS_JOINS}
      LEFT JOIN dorder_group g ON g.tenant_id = fs.tenant_id AND g.id = fs.dorder_group_id`,
    where,
    orderBy: 'k.sku_no',
    paging: paging(q, 10, MAX_PAGE_SIZE),
  });
  return forSession(session, page);
}

/**
 * The stock rows on a goods page, within the session's scope: the head office every organisation, a
 * store its own, a supplier the stores it trades with (its store list), so a supplier never sees the
 * stock of logistics centres or of stores it does not deliver to.
 */
import type { GoodsDetail } from '../../engine/shell';
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
import { SUPPLIER_STORES } from '../pickers/parties';
import { isStore, ownSupplier } from '../pickers/scope';
import { Where } from '../pickers/sql';

/** a goods page lists at most this many organisations */
const STOCK_ROWS = 50;

export function goodsStock(db: Db, session: ServerSession, skuNo: string): Promise<GoodsDetail['stock']> {
  const where = new Where().eq('st.tenant_id', session.tenant_id).eq('st.sku_no', skuNo);
  if (isStore(session)) where.eq('st.org_code', session.org_code);
  const supplier = ownSupplier(session);
  if (supplier) where.add(`st.org_code IN (SELECT s.org_code FROM store s WHERE s.tenant_id = st.tenant_id AND ${SUPPLIER_STORES})`, supplier, supplier);
  return db.query(
    `SELECT st.org_code, COALESCE(MAX(g.org_name), st.org_code) AS org_name,
            SUM(st.stock_num) AS stock_num, SUM(st.usable_num) AS usable_num
       FROM stock st LEFT JOIN organisation g ON g.tenant_id = st.tenant_id AND g.org_code = st.org_code
       ${where.sql}
      GROUP BY st.org_code ORDER BY st.org_code LIMIT ${STOCK_ROWS}`,
    where.params,
  );
}

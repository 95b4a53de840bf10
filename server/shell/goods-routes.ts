import type { FastifyInstance } from 'fastify';
import type { GoodsDetail } from '../../engine/shell';
import { today } from '../clock';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { goodsStock } from './goods-stock';
import { addDays, SALES_FROM, salesScope } from './sales-figures';
import { tenantTimeZone } from '../tenant-clock';

export const GOODS_NOT_FOUND = '商品不存在或无权查看';

const schema = {
  params: { type: 'object', required: ['sku_no'], properties: { sku_no: { type: 'string', minLength: 1, maxLength: 32 } } },
};

type SkuRow = Omit<GoodsDetail, 'categories' | 'tags' | 'stock' | 'sales_30d' | 'store_selling_price'> & { back_cate_code: string | null };

/**
 * GET /api/goods/:sku_no: the goods page behind the goods-name links (rules 24, 25). Tenant-scoped;
 * a supplier user sees only its own goods, and stock and sales are within the session's scope.
 */
export async function goodsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { sku_no: string } }>('/api/goods/:sku_no', { schema }, async (req) => {
    const session = req.session!;
    const tenant = session.tenant_id;
    const [sku] = await app.db.query<SkuRow>(
      `SELECT k.sku_no, k.barcode, k.sku_name, k.status, k.sale_unit, k.specification, k.birthplace, k.shelflife,
              k.shelflife_unit, k.brand_code, b.brand_name, k.supplier_no, s.supplier_name, k.buying_price,
              k.purchase_price, k.selling_price, k.fcl_sale_unit, k.fcl_barcode, k.fcl_price, k.input_tax_rate,
              k.output_tax_rate, k.back_cate_code
         FROM sku k
         LEFT JOIN brand b ON b.tenant_id = k.tenant_id AND b.brand_code = k.brand_code
         LEFT JOIN supplier s ON s.tenant_id = k.tenant_id AND s.supplier_no = k.supplier_no
        WHERE k.tenant_id = $1 AND k.sku_no = $2`,
      [tenant, req.params.sku_no],
    );
    // a supplier asking for another supplier's goods learns nothing, not even that they exist
    if (!sku || (session.client === 'HMS' && sku.supplier_no !== session.supplier_no)) {
      throw notFound('GOODS_NOT_FOUND', GOODS_NOT_FOUND);
    }
    const { back_cate_code, ...fields } = sku;

    const categories = await app.db.query<{ cate_code: string; cate_name: string; cate_level: number }>(
      `SELECT c.cate_code, c.cate_name, c.cate_level FROM category c
        WHERE c.tenant_id = $1 AND c.cate_code IN (
          SELECT c3.cate_code FROM category c3 WHERE c3.tenant_id = $1 AND c3.cate_code = $2
          UNION SELECT c3.parent_cate_code FROM category c3 WHERE c3.tenant_id = $1 AND c3.cate_code = $2
          UNION SELECT c2.parent_cate_code FROM category c3
                  JOIN category c2 ON c2.tenant_id = c3.tenant_id AND c2.cate_code = c3.parent_cate_code
                 WHERE c3.tenant_id = $1 AND c3.cate_code = $2)
        ORDER BY c.cate_level`,
      [tenant, back_cate_code ?? ''],
    );
    const tags = await app.db.query<{ tag_name: string }>(
      `SELECT t.tag_name FROM sku_tag_relation r JOIN sku_tag t ON t.tenant_id = r.tenant_id AND t.tag_code = r.tag_code
        WHERE r.tenant_id = $1 AND r.sku_no = $2 ORDER BY t.tag_name`,
      [tenant, sku.sku_no],
    );

    let storePrice: number | null = null;
    if (session.client === 'HMD') {
      const [row] = await app.db.query<{ selling_price: number | null }>(
        'SELECT selling_price FROM sku_org WHERE tenant_id = $1 AND org_code = $2 AND sku_no = $3',
        [tenant, session.org_code, sku.sku_no],
      );
      storePrice = row?.selling_price ?? null;
    }

    const stock = await goodsStock(app.db, session, sku.sku_no);

    const zone = await tenantTimeZone(app.db, tenant);
    const to = addDays(today(zone), -1);
    const scope = salesScope(session);
    const n = scope.params.length;
    const [sales] = await app.db.query<{ qty: number | null; sales: number | null }>(
      `SELECT SUM(i.qty) AS qty, SUM(i.sale_amount) AS sales FROM ${SALES_FROM}
        WHERE ${scope.where} AND i.sku_no = $${n + 1}
          AND o.business_date >= CAST($${n + 2} AS DATE) AND o.business_date <= CAST($${n + 3} AS DATE)`,
      [...scope.params, sku.sku_no, addDays(to, -29), to],
    );

    const body: GoodsDetail = {
      ...fields,
      categories,
      tags: tags.map((t) => t.tag_name),
      store_selling_price: storePrice,
      stock,
      sales_30d: { qty: sales?.qty ?? 0, sales: Math.round((sales?.sales ?? 0) * 100) / 100 },
    };
    return ok(body);
  });
}

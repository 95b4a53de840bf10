import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  LABEL_MESSAGES,
  LABEL_TEMPLATE_MAX_BYTES,
  labelAlreadyDefault,
  labelOwnerOf,
  refuseLabelChange,
  STORE_SHOW_PRINT_TYPE,
  SYSTEM_DEFAULT_TENANTS,
  type LabelGoods,
  type LabelTemplate,
} from '../../engine/print/label';
import type { ServerSession } from '../auth/session';
import { sqlTimestamp } from '../clock';
import { ok } from '../http/envelope';
import { badRequest, forbidden, notFound } from '../http/errors';
import { idempotent } from '../http/idempotency';
import { MAX_ID, MAX_INT } from '../http/limits';
import { lockTenant } from '../db/tenant-lock';
import type { Db } from '../db/types';

/** Where users learn to install and start the label driver when none answers (public/label-driver.html). */
export const LABEL_DRIVER_DOWNLOAD_URL = '/label-driver.html';
const NOT_FOUND = '打印模板不存在或无权查看';

const COLUMNS = `id, print_type, print_template_name, COALESCE(print_template_content, '') AS print_template_content, is_default, is_system,
  is_store_show, COALESCE(store_no, '0') AS store_no, account_id, COALESCE(name, created_by, '') AS name,
  COALESCE(CAST(created_at AS VARCHAR), '') AS created_at, COALESCE(CAST(updated_at AS VARCHAR), '') AS updated_at`;

const ownerOf = labelOwnerOf;

/** Templates a session sees: its own, HQ ones shown to stores (or all HQ ones for a supplier), and the system default. */
function visible(s: ServerSession): { sql: string; params: unknown[] } {
  if (s.client === 'HMD') return { sql: `(store_no = $3 OR (store_no = '0' AND (is_store_show = '1' OR is_system = '1')))`, params: [ownerOf(s)] };
  if (s.client === 'HMS') return { sql: `(store_no = $3 OR store_no = '0' OR store_no IS NULL)`, params: [ownerOf(s)] };
  return { sql: `(store_no = '0' OR store_no IS NULL)`, params: [] };
}

const shape = (r: LabelTemplate): LabelTemplate => ({
  ...r,
  id: Number(r.id),
  print_type: Number(r.print_type),
  account_id: Number(r.account_id),
  is_store_show_text: r.is_store_show === '1' ? '是' : '否',
  created_at: r.created_at.slice(0, 19),
  updated_at: r.updated_at.slice(0, 19),
});

/**
 * Price-label templates (building blocks §3–§8, rules 215–249): list, add/edit, default, system
 * default (tenants 10139 and 266 only), store display (HQ, type 1027), delete, export as text, and
 * the label goods and driver download address the print dialog needs.
 */
export async function labelRoutes(app: FastifyInstance): Promise<void> {
  async function find(db: Db, s: ServerSession, id: number): Promise<LabelTemplate> {
    const v = visible(s);
    const [row] = await db.query<LabelTemplate>(`SELECT ${COLUMNS} FROM print_template WHERE tenant_id = $1 AND id = $2 AND ${v.sql}`, [
      s.tenant_id,
      id,
      ...v.params,
    ]);
    if (!row) throw notFound('LABEL_TEMPLATE_NOT_FOUND', NOT_FOUND);
    return shape(row);
  }

  /** A template write whose rules are read inside it, after the tenant's earlier template writes committed. */
  const write = <T>(s: ServerSession, fn: (tx: Db) => Promise<T>): Promise<T> =>
    app.db.transaction(async (tx) => {
      await lockTenant(tx, 'labelTemplates', s.tenant_id);
      return fn(tx);
    });

  /** rules 229–230, the same rule the dialog disables its buttons with. */
  function refuseChange(s: ServerSession, t: LabelTemplate): string | null {
    const refusal = refuseLabelChange({ client: s.client, owner: ownerOf(s), account_id: s.account_id }, t);
    return refusal && LABEL_MESSAGES[refusal];
  }

  const idBody = (flag: string) => ({
    body: {
      type: 'object',
      required: ['id', flag],
      properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID }, [flag]: { type: 'string', enum: ['0', '1'] } },
    },
  });

  app.get<{ Querystring: { print_type: number; print_type_show?: string; page_num?: number; page_size?: number } }>(
    '/api/print/label/templates',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['print_type'],
          properties: {
            print_type: { type: 'integer', minimum: 0, maximum: MAX_INT },
            print_type_show: { type: 'string', maxLength: 20 },
            page_num: { type: 'integer', minimum: 1, maximum: 100 },
            page_size: { type: 'integer', minimum: 1, maximum: 500 },
          },
        },
      },
    },
    async (req) => {
      const s = req.session!;
      const size = req.query.page_size ?? 20;
      const page = req.query.page_num ?? 1;
      const v = visible(s);
      const base = `FROM print_template WHERE tenant_id = $1 AND print_type = $2 AND ${v.sql}`;
      const params = [s.tenant_id, req.query.print_type, ...v.params];
      const [{ n }] = await app.db.query<{ n: number }>(`SELECT COUNT(*) AS n ${base}`, params);
      const own = ownerOf(s);
      const mark = `$${params.length + 1}`;
      const [{ d }] = await app.db.query<{ d: number }>(`SELECT COUNT(*) AS d ${base} AND store_no = ${mark} AND is_default = '1'`, [...params, own]);
      // the viewer's own default leads and is the one ticked; headquarters' counts only without one
      const rows = await app.db.query<LabelTemplate>(
        `SELECT ${COLUMNS} ${base}
          ORDER BY CASE WHEN is_default = '1' AND store_no = ${mark} THEN 0 WHEN is_default = '1' THEN 1 ELSE 2 END, is_system DESC, id
          LIMIT ${size} OFFSET ${(page - 1) * size}`,
        [...params, own],
      );
      const list = rows.map((r) => shape({ ...r, is_default: r.is_default === '1' && (r.store_no === own || Number(d) === 0) ? '1' : '0' }));
      return ok({ list, total: Number(n), token: randomUUID(), callback_url: '/api/print/label/templates' });
    },
  );

  app.post<{ Body: { id?: number; print_type: number; print_template_name: string; print_template_content: string } }>(
    '/api/print/label/templates',
    {
      bodyLimit: LABEL_TEMPLATE_MAX_BYTES + 64 * 1024,
      schema: {
        body: {
          type: 'object',
          required: ['print_type', 'print_template_name', 'print_template_content'],
          properties: {
            id: { type: 'integer', minimum: 1, maximum: MAX_ID },
            token: { type: 'string', maxLength: 64 },
            print_type: { type: 'integer', minimum: 0, maximum: MAX_INT },
            print_template_name: { type: 'string', maxLength: 200 },
            print_template_content: { type: 'string' },
          },
        },
      },
    },
    idempotent(async (req, _reply, seal) => {
      const s = req.session!;
      const name = req.body.print_template_name.trim();
      if (!name) throw badRequest('LABEL_NAME_REQUIRED', LABEL_MESSAGES.nameRequired);
      if ([...name].length > 50) throw badRequest('LABEL_NAME_TOO_LONG', LABEL_MESSAGES.nameTooLong);
      const content = req.body.print_template_content;
      if (!content.trim()) throw badRequest('LABEL_CONTENT_REQUIRED', LABEL_MESSAGES.contentRequired);
      if (Buffer.byteLength(content, 'utf8') > LABEL_TEMPLATE_MAX_BYTES) throw badRequest('LABEL_CONTENT_TOO_LARGE', LABEL_MESSAGES.fileTooLarge);
      const now = sqlTimestamp();
      const saved = (id: number) => ok({ id }, LABEL_MESSAGES.saved);
      if (req.body.id) {
        const id = req.body.id;
        return write(s, async (tx) => {
          const t = await find(tx, s, id);
          const refusal = refuseChange(s, t);
          if (refusal) throw forbidden('LABEL_TEMPLATE_REFUSED', refusal);
          await tx.query(
            `UPDATE print_template SET print_template_name = $3, print_template_content = $4, updated_at = CAST($5 AS TIMESTAMP), updated_by = $6
              WHERE tenant_id = $1 AND id = $2`,
            [s.tenant_id, t.id, name, content, now, s.username],
          );
          return seal(tx, saved(id));
        });
      }
      return write(s, async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO print_template (tenant_id, print_type, print_template_name, print_template_content, store_no, account_id, name,
                                       created_at, updated_at, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, CAST($8 AS TIMESTAMP), CAST($8 AS TIMESTAMP), $9, $9) RETURNING id`,
          [s.tenant_id, req.body.print_type, name, content, ownerOf(s), s.account_id, s.account_name, now, s.username],
        );
        return seal(tx, saved(Number(row.id)));
      });
    }),
  );

  app.post<{ Body: { id: number; is_default: '0' | '1' } }>('/api/print/label/set_default', { schema: idBody('is_default') }, async (req) => {
    const s = req.session!;
    await write(s, async (tx) => {
      const t = await find(tx, s, req.body.id);
      if (req.body.is_default === '1' && t.is_default === '1') throw badRequest('LABEL_ALREADY_DEFAULT', labelAlreadyDefault(t.print_template_name));
      const refusal = refuseChange(s, t);
      if (refusal) throw forbidden('LABEL_TEMPLATE_REFUSED', refusal);
      if (req.body.is_default === '1') {
        await tx.query(`UPDATE print_template SET is_default = '0' WHERE tenant_id = $1 AND print_type = $2 AND COALESCE(store_no, '0') = $3`, [
          s.tenant_id,
          t.print_type,
          t.store_no,
        ]);
      }
      await tx.query('UPDATE print_template SET is_default = $3 WHERE tenant_id = $1 AND id = $2', [s.tenant_id, t.id, req.body.is_default]);
    });
    return ok(null, LABEL_MESSAGES.defaultSet);
  });

  app.post<{ Body: { id: number; is_system: '0' | '1' } }>('/api/print/label/set_system', { schema: idBody('is_system') }, async (req) => {
    const s = req.session!;
    if (!SYSTEM_DEFAULT_TENANTS.includes(String(s.tenant_id))) throw forbidden('SYSTEM_DEFAULT_REFUSED', LABEL_MESSAGES.systemTenant);
    await write(s, async (tx) => {
      const t = await find(tx, s, req.body.id);
      if (req.body.is_system === '1' && t.is_system === '1') throw badRequest('LABEL_ALREADY_SYSTEM', labelAlreadyDefault(t.print_template_name));
      if (s.client !== 'HMT') throw forbidden('SYSTEM_DEFAULT_REFUSED', LABEL_MESSAGES.hqTemplate);
      if (req.body.is_system === '1') {
        await tx.query(`UPDATE print_template SET is_system = '0' WHERE tenant_id = $1 AND print_type = $2`, [s.tenant_id, t.print_type]);
      }
      await tx.query('UPDATE print_template SET is_system = $3 WHERE tenant_id = $1 AND id = $2', [s.tenant_id, t.id, req.body.is_system]);
    });
    return ok(null, LABEL_MESSAGES.systemSet);
  });

  app.post<{ Body: { id: number; is_store_show: '0' | '1' } }>('/api/print/label/set_store_show', { schema: idBody('is_store_show') }, async (req) => {
    const s = req.session!;
    await write(s, async (tx) => {
      const t = await find(tx, s, req.body.id);
      if (s.client !== 'HMT' || t.print_type !== STORE_SHOW_PRINT_TYPE) throw forbidden('STORE_SHOW_REFUSED', LABEL_MESSAGES.storeShowRefused);
      await tx.query('UPDATE print_template SET is_store_show = $3 WHERE tenant_id = $1 AND id = $2', [s.tenant_id, t.id, req.body.is_store_show]);
    });
    return ok(null, LABEL_MESSAGES.saved);
  });

  app.delete<{ Querystring: { id: number } }>(
    '/api/print/label/templates',
    { schema: { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID } } } } },
    async (req) => {
      const s = req.session!;
      await write(s, async (tx) => {
        const t = await find(tx, s, req.query.id);
        const refusal = refuseChange(s, t);
        if (refusal) throw forbidden('LABEL_TEMPLATE_REFUSED', refusal);
        await tx.query('DELETE FROM print_template WHERE tenant_id = $1 AND id = $2', [s.tenant_id, t.id]);
      });
      return ok(null, LABEL_MESSAGES.deleted);
    },
  );

  // rule 241: the content as a text file named after the style plus 'print template'
  app.get<{ Querystring: { id: number } }>(
    '/api/print/label/export',
    { schema: { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID } } } } },
    async (req, reply) => {
      const t = await find(app.db, req.session!, req.query.id);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${t.print_template_name}打印模板.txt`)}`)
        .send(t.print_template_content);
    },
  );

  app.get('/api/print/label/driver', async () => ok({ url: LABEL_DRIVER_DOWNLOAD_URL }));

  app.get<{ Querystring: { sku_no: string } }>(
    '/api/print/label/goods',
    { schema: { querystring: { type: 'object', required: ['sku_no'], properties: { sku_no: { type: 'string', minLength: 1, maxLength: 3300 } } } } },
    async (req) => {
      const s = req.session!;
      const skus = [...new Set(req.query.sku_no.split(',').map((x) => x.trim()).filter(Boolean))].slice(0, 100);
      if (!skus.length) throw badRequest('NO_GOODS', '请选择至少一个商品！');
      const marks = skus.map((_, i) => `$${i + 2}`).join(', ');
      const supplierOnly = s.client === 'HMS' ? ` AND k.supplier_no = $${skus.length + 2}` : '';
      const rows = await app.db.query<LabelGoods>(
        `SELECT k.sku_no, k.barcode, k.sku_name, c.cate_name AS back_cate_name, k.selling_price, k.fcl_barcode, k.fcl_price,
                b.brand_name AS brand, k.sale_unit, k.specification, k.birthplace,
                CASE WHEN k.shelflife IS NULL THEN NULL
                     ELSE CAST(k.shelflife AS VARCHAR) || CASE k.shelflife_unit WHEN 2 THEN '个月' WHEN 3 THEN '年' ELSE '天' END END AS shelf_life_show, k.fcl_sale_unit
           FROM sku k
           LEFT JOIN brand b ON b.tenant_id = k.tenant_id AND b.brand_code = k.brand_code
           LEFT JOIN category c ON c.tenant_id = k.tenant_id AND c.cate_code = k.back_cate_code
          WHERE k.tenant_id = $1 AND k.sku_no IN (${marks})${supplierOnly}
          ORDER BY k.sku_no`,
        s.client === 'HMS' ? [s.tenant_id, ...skus, s.supplier_no] : [s.tenant_id, ...skus],
      );
      return ok({ list: rows });
    },
  );
}

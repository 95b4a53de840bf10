import type { FastifyInstance } from 'fastify';
import type { ServerSession } from '../auth/session';
import { sqlTimestamp } from '../clock';
import { ok } from '../http/envelope';
import { badRequest } from '../http/errors';

/** One column of a saved table layout, in display order. */
export interface ColumnSetting {
  prop: string;
  isShow: boolean;
  minWidth: number;
}

/** Layouts are kept per client and owner: the store on HMD, the account on HMT, the supplier on HMS. */
export function ownerKey(session: ServerSession): string {
  if (session.client === 'HMD') return session.store_no ?? `account:${session.account_id}`;
  if (session.client === 'HMS') return session.supplier_no ?? `account:${session.account_id}`;
  return String(session.account_id);
}

const MAX_COLUMNS = 200;

const keyProps = {
  route: { type: 'string', minLength: 1, maxLength: 200 },
  custom_field_key: { type: 'string', minLength: 1, maxLength: 100 },
};


/** Custom column layouts of a table (spec: custom_field_key / custom_field_val). */
export async function tableColumnRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { route: string; custom_field_key: string } }>(
    '/api/table-columns',
    { schema: { querystring: { type: 'object', required: ['route', 'custom_field_key'], properties: keyProps } } },
    async (req) => {
      const s = req.session!;
      const [row] = await app.db.query<{ custom_field_val: string }>(
        `SELECT custom_field_val FROM custom_column_config
          WHERE tenant_id = $1 AND client_type = $2 AND route = $3 AND owner_key = $4 AND custom_field_key = $5`,
        [s.tenant_id, s.client, req.query.route, ownerKey(s), req.query.custom_field_key],
      );
      return ok({ list: row ? (JSON.parse(row.custom_field_val) as ColumnSetting[]) : [] });
    },
  );

  app.post<{ Body: { route: string; custom_field_key: string; custom_field_val: ColumnSetting[] | string } }>(
    '/api/table-columns',
    {
      schema: {
        body: {
          type: 'object',
          required: ['route', 'custom_field_key', 'custom_field_val'],
          additionalProperties: false,
          properties: { ...keyProps, custom_field_val: { anyOf: [{ type: 'string', maxLength: 50000 }, { type: 'array' }] } },
        },
      },
    },
    async (req) => {
      const s = req.session!;
      const columns = parseColumns(req.body.custom_field_val);
      const params = [s.tenant_id, s.client, req.body.route, ownerKey(s), req.body.custom_field_key];
      const value = JSON.stringify(columns);
      // an upsert: two first saves at once (two tabs) must not both insert (PostgreSQL); in a
      // transaction so that DuckDB queues it behind the other writes instead of failing on a conflict
      await app.db.transaction((tx) =>
        tx.query(
          `INSERT INTO custom_column_config (tenant_id, client_type, route, owner_key, custom_field_key, custom_field_val, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, CAST($7 AS TIMESTAMP))
           ON CONFLICT (tenant_id, client_type, route, owner_key, custom_field_key)
           DO UPDATE SET custom_field_val = EXCLUDED.custom_field_val, updated_at = EXCLUDED.updated_at`,
          [...params, value, sqlTimestamp()],
        ),
      );
      return ok({ list: columns });
    },
  );
}

/** The value arrives as JSON text (spec) or as an array; either way it must be a clean column list. */
export function parseColumns(raw: ColumnSetting[] | string): ColumnSetting[] {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('BAD_COLUMNS', '列配置格式错误：不是有效的 JSON');
    }
  }
  if (!Array.isArray(value) || value.length > MAX_COLUMNS) throw badRequest('BAD_COLUMNS', '列配置格式错误：应为列的列表');
  const seen = new Set<string>();
  return value.map((c) => {
    const col = c as Partial<ColumnSetting>;
    if (typeof col?.prop !== 'string' || !/^[A-Za-z0-9_]{1,100}$/.test(col.prop) || typeof col.isShow !== 'boolean') {
      throw badRequest('BAD_COLUMNS', '列配置格式错误：每列需要 prop 和 isShow');
    }
    if (seen.has(col.prop)) throw badRequest('BAD_COLUMNS', `列配置格式错误：列 ${col.prop} 重复`);
    seen.add(col.prop);
    const width = Number(col.minWidth ?? 100);
    return { prop: col.prop, isShow: col.isShow, minWidth: Number.isFinite(width) ? Math.min(2000, Math.max(40, Math.round(width))) : 100 };
  });
}

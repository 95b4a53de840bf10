import type { FastifyInstance } from 'fastify';
import { ENUMS, isDictCode, isEnumName, isOptionList } from '../../engine/options';
import { ok } from '../http/envelope';
import { forbidden, notFound } from '../http/errors';
import { optionListsByClient } from '../../engine/definition/option-lists';
import type { ClientType } from '../../engine/wire';
import { FIXED_LISTS, LIST_SQL, listQuery } from './lists';

const MAX_LIST = 5000;

const pageQuery = {
  type: 'object',
  properties: {
    page_num: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    page_size: { type: 'integer', minimum: 1, maximum: MAX_LIST, default: 1000 },
  },
};

/** Option lists and dictionaries behind report filters; always the session's tenant. */
export async function optionRoutes(app: FastifyInstance): Promise<void> {
  // read from the report catalogue on first use (it is loaded by the report routes)
  let offered: Map<ClientType, Set<string>> | null = null;
  const offeredTo = (client: ClientType) => (offered ??= optionListsByClient(app.reports.catalogue)).get(client);

  app.get<{ Params: { name: string }; Querystring: { page_num: number; page_size: number } }>(
    '/api/options/:name',
    { schema: { querystring: pageQuery } },
    async (req) => {
      const { name } = req.params;
      if (!isOptionList(name)) throw notFound('UNKNOWN_OPTION_LIST', `未知的选项列表：${name}`);
      if (!offeredTo(req.session!.client)?.has(name)) throw forbidden('OPTION_LIST_FORBIDDEN', '当前账号无权查看该列表');
      const fixed = FIXED_LISTS[name];
      if (fixed) return ok({ list: fixed, total: fixed.length });
      const { sql, params } = listQuery(name as keyof typeof LIST_SQL, req.session!);
      const { page_num, page_size } = req.query;
      const list = await app.db.query(`${sql} LIMIT ${page_size} OFFSET ${(page_num - 1) * page_size}`, params);
      return ok({ list, total: list.length });
    },
  );

  app.get<{ Querystring: { dic_code: string; page_num: number; page_size: number } }>(
    '/api/dict',
    {
      schema: {
        querystring: {
          ...pageQuery,
          required: ['dic_code'],
          properties: { ...pageQuery.properties, dic_code: { type: 'string', maxLength: 64 } },
        },
      },
    },
    async (req) => {
      const { dic_code, page_num, page_size } = req.query;
      if (!isDictCode(dic_code)) throw notFound('UNKNOWN_DICT_CODE', `未知的字典编码：${dic_code}`);
      const list = await app.db.query<{ dic_value: string; display_name_cn: string }>(
        `SELECT dic_value, display_name_cn, dic_value AS value, display_name_cn AS label FROM dictionary
          WHERE tenant_id = $1 AND dic_code = $2 ORDER BY sort, dic_value LIMIT ${page_size} OFFSET ${(page_num - 1) * page_size}`,
        [req.session!.tenant_id, dic_code],
      );
      return ok({ list, total: list.length });
    },
  );

  app.get<{ Params: { name: string } }>('/api/enums/:name', async (req) => {
    const { name } = req.params;
    if (!isEnumName(name)) throw notFound('UNKNOWN_ENUM', `未知的枚举：${name}`);
    return ok({ list: ENUMS[name], total: ENUMS[name].length });
  });
}

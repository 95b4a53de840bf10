import type { FastifyInstance } from 'fastify';
import { nowIn } from '../clock';
import { badRequest, notFound } from '../http/errors';
import { allRows, countRows, reportTitle, runTotalsRow } from '../export/report-export';
import { textLangOf } from '../report/config';
import { shapeRows, titleColumns } from '../report/runner';
import { RenderPool, renderLimitsFromEnv } from './render-pool';
import { printStyleRoutes } from './style-routes';
import { labelRoutes } from './label-routes';

/** A printed report stays readable: beyond this many rows the user exports instead. */
export const MAX_PRINT_ROWS = 5000;

interface PrintPayload {
  table_id: number;
  is_list?: number | string;
  operate_content?: { list?: unknown[] };
  print_json: { query: Record<string, unknown>; conditions?: { label: string; value: string }[] };
  export_type: number;
  service_type: string;
}

const printSchema = {
  body: {
    type: 'object',
    required: ['table_id', 'print_json', 'export_type', 'service_type'],
    properties: {
      table_id: { type: 'integer' },
      is_list: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 10 }] },
      operate_content: { type: 'object' },
      print_json: {
        type: 'object',
        required: ['query'],
        properties: {
          query: { type: 'object' },
          conditions: {
            type: 'array',
            maxItems: 30,
            items: {
              type: 'object',
              required: ['label', 'value'],
              properties: { label: { type: 'string', maxLength: 50 }, value: { type: 'string', maxLength: 200 } },
            },
          },
        },
      },
      export_type: { type: 'integer' },
      service_type: { type: 'string', maxLength: 32 },
    },
  },
};

/**
 * POST /api/reports/:table_id/print: the print payload → a PDF of the report rendered on the server;
 * and the print-style and price-label routes under /api/print.
 */
export async function printRoutes(app: FastifyInstance): Promise<void> {
  // PDFs are rendered on worker threads with time and memory limits, so a heavy print fails alone
  const pool = new RenderPool(renderLimitsFromEnv());
  app.addHook('onClose', () => pool.close());
  await app.register(printStyleRoutes, { pool });
  await app.register(labelRoutes);
  app.post<{ Params: { table_id: string }; Body: PrintPayload }>(
    '/api/reports/:table_id/print',
    { schema: printSchema },
    async (req, reply) => {
      if (!/^\d{1,9}$/.test(req.params.table_id)) throw notFound('REPORT_NOT_FOUND', '报表不存在');
      const body = req.body;
      const prepared = app.reports.prepare(req.session!, Number(req.params.table_id), body.print_json.query);
      const print = prepared.resolved.used.print;
      if (!print) throw badRequest('NO_PRINT_CONFIG', '该报表没有打印配置');
      if (print.export_type !== body.export_type) throw badRequest('BAD_EXPORT_TYPE', `打印类型应为 ${print.export_type}`);
      if ((await countRows(app, prepared)) > MAX_PRINT_ROWS) {
        throw badRequest('PRINT_TOO_LARGE', `打印数据超过${MAX_PRINT_ROWS}行，请添加查询条件或使用导出`);
      }
      const { compiled, resolved } = prepared;
      const lang = textLangOf(req.headers['accept-language']);
      const statement = allRows(compiled.page);
      const [rows, totals] = await Promise.all([app.db.scan(statement.sql, statement.params), runTotalsRow(app, prepared, lang)]);
      const title = reportTitle(prepared, lang);
      const table = {
        title,
        conditions: (body.print_json.conditions ?? []).map((c): [string, string] => [c.label, c.value]),
        columns: titleColumns(resolved.used, compiled.columns, lang),
        rows: shapeRows(rows, compiled.columns, lang),
        totals,
        printedAt: nowIn(),
        lang,
      };
      const pdf = await pool.render({ kind: 'table', table });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(title)}.pdf`)
        .send(pdf);
    },
  );
}

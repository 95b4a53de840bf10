import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { HttpError, notFound } from '../http/errors';

const listSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      page_num: { type: 'integer', minimum: 1, maximum: 100, default: 1 },
      page_size: { type: 'integer', enum: [10, 20, 30, 50, 100], default: 20 },
    },
  },
};

const idSchema = {
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
};

/** The import/export log (/j-system-leadingin): the account's jobs, their progress and their files. */
export async function jobRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page_num: number; page_size: number } }>('/api/jobs', { schema: listSchema }, async (req) =>
    ok(await app.jobs.list(req.session!, req.query.page_num, req.query.page_size)),
  );

  app.get<{ Params: { id: string } }>('/api/jobs/:id', { schema: idSchema }, async (req) => {
    const job = await app.jobs.get(req.session!, req.params.id);
    if (!job) throw notFound('JOB_NOT_FOUND', '任务不存在');
    const { file_path: _path, ...visible } = job;
    return ok(visible);
  });

  app.get<{ Params: { id: string } }>('/api/jobs/:id/download', { schema: idSchema }, async (req, reply) => {
    const job = await app.jobs.get(req.session!, req.params.id);
    if (!job) throw notFound('JOB_NOT_FOUND', '任务不存在');
    if (!job.has_file || !job.file_path) {
      throw new HttpError(409, 'JOB_NOT_READY', '文件尚未生成，请稍后在导入导出日志中下载');
    }
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(job.file_name)}`);
    return reply.send(createReadStream(job.file_path));
  });
}

import { createReadStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { UploadKind, UploadResult } from '../../engine/shell';
import { DEFAULT_DIRNAME, DEFAULT_MAX_BYTES, isAcceptedType, sizeLimitMessage, TYPE_MESSAGE_ZH } from '../../engine/upload';
import { sqlTimestamp } from '../clock';
import { ok } from '../http/envelope';
import { badRequest, HttpError, notFound } from '../http/errors';
import { readHead, saveMultipartFile } from '../http/receive-file';
import { plainFormText } from '../http/plain-input';
import { EXTENSIONS, safeDirname, safeFileName, sniffMime } from './upload.logic';

export const NO_FILE = '请选择要上传的文件';

export interface UploadOptions {
  /** largest accepted file (rule 300: 20 MB) */
  maxBytes?: number;
}

function fieldValue(file: MultipartFile, name: string): string | undefined {
  const field = file.fields[name] as MultipartValue | MultipartValue[] | undefined;
  const value = Array.isArray(field) ? field[0]?.value : field?.value;
  return typeof value === 'string' ? plainFormText(name, value) : undefined;
}

/**
 * POST /api/uploads (multipart: `file`, then optional `type` img|video, `dirname`; rule 303) and
 * GET /api/uploads/:id. Files live under <data dir>/uploads/<tenant>/<dirname>/ and are only ever
 * served to the tenant that uploaded them. The type is decided by the file's bytes.
 */
export async function uploadRoutes(app: FastifyInstance, opts: UploadOptions): Promise<void> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const root = join(app.config.filesDir, 'uploads');
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024 } });

  app.post<{ Querystring: { type?: string; dirname?: string } }>('/api/uploads', async (req) => {
    const session = req.session!;
    const file = await req.file({ limits: { fileSize: maxBytes } }).catch((err: Error & { statusCode?: number }) => {
      if (err.statusCode === 413) throw new HttpError(413, 'FILE_TOO_LARGE', sizeLimitMessage(maxBytes));
      throw badRequest('NOT_MULTIPART', NO_FILE);
    });
    if (!file) throw badRequest('NO_FILE', NO_FILE);
    const kindValue = fieldValue(file, 'type') ?? req.query.type ?? 'img';
    if (kindValue !== 'img' && kindValue !== 'video') throw badRequest('BAD_UPLOAD_TYPE', '上传类型只能是img或video');
    const kind: UploadKind = kindValue;
    const dirname = safeDirname(fieldValue(file, 'dirname') ?? req.query.dirname, DEFAULT_DIRNAME);

    const folder = join(root, String(session.tenant_id), dirname);
    mkdirSync(folder, { recursive: true });
    const id = randomUUID();
    const partial = join(folder, `${id}.part`);
    const size = await saveMultipartFile(file, partial, () => new HttpError(413, 'FILE_TOO_LARGE', sizeLimitMessage(maxBytes)));
    const mime = size > 0 ? sniffMime(readHead(partial)) : null;
    if (!mime || !isAcceptedType(kind, mime)) {
      rmSync(partial, { force: true });
      throw badRequest('UNSUPPORTED_FILE_TYPE', TYPE_MESSAGE_ZH[kind]);
    }
    const path = join(folder, `${id}.${EXTENSIONS[mime]}`);
    renameSync(partial, path);
    const name = safeFileName(file.filename);
    await app.db.query(
      `INSERT INTO upload_file (tenant_id, id, account_id, name, size, mime, path, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CAST($8 AS TIMESTAMP))`,
      [session.tenant_id, id, session.account_id, name, size, mime, path, sqlTimestamp()],
    );
    const url = `/api/uploads/${id}`;
    const body: UploadResult = { id, name, size, type: mime, ext: kind, url, save_url: url };
    return ok(body);
  });

  app.get<{ Params: { id: string } }>(
    '/api/uploads/:id',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } } },
    async (req, reply) => {
      const [row] = await app.db.query<{ mime: string; path: string; name: string }>(
        'SELECT mime, path, name FROM upload_file WHERE tenant_id = $1 AND id = $2',
        [req.session!.tenant_id, req.params.id],
      );
      if (!row || !existsSync(row.path)) throw notFound('UPLOAD_NOT_FOUND', '文件不存在');
      reply
        .header('content-type', row.mime)
        .header('cache-control', 'private, max-age=86400')
        // a stored file is shown, never run: no scripts, no plugins, even when opened on its own
        .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox; frame-ancestors 'none'")
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`);
      return reply.send(createReadStream(row.path));
    },
  );
}

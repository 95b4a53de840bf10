/**
 * A document's attachment list (building blocks §2, §5): up to the definition's file count, each
 * within its size and types, decided by the file's bytes. Files are stored per tenant and served
 * only to sessions that can see the document: images inline, everything else as a download, never
 * sniffed by the browser.
 */
import { createReadStream, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { DocumentFile } from '../../engine/document/types';
import type { AttachmentList, DocumentAttachment } from '../../engine/document/wire';
import { MIME_EXTENSIONS, sizeLimitMessage } from '../../engine/upload';
import type { ServerSession } from '../auth/session';
import { sqlTimestamp } from '../clock';
import { ok } from '../http/envelope';
import { badRequest, HttpError, notFound } from '../http/errors';
import { readHead, saveMultipartFile } from '../http/receive-file';
import { safeFileName, sniffMime } from '../shell/upload.logic';
import type { DocumentTypes } from './definitions';
import { documentFilesDir, removeLeftoverWorkFiles, removeStoredFiles, sniffDocumentMime, workFileName } from './files';
import { docParams } from './schemas';
import { getDocument, requireAction, requireUnchanged } from './service';

export const ATTACHMENT_MESSAGES = {
  noFile: '请选择要上传的文件',
  tooMany: (n: number) => `最多上传${n}个附件`,
  badType: '不支持该文件类型，请上传图片、PDF或Excel文件',
  notFound: '附件不存在',
} as const;

/** The sandboxing policy uploads are served with (server/shell/upload-routes.ts). */
export const ATTACHMENT_POLICY = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox; frame-ancestors 'none'";

interface AttachmentRow {
  id: string;
  name: string;
  size: number;
  mime: string;
  path: string;
  created_at: string;
}

function settings(def: DocumentFile) {
  if (!def.attachments) throw notFound('NO_ATTACHMENTS', '该单据不支持附件');
  return def.attachments;
}

const fileUrl = (def: DocumentFile, no: string, id: string) =>
  `/api/documents/${def.id}/${encodeURIComponent(no)}/attachments/${id}`;

function toWire(def: DocumentFile, no: string, r: AttachmentRow): DocumentAttachment {
  const url = fileUrl(def, no, r.id);
  return { id: r.id, name: r.name, size: Number(r.size), type: r.mime, ext: r.mime.startsWith('image/') ? 'img' : 'file', url, save_url: url, created_at: r.created_at };
}

type DocReq = { Params: { type: string; no: string } };
type FileReq = { Params: { type: string; no: string; id: string } };

export async function attachmentRoutes(app: FastifyInstance, { types }: { types: DocumentTypes }): Promise<void> {
  const largest = Math.max(0, ...[...types.all.values()].map((d) => d.attachments?.max_size ?? 0));
  await app.register(multipart, { limits: { fileSize: largest || 1, files: 1, fields: 5, fieldSize: 1024 } });
  removeLeftoverWorkFiles(app.config.filesDir, app.config.instanceId, 'attachments');

  const rowsOf = (session: ServerSession, def: DocumentFile, no: string) =>
    app.db.query<AttachmentRow>(
      `SELECT id, name, size, mime, path, created_at FROM document_attachment
        WHERE tenant_id = $1 AND business_type = $2 AND business_no = $3 ORDER BY created_at, id`,
      [session.tenant_id, def.id, no],
    );

  app.get<DocReq>('/api/documents/:type/:no/attachments', { schema: { params: docParams } }, async (req) => {
    const def = types.resolve(req.session!, req.params.type);
    const conf = settings(def);
    await getDocument(app.db, def, req.session!, req.params.no);
    const rows = await rowsOf(req.session!, def, req.params.no);
    const body: AttachmentList = { list: rows.map((r) => toWire(def, req.params.no, r)), max_files: conf.max_files, max_size: conf.max_size, accept: conf.accept };
    return ok(body);
  });

  app.post<DocReq>('/api/documents/:type/:no/attachments', { schema: { params: docParams } }, async (req) => {
    const session = req.session!;
    const def = types.resolve(session, req.params.type);
    const conf = settings(def);
    const doc = await getDocument(app.db, def, session, req.params.no);
    requireAction(def, doc, 'attach');
    if (doc.attachment_count >= conf.max_files) throw badRequest('TOO_MANY_FILES', ATTACHMENT_MESSAGES.tooMany(conf.max_files));

    const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', sizeLimitMessage(conf.max_size));
    const file = await req.file({ limits: { fileSize: conf.max_size } }).catch((err: Error & { statusCode?: number }) => {
      if (err.statusCode === 413) throw tooLarge();
      throw badRequest('NOT_MULTIPART', ATTACHMENT_MESSAGES.noFile);
    });
    if (!file) throw badRequest('NO_FILE', ATTACHMENT_MESSAGES.noFile);
    const folder = documentFilesDir(app.config.filesDir, session.tenant_id, 'attachments');
    const id = randomUUID();
    const partial = join(folder, workFileName(app.config.instanceId, 'part'));
    const size = await saveMultipartFile(file, partial, tooLarge);
    const name = safeFileName(file.filename);
    const mime = size > 0 ? sniffDocumentMime(readHead(partial), name, sniffMime) : null;
    if (!mime || !conf.accept.includes(mime)) {
      rmSync(partial, { force: true });
      throw badRequest('UNSUPPORTED_FILE_TYPE', ATTACHMENT_MESSAGES.badType);
    }
    const path = join(folder, `${id}.${MIME_EXTENSIONS[mime] ?? 'bin'}`);
    renameSync(partial, path);
    try {
      await app.db.transaction(async (tx) => {
        // the limit is checked against the document's row, locked: concurrent uploads take turns
        await requireUnchanged(tx, def, session.tenant_id, req.params.no, doc.status);
        const [{ n }] = await tx.query<{ n: number }>(
          'SELECT count(*) AS n FROM document_attachment WHERE tenant_id = $1 AND business_type = $2 AND business_no = $3',
          [session.tenant_id, def.id, req.params.no],
        );
        if (Number(n) >= conf.max_files) throw badRequest('TOO_MANY_FILES', ATTACHMENT_MESSAGES.tooMany(conf.max_files));
        await tx.query(
          `INSERT INTO document_attachment (tenant_id, id, business_type, business_no, account_id, name, size, mime, path, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CAST($10 AS TIMESTAMP))`,
          [session.tenant_id, id, def.id, req.params.no, session.account_id, name, size, mime, path, sqlTimestamp()],
        );
      });
    } catch (err) {
      rmSync(path, { force: true });
      throw err;
    }
    const [row] = (await rowsOf(session, def, req.params.no)).filter((r) => r.id === id);
    return ok(toWire(def, req.params.no, row));
  });

  app.delete<DocReq & { Querystring: { id: string } }>(
    '/api/documents/:type/:no/attachments',
    {
      schema: {
        params: docParams,
        querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
      },
    },
    async (req) => {
      const session = req.session!;
      const def = types.resolve(session, req.params.type);
      settings(def);
      const doc = await getDocument(app.db, def, session, req.params.no);
      requireAction(def, doc, 'attach');
      // a document approved meanwhile keeps its attachments
      const gone = await app.db.transaction(async (tx) => {
        await requireUnchanged(tx, def, session.tenant_id, req.params.no, doc.status);
        return tx.query<{ path: string }>(
          'DELETE FROM document_attachment WHERE tenant_id = $1 AND business_type = $2 AND business_no = $3 AND id = $4 RETURNING path',
          [session.tenant_id, def.id, req.params.no, req.query.id],
        );
      });
      if (!gone.length) throw notFound('ATTACHMENT_NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
      removeStoredFiles(gone.map((g) => g.path));
      return ok({ id: req.query.id });
    },
  );

  app.get<FileReq>(
    '/api/documents/:type/:no/attachments/:id',
    { schema: { params: { ...docParams, required: [...docParams.required, 'id'], properties: { ...docParams.properties, id: { type: 'string', format: 'uuid' } } } } },
    async (req, reply) => {
      const session = req.session!;
      const def = types.resolve(session, req.params.type);
      settings(def);
      await getDocument(app.db, def, session, req.params.no);
      const [row] = (await rowsOf(session, def, req.params.no)).filter((r) => r.id === req.params.id);
      if (!row || !existsSync(row.path)) throw notFound('ATTACHMENT_NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
      const disposition = row.mime.startsWith('image/') ? 'inline' : 'attachment';
      reply
        .header('content-type', row.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        // a stored file is shown, never run: no scripts, no plugins, even when opened on its own (as uploads)
        .header('content-security-policy', ATTACHMENT_POLICY)
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(row.name)}`);
      return reply.send(createReadStream(row.path));
    },
  );
}

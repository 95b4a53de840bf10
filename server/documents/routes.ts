/**
 * Document endpoints: the types a session may open, the list, and one document's read,
 * create, edit, delete, submit, audit and approval records. Attachments, lots and import register
 * their own routes beside these.
 */
import type { FastifyInstance } from 'fastify';
import { documentRoute } from '../../engine/document/menu';
import type { AuditBody, DocumentTypeItem, DocumentWriteBody } from '../../engine/document/wire';
import { ok } from '../http/envelope';
import { idempotent } from '../http/idempotency';
import { attachmentRoutes } from './attachments';
import { documentTypes } from './definitions';
import { importRoutes } from './import-routes';
import { lotRoutes } from './lots';
import {
  approvalsOf,
  auditDocument,
  createDocument,
  deleteDocument,
  getDocument,
  listDocuments,
  loadDocumentOfType,
  submitDocument,
  updateDocument,
} from './service';
import { removeStoredFiles } from './files';
import { docParams, typeParams } from './schemas';

const writeBody = {
  type: 'object',
  required: ['header', 'lines'],
  additionalProperties: false,
  properties: {
    header: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] } },
    lines: { type: 'array', maxItems: 1000, items: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] } } },
    submit: { type: 'boolean' },
  },
} as const;

const listQuery = {
  type: 'object',
  properties: {
    page_num: { type: 'integer', minimum: 1, default: 1 },
    page_size: { type: 'integer', minimum: 1, default: 20 },
    order_by: { type: 'string', maxLength: 64 },
  },
  additionalProperties: { type: 'string', maxLength: 2000 },
} as const;

const auditBody = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { type: 'string', maxLength: 1 }, remark: { type: 'string', maxLength: 1000 } },
} as const;

type TypeReq = { Params: { type: string } };
type DocReq = { Params: { type: string; no: string } };

export async function documentRoutes(app: FastifyInstance): Promise<void> {
  const types = documentTypes();

  app.get('/api/documents', async (req) => {
    const list: DocumentTypeItem[] = types.visibleTo(req.session!).map((d) => ({
      type: d.id,
      title: d.title.zh,
      title_en: d.title.en,
      route: documentRoute(d.id),
      definition: d,
    }));
    return ok({ list });
  });

  app.get<TypeReq & { Querystring: Record<string, string> & { page_num: number; page_size: number; order_by?: string } }>(
    '/api/documents/:type',
    { schema: { params: typeParams, querystring: listQuery } },
    async (req) => {
      const def = types.resolve(req.session!, req.params.type);
      const { page_num, page_size, order_by, ...filters } = req.query;
      return ok(await listDocuments(app.db, def, req.session!, { page_num, page_size, order_by, filters }));
    },
  );

  app.post<TypeReq & { Body: DocumentWriteBody }>(
    '/api/documents/:type',
    { schema: { params: typeParams, body: writeBody } },
    idempotent(async (req, _reply, seal) => {
      const def = types.resolve(req.session!, req.params.type);
      return createDocument(app.db, def, req.session!, req.body, async (tx, no) => seal(tx, ok(await getDocument(tx, def, req.session!, no))));
    }),
  );

  app.get<DocReq>('/api/documents/:type/:no', { schema: { params: docParams } }, async (req) =>
    ok(await loadDocumentOfType(app.db, req.session!, req.params.type, req.params.no)),
  );

  app.put<DocReq & { Body: DocumentWriteBody }>('/api/documents/:type/:no', { schema: { params: docParams, body: writeBody } }, async (req) => {
    const def = types.resolve(req.session!, req.params.type);
    await updateDocument(app.db, def, req.session!, req.params.no, req.body);
    return ok(await getDocument(app.db, def, req.session!, req.params.no));
  });

  app.delete<DocReq>('/api/documents/:type/:no', { schema: { params: docParams } }, async (req) => {
    const def = types.resolve(req.session!, req.params.type);
    removeStoredFiles(await deleteDocument(app.db, def, req.session!, req.params.no));
    return ok({ no: req.params.no });
  });

  app.post<DocReq>('/api/documents/:type/:no/submit', { schema: { params: docParams } }, async (req) => {
    const def = types.resolve(req.session!, req.params.type);
    await submitDocument(app.db, def, req.session!, req.params.no);
    return ok(await getDocument(app.db, def, req.session!, req.params.no));
  });

  app.post<DocReq & { Body: AuditBody }>('/api/documents/:type/:no/audit', { schema: { params: docParams, body: auditBody } }, async (req) => {
    const def = types.resolve(req.session!, req.params.type);
    await auditDocument(app.db, def, req.session!, req.params.no, req.body);
    return ok(await getDocument(app.db, def, req.session!, req.params.no));
  });

  app.get<DocReq>('/api/documents/:type/:no/approvals', { schema: { params: docParams } }, async (req) => {
    const def = types.resolve(req.session!, req.params.type);
    return ok({ list: await approvalsOf(app.db, def, req.session!, req.params.no) });
  });

  await app.register(attachmentRoutes, { types });
  await app.register(lotRoutes, { types });
  await app.register(importRoutes, { types });
}

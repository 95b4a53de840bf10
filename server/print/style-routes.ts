import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { documentForPrint } from '../../engine/print/document';
import {
  actorOf,
  alreadyDefaultMessage,
  canSee,
  HQ_PROVIDER,
  PRINT_LIST_PAGE_SIZE,
  PRINT_MAX_DOCUMENTS,
  PRINT_SOURCE_TYPES,
  PRINT_STYLES_MENU_ID,
  refuseDelete,
  refuseEdit,
  refusePublish,
  refuseSetDefault,
  STYLE_FILE_MAX_BYTES,
  STYLE_MESSAGES,
  STYLE_NAME_MAX,
  type PrintDocumentRef,
  type PrintStyle,
  type StyleActor,
  type StyleCustom,
} from '../../engine/print/styles';
import type { ServerSession } from '../auth/session';
import { nowIn, sqlTimestamp } from '../clock';
import type { Db } from '../db/types';
import { ok } from '../http/envelope';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { MAX_ID, MAX_INT } from '../http/limits';
import { loadDocumentOfType } from '../documents';
import { documentTypes } from '../documents/definitions';
import { readTemplate } from './layout-check';
import type { RenderPool } from './render-pool';
import { formBody, sha256Of, type FormFile } from '../http/form-body';
import { idempotentForm } from '../http/idempotency';
import { lockTenant } from '../db/tenant-lock';
import { plainFormText } from '../http/plain-input';

const BUILT_DIR = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'report-defs', 'print-styles');
const STYLE_NOT_FOUND = '打印样式不存在或无权查看';

/** The shipped styles, by file name (`<source_type>-<n>.json`); the first of a type is its built-in model. */
function loadBuiltModels(): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(BUILT_DIR).filter((n) => /^\d+-\d+\.json$/.test(n)).sort()) out.set(f, readFileSync(join(BUILT_DIR, f), 'utf8'));
  return out;
}

interface StyleRow extends Omit<PrintStyle, 'is_default_text' | 'file' | 'templet_path'> {
  file_name: string;
}

const STYLE_COLUMNS = `id, report_name, source_type, COALESCE(description, '') AS description, is_default, custom, is_hmd_show,
  COALESCE(is_hms_show, 0) AS is_hms_show, provider_no, store_no, COALESCE(file_name, '') AS file_name, COALESCE(created_by_text, created_by, '') AS created_by_text,
  COALESCE(CAST(created_at AS VARCHAR), '') AS created_at, COALESCE(updated_by_text, updated_by, '') AS updated_by_text,
  COALESCE(CAST(last_modify AS VARCHAR), '') AS last_modify`;

/** Rows this actor may see: its own, and what headquarters published to its side (SQL for canSee). */
function visibleWhere(actor: StyleActor, first: number): { sql: string; params: unknown[] } {
  if (actor.client === 'HMT') return { sql: `provider_no = $${first}`, params: [HQ_PROVIDER] };
  const flag = actor.client === 'HMD' ? 'is_hmd_show' : 'is_hms_show';
  return { sql: `(provider_no = $${first} OR (provider_no = $${first + 1} AND ${flag} = 1))`, params: [actor.provider_no, HQ_PROVIDER] };
}

function shape(row: StyleRow, isDefault: boolean): PrintStyle {
  const { file_name, ...rest } = row;
  return {
    ...rest,
    id: Number(row.id),
    source_type: Number(row.source_type),
    is_default: isDefault ? 1 : 0,
    is_default_text: isDefault ? '是' : '否',
    custom: Number(row.custom) as StyleCustom,
    is_hmd_show: Number(row.is_hmd_show) as 0 | 1,
    is_hms_show: Number(row.is_hms_show) as 0 | 1,
    created_at: row.created_at.slice(0, 19),
    last_modify: row.last_modify.slice(0, 19),
    templet_path: `/api/print/model_file?id=${row.id}`,
    file: file_name,
  };
}

async function findStyle(db: Db, session: ServerSession, id: number): Promise<StyleRow & { template: string | null }> {
  const [row] = await db.query<StyleRow & { template: string | null }>(
    `SELECT ${STYLE_COLUMNS}, template FROM print_style WHERE tenant_id = $1 AND id = $2`,
    [session.tenant_id, id],
  );
  const actor = actorOf(session);
  if (!row || !canSee(actor, { ...row, is_hmd_show: Number(row.is_hmd_show) as 0 | 1, is_hms_show: Number(row.is_hms_show) as 0 | 1 })) {
    throw notFound('PRINT_STYLE_NOT_FOUND', STYLE_NOT_FOUND);
  }
  return { ...row, is_hmd_show: Number(row.is_hmd_show) as 0 | 1, is_hms_show: Number(row.is_hms_show) as 0 | 1 };
}

const sourceTypeOk = (t: number) => PRINT_SOURCE_TYPES.some((s) => s.source_type === t);

interface StyleForm {
  id?: number;
  report_name: string;
  description: string;
  source_type: number;
  is_default: boolean;
  custom: StyleCustom;
  file?: { name: string; text: string };
}

/**
 * Reads the multipart form of set_print_model, refusing an oversized file before reading it whole;
 * with the form, what was sent (its Idempotency-Key fingerprint).
 */
async function readStyleForm(req: import('fastify').FastifyRequest): Promise<{ form: StyleForm; sent: unknown }> {
  const fields: Record<string, string> = {};
  const files: FormFile[] = [];
  let file: StyleForm['file'];
  let parts;
  try {
    parts = req.parts({ limits: { fileSize: STYLE_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
  } catch {
    throw badRequest('NOT_MULTIPART', STYLE_MESSAGES.fileRequired);
  }
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, 'FILE_TOO_LARGE', STYLE_MESSAGES.fileTooLarge);
        files.push({ field: part.fieldname, filename: part.filename, sha256: sha256Of(buf) });
        if (buf.length > 0) file = { name: plainFormText('filename', part.filename).slice(0, 200), text: buf.toString('utf8') };
      } else {
        fields[part.fieldname] = plainFormText(part.fieldname, String(part.value ?? ''));
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const e = err as Error & { statusCode?: number; code?: string };
    if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'FILE_TOO_LARGE', STYLE_MESSAGES.fileTooLarge);
    throw badRequest('BAD_MULTIPART', `上传内容无效：${e.message}`);
  }
  const name = (fields.report_name ?? '').trim();
  if (!name) throw badRequest('STYLE_NAME_REQUIRED', STYLE_MESSAGES.nameRequired);
  if ([...name].length > STYLE_NAME_MAX) throw badRequest('STYLE_NAME_TOO_LONG', STYLE_MESSAGES.nameTooLong);
  const sourceType = Number(fields.source_type);
  if (!Number.isInteger(sourceType) || !sourceTypeOk(sourceType)) throw badRequest('BAD_SOURCE_TYPE', '单据类型不存在');
  const custom = Number(fields.custom ?? 0);
  if (![0, 1, 2].includes(custom)) throw badRequest('BAD_CUSTOM', '显示范围只能是0、1或2');
  const id = fields.id ? Number(fields.id) : undefined;
  if (id !== undefined && !(Number.isInteger(id) && id > 0 && id <= MAX_ID)) throw badRequest('BAD_ID', '样式编号无效');
  const form: StyleForm = {
    id,
    report_name: name,
    description: (fields.description ?? '').slice(0, 200),
    source_type: sourceType,
    is_default: fields.is_default === '1',
    custom: custom as StyleCustom,
    file,
  };
  return { form, sent: formBody(Object.entries(fields), files) };
}

const idQuery = {
  querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID } } },
};

/** Adding, changing, defaulting and deleting styles needs the print-style permission. */
function requireStylePermission(session: ServerSession): void {
  if (!session.permissions.has(PRINT_STYLES_MENU_ID)) throw forbidden('NO_PERMISSION', '没有打印样式的权限');
}

/**
 * Print styles of documents (building blocks §3–§8): list, add/edit with a
 * template file, set default, delete, built-in models, and printing documents with a style to PDF.
 */
export async function printStyleRoutes(app: FastifyInstance, { pool }: { pool: RenderPool }): Promise<void> {
  await app.register(multipart);
  const built = loadBuiltModels();

  /** A style write whose rules are read inside it, after the tenant's earlier style writes committed. */
  const writeStyles = <T>(session: ServerSession, fn: (tx: Db) => Promise<T>): Promise<T> =>
    app.db.transaction(async (tx) => {
      await lockTenant(tx, 'printStyles', session.tenant_id);
      return fn(tx);
    });

  // only the types of documents this session has: a supplier's page offers the purchase receipt alone
  app.get('/api/print/source_types', async (req) => {
    const own = new Set(documentTypes().visibleTo(req.session!).map((d) => d.print?.source_type));
    return ok(PRINT_SOURCE_TYPES.filter((t) => own.has(t.source_type)));
  });

  app.get<{ Querystring: { source_type: number; page_num?: number; page_size?: number } }>(
    '/api/print/print_model_list',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['source_type'],
          properties: {
            source_type: { type: 'integer', minimum: 0, maximum: MAX_INT },
            page_num: { type: 'integer', minimum: 1, maximum: 100 },
            page_size: { type: 'integer', minimum: 1, maximum: 500 },
          },
        },
      },
    },
    async (req) => {
      const session = req.session!;
      const actor = actorOf(session);
      const size = req.query.page_size ?? PRINT_LIST_PAGE_SIZE;
      const page = req.query.page_num ?? 1;
      const where = visibleWhere(actor, 3);
      const base = `FROM print_style WHERE tenant_id = $1 AND source_type = $2 AND ${where.sql}`;
      const params = [session.tenant_id, req.query.source_type, ...where.params];
      const [{ n }] = await app.db.query<{ n: number }>(`SELECT COUNT(*) AS n ${base}`, params);
      // the viewer's own default wins; without one, the default headquarters published counts
      const [own] = await app.db.query<{ n: number }>(`SELECT COUNT(*) AS n ${base} AND provider_no = $${params.length + 1} AND is_default = 1`, [...params, actor.provider_no]);
      // the viewer's own default leads (it is the one pre-ticked), then a published default, then by age
      const rows = await app.db.query<StyleRow>(
        `SELECT ${STYLE_COLUMNS} ${base}
          ORDER BY CASE WHEN is_default = 1 AND provider_no = $${params.length + 1} THEN 0 WHEN is_default = 1 THEN 1 ELSE 2 END, id
          LIMIT ${size} OFFSET ${(page - 1) * size}`,
        [...params, actor.provider_no],
      );
      const list = rows.map((r) => shape(r, Number(r.is_default) === 1 && (r.provider_no === actor.provider_no || Number(own.n) === 0)));
      return ok({ list, total: Number(n) });
    },
  );

  app.post('/api/print/set_print_model', idempotentForm(async (req, _reply, claim) => {
    const session = req.session!;
    requireStylePermission(session);
    const actor = actorOf(session);
    const { form, sent } = await readStyleForm(req);
    const seal = await claim(sent);
    const now = sqlTimestamp();
    const flags = [form.custom, form.custom === 1 ? 1 : 0, form.custom === 2 ? 1 : 0];
    const saved = (id: number) => ok({ id }, STYLE_MESSAGES.saved);
    return writeStyles(session, async (tx) => {
      // a style this actor may not change is refused as such first: a supplier's form of a published
      // style carries its publish flag, which would otherwise be refused for publishing
      const existing = form.id ? await findStyle(tx, session, form.id) : null;
      if (existing) {
        const refusal = refuseEdit(actor, existing);
        if (refusal) throw forbidden('PRINT_STYLE_EDIT_REFUSED', refusal);
      }
      const publishRefusal = refusePublish(actor, form.custom, form.source_type);
      if (publishRefusal) throw forbidden('PRINT_PUBLISH_REFUSED', publishRefusal);
      if (!form.id && !form.file) throw badRequest('STYLE_FILE_REQUIRED', STYLE_MESSAGES.fileRequired);
      if (form.file) {
        const parsed = readTemplate(form.file.text);
        if (!parsed.ok) throw new HttpError(400, 'BAD_PRINT_TEMPLATE', parsed.message, parsed.en);
      }
      if (form.is_default) {
        await tx.query('UPDATE print_style SET is_default = 0 WHERE tenant_id = $1 AND source_type = $2 AND provider_no = $3', [
          session.tenant_id,
          form.source_type,
          actor.provider_no,
        ]);
      }
      if (existing) {
        await tx.query(
          `UPDATE print_style SET report_name = $3, description = $4, source_type = $5, custom = $6, is_hmd_show = $7, is_hms_show = $8,
                  file_name = $9, template = $10, updated_by_text = $11, last_modify = CAST($12 AS TIMESTAMP)${form.is_default ? ', is_default = 1' : ''}
            WHERE tenant_id = $1 AND id = $2`,
          [session.tenant_id, existing.id, form.report_name, form.description, form.source_type, ...flags,
            form.file?.name ?? existing.file_name, form.file?.text ?? existing.template, session.account_name, now],
        );
        return seal(tx, saved(Number(existing.id)));
      }
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO print_style (tenant_id, source_type, report_name, description, is_default, custom, is_hmd_show, is_hms_show,
                                  provider_no, store_no, client_type, file_name, template, created_by, created_by_text, created_at,
                                  updated_by_text, last_modify)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, CAST($16 AS TIMESTAMP), $15, CAST($16 AS TIMESTAMP))
         RETURNING id`,
        [session.tenant_id, form.source_type, form.report_name, form.description, form.is_default ? 1 : 0, ...flags, actor.provider_no,
          actor.client === 'HMD' ? actor.provider_no : HQ_PROVIDER, actor.client, form.file!.name, form.file!.text, session.account_id,
          session.account_name, now],
      );
      return seal(tx, saved(Number(row.id)));
    });
  }));

  app.get<{ Querystring: { id: number } }>('/api/print/set_default', { schema: idQuery }, async (req) => {
    const session = req.session!;
    requireStylePermission(session);
    const actor = actorOf(session);
    await writeStyles(session, async (tx) => {
      const style = await findStyle(tx, session, req.query.id);
      const refusal = refuseSetDefault(actor, style);
      if (refusal) throw forbidden('PRINT_STYLE_DEFAULT_REFUSED', refusal);
      if (Number(style.is_default) === 1) throw badRequest('PRINT_STYLE_ALREADY_DEFAULT', alreadyDefaultMessage(style.report_name));
      await tx.query('UPDATE print_style SET is_default = 0 WHERE tenant_id = $1 AND source_type = $2 AND provider_no = $3', [
        session.tenant_id,
        style.source_type,
        style.provider_no,
      ]);
      await tx.query('UPDATE print_style SET is_default = 1 WHERE tenant_id = $1 AND id = $2', [session.tenant_id, style.id]);
    });
    return ok(null, STYLE_MESSAGES.defaultSet);
  });

  app.delete<{ Querystring: { id: number } }>('/api/print/del_model', { schema: idQuery }, async (req) => {
    const session = req.session!;
    requireStylePermission(session);
    await writeStyles(session, async (tx) => {
      const style = await findStyle(tx, session, req.query.id);
      const refusal = refuseDelete(actorOf(session), style);
      if (refusal) throw forbidden('PRINT_STYLE_DELETE_REFUSED', refusal);
      await tx.query('DELETE FROM print_style WHERE tenant_id = $1 AND id = $2', [session.tenant_id, style.id]);
    });
    return ok(null, STYLE_MESSAGES.deleted);
  });

  app.get<{ Querystring: { source_type: number } }>(
    '/api/print/download_built_model',
    { schema: { querystring: { type: 'object', required: ['source_type'], properties: { source_type: { type: 'integer', minimum: 0, maximum: MAX_INT } } } } },
    async (req) => {
      const file = `${req.query.source_type}-1.json`;
      if (!built.has(file)) throw notFound('NO_BUILT_MODEL', '该单据类型没有内置模板');
      return ok({ url: `/api/print/built_model/${file}` });
    },
  );

  // built-in models are product files, not tenant data: opened in a new tab without a token
  app.get<{ Params: { file: string } }>('/api/print/built_model/:file', { config: { public: true } }, async (req, reply) => {
    const text = built.get(req.params.file);
    if (!text) throw notFound('NO_BUILT_MODEL', '该单据类型没有内置模板');
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${req.params.file}"`)
      .send(text);
  });

  app.get<{ Querystring: { id: number } }>('/api/print/model_file', { schema: idQuery }, async (req, reply) => {
    const style = await findStyle(app.db, req.session!, req.query.id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(style.file_name)}`)
      .send(style.template ?? '');
  });

  app.post<{ Body: { id: number; list: PrintDocumentRef[] } }>(
    '/api/print/down_data',
    {
      schema: {
        body: {
          type: 'object',
          required: ['id', 'list'],
          properties: {
            id: { type: 'integer', minimum: 1, maximum: MAX_ID },
            list: {
              type: 'array',
              minItems: 1,
              maxItems: PRINT_MAX_DOCUMENTS,
              items: {
                type: 'object',
                required: ['type', 'no'],
                additionalProperties: false,
                properties: { type: { type: 'string', maxLength: 64 }, no: { type: 'string', minLength: 1, maxLength: 64 } },
              },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const style = await findStyle(app.db, session, req.body.id);
      if (!style.template) throw badRequest('NO_PRINT_TEMPLATE', '该样式没有模板文件，请编辑样式并上传模板');
      // a style stored before layouts were checked is refused here, before it reaches the renderer
      const parsed = readTemplate(style.template);
      if (!parsed.ok) throw new HttpError(400, 'BAD_PRINT_TEMPLATE', parsed.message, parsed.en);
      const printedAt = nowIn();
      // the browser names documents only: what is printed is read here, within the session's scope;
      // a document listed several times is read once and printed as often as listed
      const documents = [];
      const index = new Map<string, number>();
      const order: number[] = [];
      for (const ref of req.body.list) {
        const key = `${ref.type}\u0000${ref.no}`;
        if (!index.has(key)) {
          const def = documentTypes().resolve(session, ref.type);
          if (def.print?.source_type !== Number(style.source_type)) {
            throw badRequest('PRINT_STYLE_WRONG_TYPE', `打印样式「${style.report_name}」不能打印${def.title.zh}`);
          }
          index.set(key, documents.length);
          documents.push(documentForPrint(def, await loadDocumentOfType(app.db, session, ref.type, ref.no).catch(notFoundNamed(ref.no)), printedAt));
        }
        order.push(index.get(key)!);
      }
      const pdf = await pool.render({ kind: 'documents', template: parsed.template, documents, order });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(style.report_name)}.pdf`)
        .send(pdf);
    },
  );
}

/** A missing document is named in the message, so the user knows which of several to look for. */
const notFoundNamed = (no: string) => (err: unknown) => {
  if (err instanceof HttpError && err.statusCode === 404) throw notFound(err.code, `单据不存在或无权查看：${no}`);
  throw err;
};

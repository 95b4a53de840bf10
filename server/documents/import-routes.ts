/**
 * Line import (building blocks §5, §7): GET /api/import/item?type= gives the template and the
 * parameters, GET /api/import/template?type= the template file, POST /api/import/{type} (multipart:
 * `no`, then `file`) checks the file, reads its sheet on the import's reading thread (bounded in time
 * and memory, import-pool.ts) and starts an import job in the job runner with the rows read. The job
 * checks every row, and either adds all lines in one transaction or writes nothing and leaves an error
 * file naming the rows.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { DocumentFile } from '../../engine/document/types';
import type { ImportItem, ImportStarted } from '../../engine/document/wire';
import { MAX_DOCUMENT_LINES } from '../../engine/document/limits';
import { sizeLimit } from '../../engine/upload';
import type { ServerSession } from '../auth/session';
import { ok } from '../http/envelope';
import { badRequest, HttpError, notFound } from '../http/errors';
import { readHead, saveMultipartFile } from '../http/receive-file';
import type { DocumentTypes } from './definitions';
import { documentFilesDir, removeLeftoverWorkFiles, workFileName } from './files';
import { checkRows, fittingRows, headingOf, importColumns, IMPORT_MESSAGES, templateBuffer, writeErrorFile } from './import-lines';
import { ImportPool, importLimitsFromEnv } from './import-pool';
import { IMPORT_REFUSALS, refusalError } from './import-refusals';
import { holdsEncryptedPackage, isCompoundFile } from './encrypted-file';
import { MAX_ENTRIES } from './zip-directory';
import { unpickableRows } from './lookups';
import { appendLines, getDocument, requireAction } from './service';
import { fieldsBefore, fileHash, formBody } from '../http/form-body';
import { idempotentForm } from '../http/idempotency';
import { zipBounds } from './zip-bounds';
import { plainFormText } from '../http/plain-input';

/** Building blocks §5: 52428800 bytes unless the definition says otherwise. */
export const DEFAULT_IMPORT_MAX = 52428800;
export const IMPORT_ACCEPT = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'];

export const IMPORT_UPLOAD_MESSAGES = {
  noFile: '请输入选择文件',
  tooLarge: (max: number) => {
    const { n, unit } = sizeLimit(max);
    return `请选择小于${n}${unit}的文件`;
  },
  badType: '请选择xlsx或xls格式的文件',
  xls: '暂不支持读取xls格式的文件，请在Excel中另存为xlsx后再导入',
  noDocument: '请先保存单据再导入明细',
  inflatesTooLarge: '文件解压后超过256MB，请删去与导入无关的内容后再导入',
} as const;

/** The answer to a started import, sealed with its idempotency key in the job's own transaction. */
const started = (job_id: string) => ok<ImportStarted>({ job_id });

/** What an import file may inflate to: a 1,000-line sheet is a few megabytes; a zip bomb is refused. */
export const MAX_INFLATED = 256 * 1024 * 1024;

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * What the upload is by its name and first bytes. An xls file is recognised but refused with its own
 * message: no maintained reader of the old binary format is in use, and a clear refusal beats a
 * job that fails later. A password-protected xlsx comes in the xls container and is told apart by
 * its encrypted package.
 */
async function spreadsheetKind(path: string, name: string): Promise<'xlsx' | 'xls' | 'encrypted' | null> {
  const head = Buffer.from(readHead(path, 8));
  const xlsx = /\.xlsx$/i.test(name);
  if (xlsx && XLSX_MAGIC.every((b, i) => head[i] === b)) return 'xlsx';
  if ((xlsx || /\.xls$/i.test(name)) && isCompoundFile(head)) return (await holdsEncryptedPackage(path)) ? 'encrypted' : xlsx ? null : 'xls';
  return null;
}

/** The document type whose definition imports under this type, if the session may open it. */
function importDefinition(types: DocumentTypes, session: ServerSession, type: string): DocumentFile {
  const def = [...types.all.values()].find((d) => d.import?.type === type);
  if (!def) throw notFound('IMPORT_TYPE_NOT_FOUND', '导入类型不存在');
  return types.resolve(session, def.id);
}

const maxOf = (def: DocumentFile) => def.import?.max_size ?? DEFAULT_IMPORT_MAX;

const typeQuery = {
  querystring: { type: 'object', required: ['type'], properties: { type: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,63}$' } } },
} as const;

export async function importRoutes(app: FastifyInstance, { types }: { types: DocumentTypes }): Promise<void> {
  const largest = Math.max(DEFAULT_IMPORT_MAX, ...[...types.all.values()].map(maxOf));
  await app.register(multipart, { limits: { fileSize: largest, files: 1, fields: 5, fieldSize: 1024 } });
  // an import killed mid-way leaves its upload behind: gone at the next start
  removeLeftoverWorkFiles(app.config.filesDir, app.config.instanceId, 'imports');
  // sheets are read on a worker thread with time and memory limits, so no file stalls or swells the API
  const pool = new ImportPool(importLimitsFromEnv());
  app.addHook('onClose', () => pool.close());

  app.get<{ Querystring: { type: string } }>('/api/import/item', { schema: typeQuery }, async (req) => {
    const def = importDefinition(types, req.session!, req.query.type);
    const item: ImportItem = {
      type: req.query.type,
      title: `${def.title.zh}明细导入`,
      document_type: def.id,
      columns: importColumns(def).map((c) => ({ key: c.key, heading: headingOf(c), required: c.required ?? false })),
      template_url: `/api/import/template?type=${encodeURIComponent(req.query.type)}`,
      max_size: maxOf(def),
      accept: IMPORT_ACCEPT,
      notes: def.import?.notes?.zh ?? null,
    };
    return ok(item);
  });

  app.get<{ Querystring: { type: string } }>('/api/import/template', { schema: typeQuery }, async (req, reply) => {
    const def = importDefinition(types, req.session!, req.query.type);
    reply
      .header('content-type', IMPORT_ACCEPT[0])
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${def.title.zh}导入模板.xlsx`)}`);
    return reply.send(await templateBuffer(def));
  });

  app.post<{ Params: { type: string }; Querystring: { no?: string } }>(
    '/api/import/:type',
    {
      schema: {
        params: { type: 'object', required: ['type'], properties: { type: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,63}$' } } },
        querystring: { type: 'object', properties: { no: { type: 'string', minLength: 1, maxLength: 32 } } },
      },
    },
    idempotentForm(async (req, _reply, claim) => {
      const session = req.session!;
      const def = importDefinition(types, session, req.params.type);
      const max = maxOf(def);
      const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', IMPORT_UPLOAD_MESSAGES.tooLarge(max));
      const file = await req.file({ limits: { fileSize: max } }).catch((err: Error & { statusCode?: number }) => {
        if (err.statusCode === 413) throw tooLarge();
        throw badRequest('NO_FILE', IMPORT_UPLOAD_MESSAGES.noFile);
      });
      if (!file) throw badRequest('NO_FILE', IMPORT_UPLOAD_MESSAGES.noFile);
      try {
        plainFormText('filename', file.filename);
      } catch (err) {
        file.file.resume();
        throw err;
      }
      const field = file.fields.no as { value?: unknown } | undefined;
      const no = req.query.no ?? (typeof field?.value === 'string' ? plainFormText('no', field.value) : '');
      if (!no) {
        file.file.resume();
        throw badRequest('NO_DOCUMENT', IMPORT_UPLOAD_MESSAGES.noDocument);
      }
      const path = join(documentFilesDir(app.config.filesDir, session.tenant_id, 'imports'), workFileName(app.config.instanceId, 'upload'));
      const bytes = fileHash();
      if ((await saveMultipartFile(file, path, tooLarge, bytes)) === 0) {
        rmSync(path, { force: true });
        throw badRequest('NO_FILE', IMPORT_UPLOAD_MESSAGES.noFile);
      }
      // the upload is this request's until its sheet is read: refused, replayed, failed or read, it goes
      try {
        // the key is claimed once the whole form is read: a repeat answers the first job whatever the document's state now
        const seal = await claim(formBody(fieldsBefore(file.fields), [{ field: file.fieldname, filename: file.filename, sha256: bytes.digest('hex') }]));
        requireAction(def, await getDocument(app.db, def, session, no), 'import');
        const kind = await spreadsheetKind(path, file.filename);
        if (kind === 'encrypted') throw refusalError(IMPORT_REFUSALS.encrypted());
        if (kind !== 'xlsx') {
          throw kind === 'xls' ? badRequest('XLS_NOT_READABLE', IMPORT_UPLOAD_MESSAGES.xls) : badRequest('BAD_FILE_TYPE', IMPORT_UPLOAD_MESSAGES.badType);
        }
        const bounds = await zipBounds(path, MAX_INFLATED);
        if (bounds === 'too-large') throw badRequest('FILE_INFLATES_TOO_LARGE', IMPORT_UPLOAD_MESSAGES.inflatesTooLarge);
        if (bounds === 'too-many-entries') throw refusalError(IMPORT_REFUSALS.tooManyEntries(MAX_ENTRIES));
        if (bounds === 'unreadable') throw badRequest('FILE_UNREADABLE', IMPORT_MESSAGES.unreadable);
        // rows up to the document's limit are kept; whether the document can take them is the job's check
        const read = await pool.read({ path, columns: importColumns(def), max: MAX_DOCUMENT_LINES });
        rmSync(path, { force: true });
        if ('refusal' in read) throw refusalError(read.refusal);
        const jobId = await app.jobs.start({
          session,
          kind: 'import',
          type: req.params.type,
          tableId: null,
          title: `${def.title.zh}${no}明细导入`,
          expectedRows: 0,
          produce: async (errorFile, onProgress) => {
            if ('error' in read) return { rows: 0, note: read.error };
            // the line limit is checked against the lines the document has now, and again where the lines are written
            const doc = await getDocument(app.db, def, session, no);
            const sheet = fittingRows(read, { max: MAX_DOCUMENT_LINES, existing: doc.lines.length });
            if ('error' in sheet) return { rows: 0, note: sheet.error };
            const { lines, problems: rowProblems } = checkRows(def, sheet.rows);
            onProgress(sheet.rows.length);
            const problems = await appendLines(app.db, def, session, no, lines, async (tx, header) => {
              const found = [...rowProblems];
              // each code as its picker offers it for that row and the header as it stands now (a lot of the row's goods)
              for (const { row, field, value } of await unpickableRows(tx, session, importColumns(def), sheet.rows.map((r) => r.raw), header)) {
                const r = sheet.rows[row];
                if (!found.some((p) => p.row === r.row)) found.push({ row: r.row, raw: r.raw, message: `第${r.row}行：${field.label.zh}'${value}'不存在` });
              }
              return found.sort((a, b) => a.row - b.row);
            });
            if (problems.length) {
              await writeErrorFile(errorFile, def, problems);
              return { rows: 0, note: IMPORT_MESSAGES.rowErrors(problems.length) };
            }
            return lines.length;
          },
        }, (tx, id) => seal(tx, started(id)));
        return started(jobId);
      } catch (err) {
        rmSync(path, { force: true });
        throw err;
      }
    }),
  );
}

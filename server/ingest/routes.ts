/**
 * Data in over HTTP: the 数据接入 screen's API (head office: ingest keys, the load log, a load's rejects)
 * and the push API for tills and other systems, `POST /api/ingest/<table>`, which takes an ingest key
 * instead of a session and hands the body to the same loader as `npm run load` (docs/loading.md).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INGEST_MENU_ID, KEY_NAME_MAX, type IngestLogEntry } from '../../engine/ingest';
import { isShardRouter } from '../db/sharded';
import { ok } from '../http/envelope';
import type { Db } from '../db/types';
import { handleError } from '../http/error-handler';
import { HttpError, notFound } from '../http/errors';
import { idempotencyKeyOf, idempotent, idempotentForm } from '../http/idempotency';
import { checkPlainInput } from '../http/plain-input';
import { dataContract } from './contract-fs';
import { assertLive, callerOf, createKey, invalidKey, listKeys, revokeKey, tenantOfKey, type IngestCaller } from './keys';
import { loadFolder } from './load';
import { csvFiles, ndjsonFiles, PUSH_LIMITS, tooLarge, unpack } from './push-body';

const contract = dataContract();
/** the tables a key may be scoped to: master data and the facts the loader takes */
export const PUSHABLE = contract.supplied.filter((t) => t.kind === 'master' || t.loadable).map((t) => t.table);

const headOffice = (req: FastifyRequest) => {
  const s = req.session!;
  if (s.client !== 'HMT' || !s.permissions.has(INGEST_MENU_ID)) throw new HttpError(403, 'FORBIDDEN', '无权管理数据接入');
  return s;
};

const bearerOf = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';

/** Pushes per key and minute (HM_INGEST_RATE_PER_MIN, read per push): the rate limit counts by the key's hash. */
const ratePerMinute = () => Number(process.env.HM_INGEST_RATE_PER_MIN ?? 600);

export async function ingestRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/ingest-keys', async (req) => {
    const s = headOffice(req);
    return ok({ keys: await listKeys(app.db, s.tenant_id), tables: PUSHABLE });
  });

  app.post(
    '/api/ingest-keys',
    {
      schema: {
        body: {
          type: 'object',
          required: ['key_name', 'tables'],
          additionalProperties: false,
          properties: { key_name: { type: 'string', minLength: 1, maxLength: KEY_NAME_MAX }, tables: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string' } } },
        },
      },
    },
    idempotent(async (req, _reply, seal) => {
      const s = headOffice(req);
      const body = req.body as { key_name: string; tables: string[] };
      const name = body.key_name.trim();
      if (!name) throw new HttpError(400, 'INGEST_KEY_NAME', '请填写密钥名称');
      const unknown = body.tables.filter((t) => !PUSHABLE.includes(t));
      if (unknown.length) throw new HttpError(400, 'INGEST_UNKNOWN_TABLE', `不能推送的表：${unknown.join('、')}`, `tables that cannot be pushed: ${unknown.join(', ')}`);
      return ok(await createKey(app.db, s.tenant_id, s.account_id, name, [...new Set(body.tables)].sort(), seal));
    }),
  );

  app.post('/api/ingest-keys/:id/revoke', { schema: { params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } } } }, async (req) => {
    const s = headOffice(req);
    const { id } = req.params as { id: number };
    if (!(await revokeKey(app.db, s.tenant_id, s.account_id, id))) throw notFound('INGEST_KEY_NOT_FOUND', '密钥不存在或已停用');
    return ok(null);
  });

  app.get('/api/ingest-log', async (req) => {
    const s = headOffice(req);
    const rows = await app.db.query<Omit<IngestLogEntry, 'tables' | 'has_rejects'> & { tables: string; has_rejects: unknown }>(
      `SELECT l.log_id, l.source, k.key_name, l.tables, l.rows_accepted, l.rows_rejected, l.status, l.started_at, l.duration_ms, l.rejects IS NOT NULL AS has_rejects
         FROM ingest_log l LEFT JOIN ingest_key k ON k.tenant_id = l.tenant_id AND k.key_id = l.key_id
        WHERE l.tenant_id = $1 ORDER BY l.log_id DESC LIMIT 200`,
      [s.tenant_id],
    );
    const list: IngestLogEntry[] = rows.map((r) => ({
      ...r,
      log_id: Number(r.log_id),
      rows_accepted: Number(r.rows_accepted),
      rows_rejected: Number(r.rows_rejected),
      duration_ms: Number(r.duration_ms),
      has_rejects: r.has_rejects === true,
      tables: r.tables.split(',').filter(Boolean).map((t) => ({ table: t.split(':')[0], rows: Number(t.split(':')[1]) })),
    }));
    return ok(list);
  });

  app.get('/api/ingest-log/:id/rejects', { schema: { params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } } } }, async (req, reply) => {
    const s = headOffice(req);
    const { id } = req.params as { id: number };
    const [row] = await app.db.query<{ rejects: string | null }>('SELECT rejects FROM ingest_log WHERE tenant_id = $1 AND log_id = $2', [s.tenant_id, id]);
    if (!row?.rejects) throw notFound('INGEST_LOG_NOT_FOUND', '没有该导入的拒收明细');
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="rejects-${id}.csv"`).send(row.rejects);
  });

  // the push API: its own body types and their limit (this plugin's parser: JSON routes keep the server's), a key instead of a session
  app.addContentTypeParser(PUSH_TYPES, { parseAs: 'buffer', bodyLimit: PUSH_LIMITS.bytes }, (_req, body, done) => done(null, body));
  const callers = new WeakMap<FastifyRequest, IngestCaller>();
  app.post(
    '/api/ingest/:table',
    {
      config: {
        public: true,
        rateLimit: { max: ratePerMinute, timeWindow: '1 minute', keyGenerator: (req) => createHash('sha256').update(bearerOf(req)).digest('hex') },
      },
      // after the rate limit (onRequest), before a push's body is read: key, scope and Idempotency-Key, so a
      // refused push uploads nothing (the edge's own checks first: registerPlainInput runs after parsing)
      preParsing: async (req, _reply, payload) => {
        checkPlainInput({ params: req.params, query: req.query, body: undefined });
        if (PUSH_TYPES.includes(mediaTypeOf(req))) callers.set(req, await admit(app, req));
        return payload;
      },
      errorHandler: (err, req, reply) => handleError(pushError(err), req, reply),
    },
    async (req, reply) => {
      // any other body (at most the server's usual size) is refused after the key is checked
      const caller = callers.get(req) ?? (await admit(app, req));
      const { table } = req.params as { table: string };
      const kind = mediaTypeOf(req);
      if (!Buffer.isBuffer(req.body)) throw contentTypeError();
      const push = idempotentForm(
        async (_rq, rp, claim) => {
          const body = unpack(req.body as Buffer, req.headers['content-encoding'] as string | undefined);
          const text = body.toString('utf8');
          const { files } = kind === 'text/csv' ? csvFiles(table, text) : ndjsonFiles(table, text);
          const sealKey = await claim({ table, kind, sha256: createHash('sha256').update(body).digest('hex') });
          // the key is sealed, and found still live, inside the load's own transaction
          const seal = async (tx: Db) => {
            await assertLive(tx, caller);
            await sealKey(tx);
          };
          const folder = await mkdtemp(join(tmpdir(), 'hm-push-'));
          try {
            for (const [name, content] of files) await writeFile(join(folder, name), content);
            const result = await loadFolder({ target: app.db, contract, tenantId: caller.tenantId, folder, source: { kind: 'push', keyId: caller.keyId }, seal });
            const answer = { status: result.status, log_id: result.logId, tables: result.tables.map(({ table: t, rows }) => ({ table: t, rows })), seconds: result.seconds };
            if (result.ok) return ok(answer);
            rp.code(400);
            return { status: '400', code: 'INGEST_REFUSED', message: `拒收 ${result.rejects} 处，未写入任何数据`, data: { ...answer, rejects: result.rejectList } };
          } finally {
            await rm(folder, { recursive: true, force: true });
          }
        },
        () => ({ tenant_id: caller.tenantId, account_id: -caller.keyId }),
      );
      return push(req, reply);
    },
  );
}

const PUSH_TYPES = ['text/csv', 'application/x-ndjson'];
const mediaTypeOf = (req: FastifyRequest) => String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
const contentTypeError = () => new HttpError(415, 'INGEST_CONTENT_TYPE', '只收 text/csv 或 application/x-ndjson', 'text/csv or application/x-ndjson only');

/** Fastify's own refusals of a push's body, in the push API's words. */
function pushError(err: Error): Error {
  const code = (err as { code?: string }).code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return tooLarge(`一批最多 ${PUSH_LIMITS.bytes} 字节，请分批推送`, `at most ${PUSH_LIMITS.bytes} bytes a batch: push smaller batches`);
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return contentTypeError();
  return err;
}

/** The pusher of a request: a live key (401), allowed this table (403), with an Idempotency-Key (400). */
async function admit(app: FastifyInstance, req: FastifyRequest): Promise<IngestCaller> {
  const caller = await authenticate(app, req);
  const { table } = req.params as { table: string };
  if (!caller.tables.has(table)) throw new HttpError(403, 'INGEST_TABLE_FORBIDDEN', `此密钥不能推送 ${table}`, `this key may not push ${table}`);
  if (idempotencyKeyOf(req.headers) === null) throw new HttpError(400, 'INGEST_IDEMPOTENCY_REQUIRED', '每批数据须带 Idempotency-Key', 'every batch carries an Idempotency-Key');
  return caller;
}

/** The live key the request carries; a session token, a revoked or an unknown key is 401. */
async function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<IngestCaller> {
  const secret = bearerOf(req);
  const tenant = tenantOfKey(secret);
  if (tenant === null) throw invalidKey();
  if (isShardRouter(app.db)) await app.db.enterTenant(tenant);
  const caller = await callerOf(app.db, secret);
  if (!caller) throw invalidKey();
  return caller;
}

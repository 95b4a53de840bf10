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
import { HttpError, notFound, unauthorized } from '../http/errors';
import { idempotencyKeyOf, idempotent, idempotentForm } from '../http/idempotency';
import { dataContract } from './contract-fs';
import { callerOf, createKey, listKeys, revokeKey, tenantOfKey, type IngestCaller } from './keys';
import { loadFolder } from './load';
import { csvFiles, ndjsonFiles, PUSH_LIMITS, unpack } from './push-body';

const contract = dataContract();
/** the tables a key may be scoped to: master data and the facts the loader takes */
export const PUSHABLE = contract.supplied.filter((t) => t.kind === 'master' || t.loadable).map((t) => t.table);

const headOffice = (req: FastifyRequest) => {
  const s = req.session!;
  if (s.client !== 'HMT' || !s.permissions.has(INGEST_MENU_ID)) throw new HttpError(403, 'FORBIDDEN', '无权管理数据接入');
  return s;
};

const bearerOf = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';

/** Pushes per key and minute (HM_INGEST_RATE_PER_MIN): the rate limit counts by the key's hash. */
const RATE_PER_MIN = Number(process.env.HM_INGEST_RATE_PER_MIN ?? 600);

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

  // the push API: its own body types, its own limits, a key instead of a session
  app.addContentTypeParser(['text/csv', 'application/x-ndjson'], { parseAs: 'buffer', bodyLimit: PUSH_LIMITS.bytes }, (_req, body, done) => done(null, body));
  app.post(
    '/api/ingest/:table',
    {
      bodyLimit: PUSH_LIMITS.bytes,
      config: {
        public: true,
        rateLimit: { max: RATE_PER_MIN, timeWindow: '1 minute', keyGenerator: (req) => createHash('sha256').update(bearerOf(req)).digest('hex') },
      },
    },
    async (req, reply) => {
      const caller = await authenticate(app, req);
      const { table } = req.params as { table: string };
      if (!caller.tables.has(table)) throw new HttpError(403, 'INGEST_TABLE_FORBIDDEN', `此密钥不能推送 ${table}`, `this key may not push ${table}`);
      if (idempotencyKeyOf(req.headers) === null) throw new HttpError(400, 'INGEST_IDEMPOTENCY_REQUIRED', '每批数据须带 Idempotency-Key', 'every batch carries an Idempotency-Key');
      const kind = String(req.headers['content-type'] ?? '').split(';')[0].trim();
      if (!Buffer.isBuffer(req.body)) throw new HttpError(415, 'INGEST_CONTENT_TYPE', '只收 text/csv 或 application/x-ndjson', 'text/csv or application/x-ndjson only');
      const push = idempotentForm(
        async (_rq, rp, claim) => {
          const body = unpack(req.body as Buffer, req.headers['content-encoding'] as string | undefined);
          const text = body.toString('utf8');
          const { files } = kind === 'text/csv' ? csvFiles(table, text) : ndjsonFiles(table, text);
          const seal = await claim({ table, kind, sha256: createHash('sha256').update(body).digest('hex') });
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

/** The live key the request carries; a session token, a revoked or an unknown key is 401. */
async function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<IngestCaller> {
  const secret = bearerOf(req);
  const tenant = tenantOfKey(secret);
  if (tenant === null) throw unauthorized('需要有效的数据接入密钥');
  if (isShardRouter(app.db)) await app.db.enterTenant(tenant);
  const caller = await callerOf(app.db, secret);
  if (!caller) throw unauthorized('需要有效的数据接入密钥');
  return caller;
}

/**
 * Idempotent creates (the IETF httpapi Idempotency-Key draft): a create may carry an
 * `Idempotency-Key` header; the same key from the same account answers the first result and stores
 * nothing new. A create route takes it with one line, by wrapping its handler:
 *
 *   app.post('/api/…', { schema }, idempotent(async (req) => ok(await create(…))))
 *
 * The handler must return its answer (not send it itself). The first request claims the key in a row
 * of its own before it creates anything; a repeat waits for that answer and replays it. A refused or
 * failed create gives the key back, so the same key may be sent again once the input is put right.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sqlTimestamp } from '../clock';
import type { Db } from '../db/types';
import { HttpError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** a key answers repeats for a day, then it is forgotten */
export const KEEP_MS = 24 * 3600_000;
/** a claim this old without an answer was left by a process that stopped: another may take it over */
const STALE_MS = 120_000;
/** how long a repeat waits for the first request's answer */
const WAIT_MS = 30_000;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key 无效：应为 1 到 200 个可见字符',
  reused: '该 Idempotency-Key 已用于另一个请求，请换一个新的键',
  inProgress: '相同的请求正在处理中，请稍后重试',
} as const;

/** The key a request carries: null without the header; a malformed one is refused (400). */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  // the draft writes the key as a structured-field string ("…"); a bare token is taken as well
  const key = typeof raw === 'string' ? raw.trim().replace(/^"(.*)"$/, '$1') : '';
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) throw new HttpError(400, 'BAD_IDEMPOTENCY_KEY', IDEMPOTENCY_MESSAGES.badKey);
  return key;
}

/** One request's identity: a key sent again with another request is a mistake, not a repeat. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

interface Owner {
  tenant_id: number;
  account_id: number;
  key: string;
}

interface KeyRow {
  fingerprint: string;
  status_code: number | null;
  response: string | null;
}

type Claim = { kind: 'claimed' } | { kind: 'answered'; row: KeyRow } | { kind: 'pending'; row: KeyRow } | { kind: 'gone' };

const ownerWhere = 'tenant_id = $1 AND account_id = $2 AND idem_key = $3';
const ownerParams = (o: Owner) => [o.tenant_id, o.account_id, o.key];

async function claim(db: Db, o: Owner, fingerprint: string): Promise<Claim> {
  const now = Date.now();
  try {
    const won = await db.query(
      `INSERT INTO idempotency_key (tenant_id, account_id, idem_key, fingerprint, created_at)
       VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP)) ON CONFLICT DO NOTHING RETURNING idem_key`,
      [...ownerParams(o), fingerprint, sqlTimestamp(new Date(now))],
    );
    if (won.length) return { kind: 'claimed' };
  } catch {
    // DuckDB answers a concurrent claim of the same key with a write conflict: read the row below
  }
  // an expired key, or a claim its process left unanswered, is taken over by exactly one request
  const taken = await db
    .query(
      `UPDATE idempotency_key SET fingerprint = $4, status_code = NULL, response = NULL, created_at = CAST($5 AS TIMESTAMP)
        WHERE ${ownerWhere} AND (created_at < CAST($6 AS TIMESTAMP) OR (response IS NULL AND created_at < CAST($7 AS TIMESTAMP)))
        RETURNING idem_key`,
      [...ownerParams(o), fingerprint, sqlTimestamp(new Date(now)), sqlTimestamp(new Date(now - KEEP_MS)), sqlTimestamp(new Date(now - STALE_MS))],
    )
    .catch(() => []);
  if (taken.length) return { kind: 'claimed' };
  const [row] = await db.query<KeyRow>(`SELECT fingerprint, status_code, response FROM idempotency_key WHERE ${ownerWhere}`, ownerParams(o));
  if (!row) return { kind: 'gone' };
  return row.response === null ? { kind: 'pending', row } : { kind: 'answered', row };
}

async function answer(db: Db, o: Owner, statusCode: number, response: string): Promise<void> {
  await db.query(`UPDATE idempotency_key SET status_code = $4, response = $5 WHERE ${ownerWhere}`, [...ownerParams(o), statusCode, response]);
}

/** Forgets the keys older than KEEP_MS (the background upkeep runs it on every shard); how many. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db.query('DELETE FROM idempotency_key WHERE created_at < CAST($1 AS TIMESTAMP) RETURNING idem_key', [sqlTimestamp(new Date(now.getTime() - KEEP_MS))]);
  return gone.length;
}

const release = (db: Db, o: Owner) => db.query(`DELETE FROM idempotency_key WHERE ${ownerWhere} AND response IS NULL`, ownerParams(o));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wraps a create route's handler so that the Idempotency-Key header makes it idempotent. */
export function idempotent<Req extends FastifyRequest, Reply extends FastifyReply>(
  handler: (req: Req, reply: Reply) => Promise<unknown>,
): (req: Req, reply: Reply) => Promise<unknown> {
  return async (req, reply) => {
    const key = idempotencyKeyOf(req.headers);
    const session = req.session;
    if (key === null || !session) return handler(req, reply);
    const db = req.server.db;
    const owner: Owner = { tenant_id: session.tenant_id, account_id: session.account_id, key };
    const fingerprint = requestFingerprint(req.method, req.url, req.body);
    const deadline = Date.now() + WAIT_MS;
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      const c = await claim(db, owner, fingerprint);
      if (c.kind === 'claimed') break;
      if (c.kind !== 'gone' && c.row.fingerprint !== fingerprint) throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
      if (c.kind === 'answered') {
        return reply
          .code(c.row.status_code ?? 200)
          .header('content-type', 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(c.row.response);
      }
      if (Date.now() > deadline) throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS', IDEMPOTENCY_MESSAGES.inProgress);
      if (c.kind === 'pending') await sleep(pause);
    }
    let result: unknown;
    try {
      result = await handler(req, reply);
    } catch (err) {
      await release(db, owner);
      throw err;
    }
    await answer(db, owner, reply.statusCode, JSON.stringify(result));
    return result;
  };
}

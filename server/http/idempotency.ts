/**
 * Idempotent creates (the IETF httpapi Idempotency-Key draft): a create may carry an
 * `Idempotency-Key` header; the same key from the same account answers the first result and stores
 * nothing new. A create route takes it by wrapping its handler and sealing the key, with the answer
 * it will send, in its own writing transaction:
 *
 *   app.post('/api/…', { schema }, idempotent(async (req, reply, seal) =>
 *     db.transaction(async (tx) => { const id = await insert(tx, …); return seal(tx, ok({ id })); })))
 *
 * The handler returns that answer (it does not send it itself). The first request claims the key in a
 * row of its own before it creates anything; a repeat waits for that answer and replays it. A refused
 * or failed create gives the key back, so the same key may be sent again once the input is put right.
 *
 * A route that reads its own body (multipart) wraps its handler in `idempotentForm` instead: the handler
 * reads the form, then claims the key with what it read (`const seal = await claim(formBody(…))`), so the
 * key is bound to the form's fields and files as a JSON create's is to its body; a repeat never gets
 * past the claim, so a handler cleans up what it read when the claim throws.
 *
 * The seal makes the key, the record and its answer commit together, so a process that dies after the
 * commit (HM_FAULT below) leaves the answer for the retry. A claim left without an answer is taken over
 * after two minutes only when it was never sealed (its create never committed). A create that seals the
 * key alone (`seal(tx)`) has its answer stored after the commit; a sealed claim without an answer then
 * means the record exists but its answer was lost, and repeats are told so instead of creating it
 * again. A request whose claim was taken over cannot seal: its create rolls back.
 */
import { createHash, randomUUID } from 'node:crypto';
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
  doneUnanswered: '该请求已处理完成，但结果未能返回，请刷新后查看',
} as const;

/**
 * Seals the request's key inside the create's own writing transaction (a no-op for a request without a
 * key). Given the answer the route sends, stores it there as well and hands it back; sealed alone, the
 * answer is stored once the create has committed.
 */
export interface Seal {
  <T>(tx: Db, answer: T): Promise<T>;
  (tx: Db): Promise<void>;
}
const noSeal = (async (_tx: Db, answer?: unknown) => answer) as Seal;

/**
 * The fault hook of the crash tests, read once at start: HM_FAULT=after-create-commit kills the process
 * (SIGKILL, as kill -9) once a keyed create has committed, before its answer is sent. Refused outside
 * tests (NODE_ENV=test), so a stray variable cannot take a server down.
 */
const FAULT_POINTS = ['after-create-commit'] as const;
type FaultPoint = (typeof FAULT_POINTS)[number];
const fault = faultFromEnv(process.env.HM_FAULT, process.env.NODE_ENV);

function faultFromEnv(name: string | undefined, nodeEnv: string | undefined): FaultPoint | null {
  if (!name) return null;
  if (nodeEnv !== 'test' || !(FAULT_POINTS as readonly string[]).includes(name)) {
    throw new Error(`HM_FAULT=${name}: a fault hook exists only in tests (NODE_ENV=test) and only as ${FAULT_POINTS.join(', ')}`);
  }
  return name as FaultPoint;
}

function faultPoint(point: FaultPoint): void {
  if (fault === point) process.kill(process.pid, 'SIGKILL');
}

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
  /** the create committed more than two minutes ago and still has no answer */
  lost: boolean;
}

type Claim =
  | { kind: 'claimed'; token: string }
  | { kind: 'answered'; row: KeyRow }
  | { kind: 'pending'; row: KeyRow }
  | { kind: 'gone' };

const ownerWhere = 'tenant_id = $1 AND account_id = $2 AND idem_key = $3';
const ownerParams = (o: Owner) => [o.tenant_id, o.account_id, o.key];

async function claim(db: Db, o: Owner, fingerprint: string): Promise<Claim> {
  const now = Date.now();
  const token = randomUUID();
  try {
    const won = await db.query(
      `INSERT INTO idempotency_key (tenant_id, account_id, idem_key, fingerprint, created_at, claim_token)
       VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP), $6) ON CONFLICT DO NOTHING RETURNING idem_key`,
      [...ownerParams(o), fingerprint, sqlTimestamp(new Date(now)), token],
    );
    if (won.length) return { kind: 'claimed', token };
  } catch {
    // DuckDB answers a concurrent claim of the same key with a write conflict: read the row below
  }
  // an expired key, or a claim its process left unanswered before its create committed, is taken over by exactly one request
  const taken = await db
    .query(
      `UPDATE idempotency_key SET fingerprint = $4, status_code = NULL, response = NULL, sealed_at = NULL, created_at = CAST($5 AS TIMESTAMP), claim_token = $8
        WHERE ${ownerWhere}
          AND (created_at < CAST($6 AS TIMESTAMP) OR (response IS NULL AND sealed_at IS NULL AND created_at < CAST($7 AS TIMESTAMP)))
        RETURNING idem_key`,
      [...ownerParams(o), fingerprint, sqlTimestamp(new Date(now)), sqlTimestamp(new Date(now - KEEP_MS)), sqlTimestamp(new Date(now - STALE_MS)), token],
    )
    .catch(() => []);
  if (taken.length) return { kind: 'claimed', token };
  const [row] = await db.query<Omit<KeyRow, 'lost'> & { lost: unknown }>(
    `SELECT fingerprint, status_code, response, (response IS NULL AND sealed_at < CAST($4 AS TIMESTAMP)) AS lost
       FROM idempotency_key WHERE ${ownerWhere}`,
    [...ownerParams(o), sqlTimestamp(new Date(now - STALE_MS))],
  );
  if (!row) return { kind: 'gone' };
  const keyRow: KeyRow = { ...row, lost: row.lost === true };
  return keyRow.response === null ? { kind: 'pending', row: keyRow } : { kind: 'answered', row: keyRow };
}

const claimWhere = `${ownerWhere} AND claim_token = $4`;
const claimParams = (o: Owner, token: string) => [...ownerParams(o), token];

/**
 * The seal of one claim: throws when the claim was taken over, so the create's transaction rolls back.
 * `onAnswer` learns that the answer is stored with the record.
 */
function sealOf(o: Owner, token: string, statusCode: () => number, onAnswer: () => void): Seal {
  return (async (tx: Db, answer?: unknown) => {
    const sealed = await tx.query(
      `UPDATE idempotency_key SET sealed_at = CAST($5 AS TIMESTAMP), status_code = $6, response = $7
        WHERE ${claimWhere} AND response IS NULL RETURNING idem_key`,
      [...claimParams(o, token), sqlTimestamp(), answer === undefined ? null : statusCode(), answer === undefined ? null : JSON.stringify(answer)],
    );
    if (!sealed.length) throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS', IDEMPOTENCY_MESSAGES.inProgress);
    if (answer !== undefined) onAnswer();
    return answer;
  }) as Seal;
}

async function answer(db: Db, o: Owner, token: string, statusCode: number, response: string): Promise<void> {
  await db.query(`UPDATE idempotency_key SET status_code = $5, response = $6 WHERE ${claimWhere}`, [...claimParams(o, token), statusCode, response]);
}

const DONE_UNANSWERED = JSON.stringify({ status: '409', code: 'IDEMPOTENCY_DONE_UNANSWERED', message: IDEMPOTENCY_MESSAGES.doneUnanswered });

/**
 * After a failed handler: a claim whose create never committed is given back; one whose create did
 * commit (the failure came later) keeps its key and the answer sealed with it, or, sealed alone,
 * answers repeats that the record exists.
 */
async function settleFailure(db: Db, o: Owner, token: string): Promise<void> {
  await db.query(`DELETE FROM idempotency_key WHERE ${claimWhere} AND response IS NULL AND sealed_at IS NULL`, claimParams(o, token));
  await db.query(`UPDATE idempotency_key SET status_code = 409, response = $5 WHERE ${claimWhere} AND response IS NULL`, [...claimParams(o, token), DONE_UNANSWERED]);
}

/** Forgets the keys older than KEEP_MS (the background upkeep runs it on every shard); how many. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db.query('DELETE FROM idempotency_key WHERE created_at < CAST($1 AS TIMESTAMP) RETURNING idem_key', [sqlTimestamp(new Date(now.getTime() - KEEP_MS))]);
  return gone.length;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const replay = (reply: FastifyReply, statusCode: number, response: string) =>
  reply.code(statusCode).header('content-type', 'application/json; charset=utf-8').header('idempotent-replayed', 'true').send(response);

/** Claims the request's key for the body its handler read; answers the create's seal. */
export type ClaimKey = (body: unknown) => Promise<Seal>;

/** Thrown by a claim that found the first answer: the wrapper replays it instead of running the create. */
class Replay {
  constructor(readonly statusCode: number, readonly response: string) {}
}

/** Wraps a create route's handler so that the Idempotency-Key header makes it idempotent. */
export function idempotent<Req extends FastifyRequest, Reply extends FastifyReply>(
  handler: (req: Req, reply: Reply, seal: Seal) => Promise<unknown>,
): (req: Req, reply: Reply) => Promise<unknown> {
  return idempotentForm(async (req: Req, reply: Reply, claim) => handler(req, reply, await claim(req.body)));
}

/** Whose keys a request's key is among: the session's account, or (ingest) another caller. */
export type KeyOwner = (req: FastifyRequest) => { tenant_id: number; account_id: number } | null;
const sessionOwner: KeyOwner = (req) => req.session;

/** As `idempotent`, for a handler that reads the body itself and then claims the key with it. */
export function idempotentForm<Req extends FastifyRequest, Reply extends FastifyReply>(
  handler: (req: Req, reply: Reply, claim: ClaimKey) => Promise<unknown>,
  ownerOf: KeyOwner = sessionOwner,
): (req: Req, reply: Reply) => Promise<unknown> {
  return async (req, reply) => {
    const key = idempotencyKeyOf(req.headers);
    const who = ownerOf(req);
    if (key === null || !who) return handler(req, reply, async () => noSeal);
    const db = req.server.db;
    const owner: Owner = { tenant_id: who.tenant_id, account_id: who.account_id, key };
    let token: string | null = null;
    let answerSealed = false;
    const claimKey: ClaimKey = async (body) => {
      token = await claimOrReplay(db, owner, requestFingerprint(req.method, req.url, body));
      return sealOf(owner, token, () => reply.statusCode, () => (answerSealed = true));
    };
    let result: unknown;
    try {
      result = await handler(req, reply, claimKey);
    } catch (err) {
      if (err instanceof Replay) return replay(reply, err.statusCode, err.response);
      if (token !== null) await settleFailure(db, owner, token);
      throw err;
    }
    if (token === null) return result;
    // the create has committed; the crash tests stop the process here, before the answer is sent
    faultPoint('after-create-commit');
    // its answer committed with the record
    if (answerSealed) return result;
    // the record is committed: a failure to store its answer must not turn this answer into an error
    // (repeats are then told the record exists, once the claim is two minutes old)
    await answer(db, owner, token, reply.statusCode, JSON.stringify(result)).catch((err) => req.log.error({ err }, 'idempotency answer not stored'));
    return result;
  };
}

/** The claim's token; throws a Replay when the key already answered this request, 422 when it answered another. */
async function claimOrReplay(db: Db, owner: Owner, fingerprint: string): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const c = await claim(db, owner, fingerprint);
    if (c.kind === 'claimed') return c.token;
    if (c.kind !== 'gone' && c.row.fingerprint !== fingerprint) throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
    if (c.kind === 'answered') throw new Replay(c.row.status_code ?? 200, c.row.response!);
    // committed long ago and still unanswered: the process that created the record stopped before answering
    if (c.kind === 'pending' && c.row.lost) throw new Replay(409, DONE_UNANSWERED);
    if (Date.now() > deadline) throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS', IDEMPOTENCY_MESSAGES.inProgress);
    if (c.kind === 'pending') await sleep(pause);
  }
}

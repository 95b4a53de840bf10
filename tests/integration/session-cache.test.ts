/**
 * Sessions come from memory after their first use, and revocation stays immediate: logout and password
 * change end cached sessions at once, also in a second server process on the same database (on
 * PostgreSQL a second connection pool and listener; on DuckDB one process owns the file, and a second
 * app over the same handle shares its cache). Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../server/app';
import { md5Hex } from '../../server/auth/password';
import { cachedSessionCount } from '../../server/auth/session-cache';
import { hashToken } from '../../server/auth/session';
import { sqlTimestamp } from '../../server/clock';
import { openPostgres } from '../../server/db/postgres';
import type { Db } from '../../server/db/types';
import { bearer, DEMO_PASSWORD, login, startTestServer, type TestServer } from './server';
import { pgUrl } from './testdb';

let s: TestServer;
/** a second server process on the same database */
let other: FastifyInstance;
let otherDb: Db;

beforeAll(async () => {
  s = await startTestServer();
  if (pgUrl) {
    const url = new URL(pgUrl);
    url.pathname = `/${s.testDb.location}`;
    otherDb = await openPostgres(url.toString());
  } else {
    otherDb = s.testDb.db;
  }
  other = await buildServer({ db: otherDb, config: { staticDir: '/nonexistent' } });
  await other.ready();
}, 180_000);

afterAll(async () => {
  await other?.close();
  if (pgUrl) await otherDb?.close();
  await s?.close();
});

const status = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) }).then((r) => r.statusCode);

/** Another process hears of a revocation through the database's notification, a moment later. */
const refusedBy = (app: FastifyInstance, token: string) => vi.waitFor(async () => expect(await status(app, token)).toBe(401), { timeout: 10_000, interval: 50 });

describe('sessions from memory', () => {
  it('a used session is kept in memory and still answered', async () => {
    const { token } = await login(s.app, 'admin', 'HMT');
    expect(await status(s.app, token)).toBe(200);
    expect(cachedSessionCount(s.testDb.db)).toBeGreaterThan(0);
    expect(await status(s.app, token)).toBe(200);
  });

  it('a cached session ends at its stored expiry, within the time it is trusted from memory', async () => {
    const { token } = await login(s.app, 'admin', 'HMT');
    const now = Date.now();
    await s.testDb.db.query('UPDATE account_session SET expires_at = CAST($2 AS TIMESTAMP), last_seen_at = CAST($3 AS TIMESTAMP) WHERE token_hash = $1', [
      hashToken(token),
      sqlTimestamp(new Date(now + 5_000)),
      sqlTimestamp(new Date(now)),
    ]);
    expect(await status(s.app, token)).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: now + 4_000 });
    try {
      expect(await status(s.app, token)).toBe(200);
      vi.setSystemTime(now + 6_000);
      expect(await status(s.app, token)).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logout refuses the cached token at once, here and in the other process (rule §24)', async () => {
    const { token } = await login(s.app, 'analyst', 'HMT');
    expect(await status(s.app, token)).toBe(200);
    expect(await status(other, token)).toBe(200);
    const out = await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(await status(s.app, token)).toBe(401);
    await refusedBy(other, token);
  });

  it('a password change ends the account\'s other cached sessions, in every process (rules 56–58)', async () => {
    const kept = await login(s.app, 'store01', 'HMD');
    const ended = await login(s.app, 'store01', 'HMD');
    expect(await status(s.app, ended.token)).toBe(200);
    expect(await status(other, ended.token)).toBe(200);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { original_pwd: md5Hex(DEMO_PASSWORD), new_pwd: md5Hex('Cache#2026'), new_pwd_again: md5Hex('Cache#2026') },
      headers: bearer(kept.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(s.app, ended.token)).toBe(401);
    expect(await status(s.app, kept.token)).toBe(200);
    await refusedBy(other, ended.token);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/auth/password';
import { MAX_FAILURES } from '../../server/auth/throttle';
import { bearer, DEMO_PASSWORD, login, startTestServer, type TestServer } from './server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('health', () => {
  it('answers 200 once the database is open and migrated', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: '200', data: { ready: true } });
  });
});

describe('login and session (rule §24)', () => {
  it.each([
    ['admin', 'HMT'],
    ['store01', 'HMD'],
    ['supplier01', 'HMS'],
  ] as const)('%s logs in as %s and the session carries the stored values', async (username, client) => {
    const { token, token_type, session } = await login(s.app, username, client);
    expect(token_type).toBe('Bearer');
    expect(session).toMatchObject({ tenant_id: 10139, client, merchant_no: '10139' });
    const res = await s.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ tenant_id: 10139, client, username });
  });

  it('a store user carries its store, related orgs and store name', async () => {
    const { session } = await login(s.app, 'store01', 'HMD');
    expect(session.store_no).toBe('S001');
    expect(session.store_info?.store_name).toBeTruthy();
    expect(session.account_org_relation.length).toBeGreaterThanOrEqual(2);
  });

  it('a supplier user carries its supplier number', async () => {
    const { session } = await login(s.app, 'supplier01', 'HMS');
    expect(session.supplier_no).toBe('V001');
  });

  it('the second tenant logs in to its own tenant', async () => {
    const { session } = await login(s.app, 'admin', 'HMT', '266');
    expect(session.tenant_id).toBe(266);
  });

  it('newhire carries both password flags', async () => {
    const { session } = await login(s.app, 'newhire', 'HMT', '10139', 'Hm@123456');
    expect(session.is_edit_password).toBe(1);
    expect(session.is_open_edit_password).toBe(1);
  });
});

describe('bad logins get one generic message, never a 500', () => {
  it.each([
    ['wrong password', { merchant_no: '10139', username: 'admin', password: md5Hex('nope'), client: 'HMT' }],
    ['unknown user', { merchant_no: '10139', username: 'ghost', password: md5Hex(DEMO_PASSWORD), client: 'HMT' }],
    ['unknown merchant', { merchant_no: '99999', username: 'admin', password: md5Hex(DEMO_PASSWORD), client: 'HMT' }],
    ['wrong client variant', { merchant_no: '10139', username: 'admin', password: md5Hex(DEMO_PASSWORD), client: 'HMD' }],
  ])('%s → 401 with the same message', async (_name, body) => {
    const res = await post('/api/auth/login', body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: '401', code: 'WRONG_CREDENTIALS', message: '商户号、用户名或密码错误' });
  });

  it('malformed JSON → 400 envelope', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"merchant_no": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: '400', message: '请求内容不是有效的 JSON' });
  });

  it('missing fields or a password that is not an md5 hex → 400', async () => {
    expect((await post('/api/auth/login', { username: 'admin' })).statusCode).toBe(400);
    const plain = await post('/api/auth/login', { merchant_no: '10139', username: 'admin', password: DEMO_PASSWORD, client: 'HMT' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toMatch(/请求参数错误/);
  });

  it(`${MAX_FAILURES} failures lock the account for a while, even for the right password`, async () => {
    const wrong = { merchant_no: '10139', username: 'analyst', password: md5Hex('bad'), client: 'HMT' };
    for (let i = 0; i < MAX_FAILURES; i++) expect((await post('/api/auth/login', wrong)).statusCode).toBe(401);
    const right = await post('/api/auth/login', { ...wrong, password: md5Hex(DEMO_PASSWORD) });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('RATE_LIMITED');
  });
});

describe('tokens', () => {
  it('a missing or forged token → 401', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
    const forged = await s.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer('forged-token') });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ status: '401', code: 'UNAUTHORIZED' });
  });

  it('logout ends the session: the token is refused afterwards', async () => {
    const { token } = await login(s.app, 'admin', 'HMT');
    expect((await post('/api/auth/logout', {}, bearer(token))).statusCode).toBe(200);
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('twenty logouts of one session at once (a double click, several tabs) each answer 200 or 401, never 500', async () => {
    const { token } = await login(s.app, 'admin', 'HMT');
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/auth/logout', {}, bearer(token))));
    expect(answers.filter((r) => r.statusCode !== 200 && r.statusCode !== 401).map((r) => r.body)).toEqual([]);
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('an unknown API path → 404 envelope', async () => {
    const { token } = await login(s.app, 'admin', 'HMT');
    const res = await s.app.inject({ method: 'GET', url: '/api/nothing-here', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: '404', code: 'NOT_FOUND' });
  });
});

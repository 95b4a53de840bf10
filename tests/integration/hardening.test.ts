/**
 * Hardening of the API: the auth guard works on the matched route, odd input
 * and concurrency answer 4xx instead of 500, and every answer carries the security headers.
 * DuckDB, and PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threeMonthCutoff } from '../../engine/dates';
import { initialRequest } from '../../engine/query';
import type { ReportConfig } from '../../engine/wire';
import { md5Hex } from '../../server/auth/password';
import { LIMITS, MAX_FAILURES } from '../../server/auth/throttle';
import { bearer, login, startTestServer, type TestServer } from './server';
import { today as businessToday } from '../../server/clock';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = (await login(s.app, 'admin', 'HMT')).token;
});
afterAll(async () => {
  await s?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

describe('the auth guard works on the matched route, not the raw address', () => {
  it.each(['/%61pi/enums/yes_no', '/%61pi/uls/store/enumeration', '/%61pi/menu', '/%61pi/reports/70/config', '/%61%70%69/auth/session', '/api/%6denu'])(
    '%s without a token → 401',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: '401', code: 'UNAUTHORIZED' });
    },
  );

  it('the encoded address still works with a token (the guard does not break routing)', async () => {
    const res = await get('/%61pi/enums/yes_no', bearer(admin));
    expect(res.statusCode).toBe(200);
  });

  it('declared public routes stay reachable without a token', async () => {
    expect((await get('/%61pi/health')).statusCode).toBe(200);
  });
});

const BOUNDARY = '----hmboundary';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const partHead = (name: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`);
const postUpload = (payload: Buffer) =>
  s.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });

describe('odd input answers 4xx, never 500', () => {
  it('an id beyond int64 → 400 with a message (message read)', async () => {
    for (const id of ['99999999999999999999', '9223372036854775808', '1e30']) {
      const res = await s.app.inject({ method: 'POST', url: `/api/messages/${id}/read`, headers: bearer(admin) });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toMatch(/请求参数错误/);
    }
  });

  it('a truncated multipart upload → 400, nothing stored', async () => {
    const count = async () => Number((await s.testDb.db.query<{ n: number }>('SELECT count(*) AS n FROM upload_file'))[0].n);
    const before = await count();
    const res = await postUpload(Buffer.concat([partHead('a.png'), PNG]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: '400', code: 'UPLOAD_INCOMPLETE', message: '文件上传不完整，请重新上传' });
    expect(await count()).toBe(before);
  });

  it('parallel requests on a session idle past the refresh interval all succeed (one expiry refresh)', async () => {
    const { token } = await login(s.app, 'admin', 'HMT');
    // as if idle for ten minutes: the next use refreshes the expiry
    await s.testDb.db.query(`UPDATE account_session SET last_seen_at = last_seen_at - INTERVAL '10 minutes'`);
    const urls = ['/api/auth/session', '/api/menu', '/api/messages/unread-count', '/api/enums/yes_no', '/api/auth/session', '/api/menu', '/api/messages/unread-count', '/api/enums/yes_no'];
    const answers = await Promise.all(urls.map((url) => get(url, bearer(token))));
    expect(answers.map((a) => a.statusCode)).toEqual(urls.map(() => 200));
  });
});

describe('security headers', () => {
  it('API answers: nosniff, frame denial, referrer policy, CSP and no-store', async () => {
    for (const res of [await get('/api/menu', bearer(admin)), await get('/api/menu'), await get('/api/nothing')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the CSP allows only the own origin for scripts and connections', async () => {
    const csp = String((await get('/api/health')).headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).not.toContain('127.0.0.1:7097');
  });

  it('only the price-label frame page may be framed (by this origin) and reach the local label driver', async () => {
    const res = await get('/label-print.html?protype=production');
    const csp = String(res.headers['content-security-policy']);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:7097/);
    expect(csp).toContain("script-src 'self'");
  });

  it('x-request-id is echoed only when it matches a safe pattern', async () => {
    const safe = await get('/api/health', { 'x-request-id': 'abc-123_X.9' });
    expect(safe.headers['x-request-id']).toBe('abc-123_X.9');
    for (const bad of ['<script>', 'a'.repeat(200), 'a b', 'x\u00e9']) {
      const res = await get('/api/health', { 'x-request-id': bad });
      expect(res.headers['x-request-id']).not.toBe(bad);
      expect(String(res.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('a stored upload is served with nosniff and a sandboxing policy, and kept out of shared caches', async () => {
    const saved = await postUpload(Buffer.concat([partHead('a.png'), PNG, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await get(saved.json().data.url, bearer(admin));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toMatch(/sandbox/);
    expect(res.headers['cache-control']).toMatch(/^private/);
  });
});

describe('the forced password change is enforced by the server (rules 55–56)', () => {
  it('while both flags are set every API but session, logout and password change answers 403 with the heading', async () => {
    const { token } = await login(s.app, 'newhire', 'HMT', '10139', 'Hm@123456');
    for (const url of ['/api/menu', '/api/messages/unread-count', '/api/enums/yes_no', '/api/reports/70/config', '/api/pickers/suppliers']) {
      const res = await get(url, bearer(token));
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ status: '403', code: 'PASSWORD_CHANGE_REQUIRED', message: '为了您的账号安全，首次登录后请修改初始密码' });
    }
    expect((await get('/api/auth/session', bearer(token))).statusCode).toBe(200);
    const changed = await s.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(token),
      payload: { original_pwd: md5Hex('Hm@123456'), new_pwd: md5Hex('Fresh#2026'), new_pwd_again: md5Hex('Fresh#2026') },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/api/menu', bearer(token))).statusCode).toBe(200);
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('one flag alone does not force the change', async () => {
    await s.testDb.db.query(`UPDATE account SET is_open_edit_password = 0 WHERE username = 'analyst' AND tenant_id = 10139`);
    await s.testDb.db.query(`UPDATE account SET is_edit_password = 1 WHERE username = 'analyst' AND tenant_id = 10139`);
    const { token } = await login(s.app, 'analyst', 'HMT');
    expect((await get('/api/menu', bearer(token))).statusCode).toBe(200);
  });
});

describe('login throttling that fits offices', () => {
  const attempt = (username: string, password: string, remoteAddress: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { merchant_no: '10139', username, password: md5Hex(password), client: 'HMT' },
    });

  it('after the typo budget the account waits from that address: 429 RATE_LIMITED with Retry-After', async () => {
    for (let i = 0; i < MAX_FAILURES; i++) expect((await attempt('analyst', 'wrong', '10.1.0.1')).statusCode).toBe(401);
    const locked = await attempt('analyst', 'Demo@2026', '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: '429', code: 'RATE_LIMITED', message: '登录失败次数过多，请稍后再试' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // the guesser's address does not lock the real user out of the account
    expect((await attempt('analyst', 'Demo@2026', '10.1.0.2')).statusCode).toBe(200);
  });

  it('an office behind one address: many sign-ins and its colleagues\' typos do not lock anyone out', async () => {
    const office = '10.2.0.1';
    for (let i = 0; i < 40; i++) expect((await attempt('admin', 'Demo@2026', office)).statusCode).toBe(200);
    for (const u of ['clerk1', 'clerk2', 'clerk3', 'clerk4', 'clerk5', 'clerk6']) {
      for (let i = 0; i < 3; i++) expect((await attempt(u, 'typo', office)).statusCode).toBe(401);
    }
    expect((await attempt('admin', 'Demo@2026', office)).statusCode).toBe(200);
  });

  it('one address guessing many accounts is slowed down', async () => {
    const guesser = '10.3.0.1';
    const limit = LIMITS.find((l) => l.kind === 'address')!;
    for (let i = 0; i < limit.free; i++) expect((await attempt(`ghost${i}`, 'guess', guesser)).statusCode).toBe(401);
    expect((await attempt('ghost-next', 'guess', guesser)).statusCode).toBe(429);
  });

  it('guessing one account from many addresses makes it wait briefly, never for minutes', async () => {
    const limit = LIMITS.find((l) => l.kind === 'account')!;
    for (let i = 0; i < limit.free; i++) expect((await attempt('store-manager', 'guess', `10.4.0.${i + 1}`)).statusCode).toBe(401);
    const slowed = await attempt('store-manager', 'guess', '10.4.1.1');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(limit.capMs / 1000);
  });
});

describe('pickers and option lists scoped per client', () => {
  it('a supplier account cannot list the tenant\'s drivers or cards; the head office can', async () => {
    const supplier = (await login(s.app, 'supplier01', 'HMS')).token;
    for (const list of ['drivers', 'cards', 'package_cards', 'storages']) {
      const res = await get(`/api/options/${list}`, bearer(supplier));
      expect(res.statusCode, list).toBe(403);
      expect(res.json()).toMatchObject({ code: 'OPTION_LIST_FORBIDDEN', message: '当前账号无权查看该列表' });
    }
    expect((await get('/api/options/suppliers', bearer(supplier))).statusCode).toBe(200);
    for (const list of ['drivers', 'cards']) expect((await get(`/api/options/${list}`, bearer(admin))).statusCode, list).toBe(200);
  });

  it('a store account gets only the lists its reports filter with', async () => {
    const store = (await login(s.app, 'store01', 'HMD')).token;
    expect((await get('/api/options/drivers', bearer(store))).statusCode).toBe(403);
    expect((await get('/api/options/package_cards', bearer(store))).statusCode).toBe(200);
  });

  it('a supplier lists only the stores it trades with, never the tenant\'s others', async () => {
    const supplier = (await login(s.app, 'supplier01', 'HMS')).token;
    const res = await get('/api/uls/store/search?page_size=500', bearer(supplier));
    expect(res.statusCode).toBe(200);
    const listed = (res.json().data.list as { org_code: string }[]).map((r) => r.org_code).sort();
    const expected = (
      await s.testDb.db.query<{ org_code: string }>(
        `SELECT s.org_code FROM store s WHERE s.tenant_id = 10139 AND (
           s.org_code IN (SELECT org_code FROM purchase_receipt WHERE tenant_id = 10139 AND supplier_no = 'V001')
           OR s.org_code IN (SELECT o.org_code FROM sales_order_item i JOIN sales_order o ON o.tenant_id = i.tenant_id AND o.order_no = i.order_no
                              WHERE i.tenant_id = 10139 AND i.supplier_no = 'V001')) ORDER BY 1`,
        [],
      )
    ).map((r) => r.org_code);
    expect(listed).toEqual(expected);
    const all = await s.testDb.db.query<{ n: number }>('SELECT count(*) AS n FROM store WHERE tenant_id = 10139');
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(Number(all[0].n));
  });
});

describe('date restrictions enforced by the server (rules 131–135, 338)', () => {
  const today = businessToday();
  const config = async (url: string) => (await get(url, bearer(admin))).json().data as ReportConfig;
  const post = (url: string, payload: object) => s.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
  const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  it('33\'s history tab refuses live-period dates with 422 选择日期超出限制 and accepts archive dates', async () => {
    const cfg = await config('/api/reports/33/config?is_history=1');
    const query = initialRequest(cfg, today);
    const cutoff = threeMonthCutoff(today);
    for (const part of ['data', 'totals']) {
      const live = await post(`/api/reports/33/${part}`, { ...query, date_start: dayBefore(cutoff), date_end: cutoff });
      expect(live.statusCode, part).toBe(422);
      expect(live.json()).toEqual({ status: '422', code: 'DATE_OUT_OF_LIMIT', message: '选择日期超出限制' });
    }
    const archive = await post('/api/reports/33/data', { ...query, date_start: dayBefore(cutoff), date_end: dayBefore(cutoff) });
    expect(archive.statusCode, archive.body).toBe(200);
  });

  it('the live tab refuses archive dates; a to-yesterday report refuses today', async () => {
    const live = await config('/api/reports/33/config?is_history=2');
    const query = initialRequest(live, today);
    const cutoff = threeMonthCutoff(today);
    expect((await post(`/api/reports/${live.table_id}/data`, { ...query, date_start: dayBefore(cutoff), date_end: today })).statusCode).toBe(422);
    expect((await post(`/api/reports/${live.table_id}/data`, { ...query, date_start: cutoff, date_end: today })).statusCode).toBe(200);

    const daily = await config('/api/reports/35/config');
    const q35 = initialRequest(daily, today);
    expect((await post('/api/reports/35/data', { ...q35, date_start: dayBefore(today), date_end: today })).statusCode).toBe(422);
    expect((await post('/api/reports/35/data', { ...q35, date_start: dayBefore(today), date_end: dayBefore(today) })).statusCode).toBe(200);
  });
});

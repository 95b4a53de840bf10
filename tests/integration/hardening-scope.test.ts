/**
 * Approval records follow their document's scope; a goods page's stock follows the store list; codes on documents
 * are checked against what the client may pick, "not yours" reading exactly like "unknown"; unknown
 * enumerations, impossible dates and amounts beyond DECIMAL(18,4) are a 400 that writes nothing;
 * login attempts are counted before the password is checked, also by parallel requests and across
 * two instances on one database. DuckDB, and PostgreSQL when HM_DATABASE_URL is set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail } from '../../engine/document/wire';
import type { GoodsDetail } from '../../engine/shell';
import type { SessionInfo } from '../../engine/wire';
import { md5Hex } from '../../server/auth/password';
import { MAX_FAILURES } from '../../server/auth/throttle';
import { buildServer } from '../../server/app';
import { openPostgres } from '../../server/db/postgres';
import type { Db } from '../../server/db/types';
import { bearer, DEMO_PASSWORD, startWithAccounts, type TestServer } from './server';
import { pgUrl, withDatabase } from './testdb';

let env: Awaited<ReturnType<typeof startWithAccounts>>;
let s: TestServer;
let tokens: Record<string, string>;
let sessions: Record<string, SessionInfo>;

beforeAll(async () => {
  env = await startWithAccounts([
    ['admin', 'admin', 'HMT', '10139'],
    ['store', 'store01', 'HMD', '10139'],
    ['supplier', 'supplier01', 'HMS', '10139'],
  ]);
  ({ server: s, tokens, sessions } = env);
});
afterAll(() => env?.close());

type Who = 'admin' | 'store' | 'supplier';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: unknown) =>
  s.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload === undefined ? {} : { payload: payload as object }) });
const body = (res: { json(): unknown }) => res.json() as { code: string; message: string; data: unknown };
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => s.testDb.db.query<T>(sql, params);
const count = async (table: string) => Number((await q<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = 10139`))[0].n);
const one = async (sql: string, params: unknown[] = []) => String(Object.values((await q(sql, params))[0])[0]);

describe('approval records follow the scope of their document', () => {
  it('a store or supplier gets 404 for a receipt it may not open, as from the document’s own approvals; its own answer as before', async () => {
    const orgs = [sessions.store.org_code, ...sessions.store.account_org_relation.map((r) => r.org_code)];
    const foreign = await one(
      `SELECT receive_no FROM purchase_receipt WHERE tenant_id = 10139 AND supplier_no <> $1 AND org_code NOT IN (${orgs.map((_, i) => `$${i + 2}`).join(', ')})
        ORDER BY receive_no LIMIT 1`,
      [sessions.supplier.supplier_no, ...orgs],
    );
    await q(
      `INSERT INTO approval_record (tenant_id, business_type, business_no, approver_name, result, remark, created_at)
       VALUES (10139, 'purchase-receipt', $1, '机密审批人', '2', '机密意见', CAST('2026-01-01 09:00:00' AS TIMESTAMP))`,
      [foreign],
    );
    const url = `/api/approval-records?business_type=purchase-receipt&business_no=${foreign}`;
    const seen = await call('GET', url, 'admin');
    expect(seen.statusCode).toBe(200);
    expect(JSON.stringify(seen.json())).toContain('机密意见');
    for (const who of ['store', 'supplier'] as const) {
      const res = await call('GET', url, who);
      expect(res.statusCode, who).toBe(404);
      expect(res.body, who).not.toContain('机密');
      const own = await call('GET', `/api/documents/purchase-receipt/${foreign}/approvals`, who);
      expect([own.statusCode, body(own).message], who).toEqual([404, body(res).message]);
    }
    // the supplier's own decided receipt still shows its records
    const mine = await one(
      `SELECT a.business_no FROM approval_record a JOIN purchase_receipt r ON r.tenant_id = a.tenant_id AND r.receive_no = a.business_no
        WHERE a.tenant_id = 10139 AND a.business_type = 'purchase-receipt' AND r.supplier_no = $1 ORDER BY a.business_no LIMIT 1`,
      [sessions.supplier.supplier_no],
    );
    const res = await call('GET', `/api/approval-records?business_type=purchase-receipt&business_no=${mine}`, 'supplier');
    expect(res.statusCode).toBe(200);
    expect((body(res).data as { list: unknown[] }).list.length).toBeGreaterThan(0);
  });

  it('records of business types that are not served documents are the head office’s only', async () => {
    const no = await one("SELECT business_no FROM approval_record WHERE tenant_id = 10139 AND business_type = 'purchase_order' ORDER BY business_no LIMIT 1");
    const url = `/api/approval-records?business_type=purchase_order&business_no=${no}`;
    expect((body(await call('GET', url, 'admin')).data as { list: unknown[] }).list.length).toBeGreaterThan(0);
    for (const who of ['store', 'supplier'] as const) expect((await call('GET', url, who)).statusCode, who).toBe(404);
  });
});

describe('the goods page shows stock within the session’s scope', () => {
  const stockOrgs = async (sku: string, who: Who) => {
    const res = await call('GET', `/api/goods/${sku}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return (body(res).data as GoodsDetail).stock.map((r) => r.org_code);
  };

  it('a supplier sees the stock of the stores it trades with only, never the logistics centres’; head office all; a store its own', async () => {
    const stores = body(await call('GET', '/api/uls/store/search?scene_auth=1&page_size=500', 'supplier')).data as { list: { org_code: string }[] };
    const listed = stores.list.map((r) => r.org_code);
    expect(listed.length).toBeGreaterThan(0);
    // the supplier's goods stocked both at a logistics centre and at a store it trades with
    const [sku] = await q<{ sku_no: string }>(
      `SELECT k.sku_no FROM sku k
        WHERE k.tenant_id = 10139 AND k.supplier_no = $1
          AND EXISTS (SELECT 1 FROM stock c WHERE c.tenant_id = k.tenant_id AND c.sku_no = k.sku_no AND c.org_code IN ('1101', '1102'))
          AND EXISTS (SELECT 1 FROM stock t WHERE t.tenant_id = k.tenant_id AND t.sku_no = k.sku_no AND t.org_code IN (${listed.map((_, i) => `$${i + 2}`).join(', ')}))
        ORDER BY k.sku_no LIMIT 1`,
      [sessions.supplier.supplier_no, ...listed],
    );
    expect(sku).toBeDefined();
    const all = await stockOrgs(sku.sku_no, 'admin');
    expect(all).toEqual(expect.arrayContaining([expect.stringMatching(/^110[12]$/)]));
    const supplier = await stockOrgs(sku.sku_no, 'supplier');
    expect(supplier.length).toBeGreaterThan(0);
    expect(supplier.filter((o) => !listed.includes(o))).toEqual([]);
    expect(supplier).toEqual(all.filter((o) => listed.includes(o)));
    expect(await stockOrgs(sku.sku_no, 'store')).toEqual(all.filter((o) => o === sessions.store.org_code));
  });
});

describe('codes on documents are what the client may pick; not yours reads like unknown', () => {
  const receipt = (lines: Record<string, unknown>[], header: Record<string, unknown> = {}) => ({
    header: { receive_type: '1', org_code: sessions.store.org_code, receive_time: '2026-11-21 09:30:00', ...header },
    lines,
  });
  const ownSku = () => one('SELECT sku_no FROM sku WHERE tenant_id = 10139 AND supplier_no = $1 ORDER BY sku_no LIMIT 1', [sessions.supplier.supplier_no]);
  const foreignSku = () => one('SELECT sku_no FROM sku WHERE tenant_id = 10139 AND supplier_no <> $1 ORDER BY sku_no LIMIT 1', [sessions.supplier.supplier_no]);

  it('another supplier’s goods item on a supplier’s receipt: the same 400 as a code that does not exist, nothing written', async () => {
    const before = [await count('purchase_receipt'), await count('purchase_receipt_item')];
    const foreign = await foreignSku();
    const [theirs, none] = [
      await call('POST', '/api/documents/purchase-receipt', 'supplier', receipt([{ sku_no: foreign, qty: 1, price: 1 }])),
      await call('POST', '/api/documents/purchase-receipt', 'supplier', receipt([{ sku_no: 'NO-SUCH-SKU', qty: 1, price: 1 }])),
    ];
    expect([theirs.statusCode, body(theirs).code, body(theirs).message]).toEqual([400, 'UNKNOWN_CODE', `第1行：商品编码'${foreign}'不存在`]);
    expect([none.statusCode, body(none).code, body(none).message]).toEqual([400, 'UNKNOWN_CODE', "第1行：商品编码'NO-SUCH-SKU'不存在"]);
    expect([await count('purchase_receipt'), await count('purchase_receipt_item')]).toEqual(before);
    // the head office may put any goods item of the tenant on a receipt
    const hq = await call('POST', '/api/documents/purchase-receipt', 'admin', receipt([{ sku_no: foreign, qty: 1, price: 1 }], { supplier_no: sessions.supplier.supplier_no }));
    expect(hq.statusCode).toBe(200);
  });

  it('an edit cannot bring another supplier’s item in either, and the draft keeps its lines', async () => {
    const created = await call('POST', '/api/documents/purchase-receipt', 'supplier', receipt([{ sku_no: await ownSku(), qty: 2, price: 3 }]));
    const doc = body(created).data as DocumentDetail;
    const res = await call('PUT', `/api/documents/purchase-receipt/${doc.no}`, 'supplier', receipt([{ sku_no: await foreignSku(), qty: 1, price: 1 }]));
    expect([res.statusCode, body(res).code]).toEqual([400, 'UNKNOWN_CODE']);
    const after = body(await call('GET', `/api/documents/purchase-receipt/${doc.no}`, 'supplier')).data as DocumentDetail;
    expect(after.lines.map((l) => l.sku_no)).toEqual([await ownSku()]);
  });

  it('a store the supplier does not trade with reads like one that does not exist', async () => {
    const traded = await q<{ org_code: string }>('SELECT DISTINCT org_code FROM purchase_receipt WHERE tenant_id = 10139 AND supplier_no = $1', [sessions.supplier.supplier_no]);
    const sold = await q<{ org_code: string }>(
      `SELECT DISTINCT o.org_code FROM sales_order_item i JOIN sales_order o ON o.tenant_id = i.tenant_id AND o.order_no = i.order_no
        WHERE i.tenant_id = 10139 AND i.supplier_no = $1`,
      [sessions.supplier.supplier_no],
    );
    const mine = new Set([...traded, ...sold].map((r) => r.org_code));
    const other = (await q<{ org_code: string }>('SELECT org_code FROM store WHERE tenant_id = 10139 ORDER BY org_code')).map((r) => r.org_code).find((o) => !mine.has(o));
    expect(other).toBeDefined();
    const sku = await ownSku();
    const res = await call('POST', '/api/documents/purchase-receipt', 'supplier', receipt([{ sku_no: sku, qty: 1, price: 1 }], { org_code: other }));
    const none = await call('POST', '/api/documents/purchase-receipt', 'supplier', receipt([{ sku_no: sku, qty: 1, price: 1 }], { org_code: 'NO-SUCH-ORG' }));
    expect([res.statusCode, body(res).message]).toEqual([400, `收货门店'${other}'不存在`]);
    expect([none.statusCode, body(none).message]).toEqual([400, "收货门店'NO-SUCH-ORG'不存在"]);
  });

  it('fields hidden from the supplier are not written by it: a buyer id cannot be probed or read back', async () => {
    const buyer = await one("SELECT account_id FROM account WHERE tenant_id = 10139 AND client_type = 'HMT' ORDER BY account_id LIMIT 1");
    const res = await call('POST', '/api/documents/purchase-receipt', 'supplier', receipt([{ sku_no: await ownSku(), qty: 1, price: 1 }], { buyer_id: buyer }));
    expect(res.statusCode).toBe(200);
    const doc = body(res).data as DocumentDetail;
    expect([doc.header.buyer_id ?? null, doc.header.buyer_id_name ?? null]).toEqual([null, null]);
  });
});

describe('bad values are a 400 with a message and change nothing', () => {
  const reason = () => one('SELECT reason_code FROM adjustment_reason WHERE tenant_id = 10139 ORDER BY reason_code LIMIT 1');
  const sku = () => one('SELECT sku_no FROM sku WHERE tenant_id = 10139 ORDER BY sku_no LIMIT 1');

  it.each([
    ['purchase-receipt', 'receive_type', 'abc'],
    ['purchase-receipt', 'receive_type', 7],
    ['purchase-receipt', 'receive_type', -1],
    ['stock-adjustment', 'direction', 'x'],
    ['stock-adjustment', 'direction', 3],
    ['store-outbound', 'issue_type', '40000'],
    ['purchase-receipt', 'receive_time', '2026-02-30'],
    ['purchase-receipt', 'receive_time', '2026-13-45 25:61:61'],
    ['purchase-receipt', 'receive_time', '0000-00-00'],
    ['stock-adjustment', 'adjust_time', '2026-02-29 10:00:00'],
  ])('%s %s = %s → 400, not stored', async (type, key, value) => {
    const headers: Record<string, Record<string, unknown>> = {
      'purchase-receipt': { receive_type: '1', supplier_no: sessions.supplier.supplier_no, org_code: sessions.store.org_code, receive_time: '2026-11-21 09:30:00' },
      'stock-adjustment': { org_code: sessions.store.org_code, direction: '1', reason_code: await reason(), adjust_time: '2026-11-21 09:30:00' },
      'store-outbound': { org_code: sessions.store.org_code, issue_type: '13', issue_time: '2026-11-21 09:30:00' },
    };
    const tables: Record<string, string> = { 'purchase-receipt': 'purchase_receipt', 'stock-adjustment': 'stock_adjustment', 'store-outbound': 'stock_issue_order' };
    const line = { sku_no: await sku(), qty: 1, price: 1, cost_price: 1 };
    const before = await count(tables[type]);
    const res = await call('POST', `/api/documents/${type}`, 'admin', { header: { ...headers[type], [key]: value }, lines: [line] });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toMatch(/^BAD_(OPTION|DATE)$/);
    expect(body(res).message).not.toBe('');
    expect(await count(tables[type])).toBe(before);
    const ok = await call('POST', `/api/documents/${type}`, 'admin', { header: headers[type], lines: [line] });
    expect(ok.statusCode).toBe(200);
  });

  it('qty × price beyond DECIMAL(18,4) → 400 naming the line; an edit with an unknown enumeration leaves the draft as it was', async () => {
    const header = { receive_type: '1', supplier_no: sessions.supplier.supplier_no, org_code: sessions.store.org_code, receive_time: '2026-11-21 09:30:00' };
    const big = await call('POST', '/api/documents/purchase-receipt', 'admin', { header, lines: [{ sku_no: await sku(), qty: 999999999, price: 999999999 }] });
    expect([big.statusCode, body(big).message]).toEqual([400, '第1行：含税金额超出允许范围']);
    const doc = body(await call('POST', '/api/documents/purchase-receipt', 'admin', { header, lines: [{ sku_no: await sku(), qty: 1, price: 1 }] })).data as DocumentDetail;
    const res = await call('PUT', `/api/documents/purchase-receipt/${doc.no}`, 'admin', { header: { ...header, receive_type: 7 }, lines: [{ sku_no: await sku(), qty: 1, price: 1 }] });
    expect(res.statusCode).toBe(400);
    expect((await q('SELECT receive_type FROM purchase_receipt WHERE tenant_id = 10139 AND receive_no = $1', [doc.no]))[0].receive_type).toBe(1);
  });

  it('list filters: impossible dates are a 400; 0001-01-01 to 9999-12-31 lists everything on both databases', async () => {
    for (const day of ['2026-02-30', '2026-13-45', '0000-00-00']) {
      const res = await call('GET', `/api/documents/purchase-receipt?receive_time_end=${day}`, 'admin');
      expect([res.statusCode, body(res).message], day).toEqual([400, '收货时间格式应为yyyy-MM-dd']);
    }
    const all = await call('GET', '/api/documents/purchase-receipt?receive_time_start=0001-01-01&receive_time_end=9999-12-31', 'admin');
    expect(all.statusCode).toBe(200);
    expect((body(all).data as { total: number }).total).toBe(await count('purchase_receipt'));
  });
});

describe('login attempts are counted before the password is checked', () => {
  const attempt = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { merchant_no: '10139', username, password: md5Hex(password), client: 'HMT' },
    });
  const statuses = (codes: number[]) => ({ checked: codes.filter((c) => c !== 429).length, refused: codes.filter((c) => c === 429).length });

  it(`40 parallel wrong passwords: only ${MAX_FAILURES} are checked, the rest wait`, async () => {
    const codes = (await Promise.all(Array.from({ length: 40 }, () => attempt(s.app, 'analyst', 'wrong', '10.0.0.1')))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses(codes)).toEqual({ checked: MAX_FAILURES, refused: 40 - MAX_FAILURES });
  });

  it('30 wrong guesses in parallel with the right one: no more than the budget is checked, then even the right one waits', async () => {
    const sent = [...Array.from({ length: 30 }, () => attempt(s.app, 'newhire', 'wrong', '10.0.0.2')), attempt(s.app, 'newhire', 'Hm@123456', '10.0.0.2')];
    const codes = (await Promise.all(sent)).map((r) => r.statusCode);
    expect(statuses(codes).checked).toBeLessThanOrEqual(MAX_FAILURES);
    expect((await attempt(s.app, 'newhire', 'Hm@123456', '10.0.0.2')).statusCode).toBe(429);
  });

  it('a right password within the budget gets in and does not count against the address', async () => {
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await attempt(s.app, 'admin', 'wrong', '10.0.0.3')).statusCode).toBe(401);
    expect((await attempt(s.app, 'admin', DEMO_PASSWORD, '10.0.0.3')).statusCode).toBe(200);
    expect((await q<{ failed_count: number }>("SELECT failed_count FROM login_attempt WHERE key = 'ip:10.0.0.3'"))[0].failed_count).toBe(MAX_FAILURES - 1);
    expect(await q("SELECT key FROM login_attempt WHERE key LIKE 'acct%10139/admin%'")).toEqual([]);
  });

  it('two instances on one database (a second connection pool on PostgreSQL) share one budget', async () => {
    const db: Db = pgUrl ? await openPostgres(withDatabase(pgUrl, s.testDb.location)) : s.testDb.db;
    const other = await buildServer({ db, config: { staticDir: '/nonexistent', instanceId: 'b' } });
    await other.ready();
    try {
      const sent = Array.from({ length: 40 }, (_, i) => attempt(i % 2 ? other : s.app, 'ghost', 'wrong', '10.0.0.4'));
      const codes = (await Promise.all(sent)).map((r) => r.statusCode);
      expect(statuses(codes)).toEqual({ checked: MAX_FAILURES, refused: 40 - MAX_FAILURES });
    } finally {
      await other.close();
      if (pgUrl) await db.close();
    }
  });
});

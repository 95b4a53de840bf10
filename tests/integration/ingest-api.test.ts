/**
 * The push API and its keys (issue "Data in", item 3): head office creates, lists and revokes ingest
 * keys; a till pushes a day's orders (lines and payments nested) with one; twenty identical batches at
 * once apply once; a revoked key is refused at once; keys and UI sessions never stand in for each
 * other; limits, bad rows, gzip, another tenant's codes. Runs on DuckDB, and on PostgreSQL when
 * HM_DATABASE_URL is set.
 */
import { createHash } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedIngestKey, IngestKeyView, IngestLogEntry } from '../../engine/ingest';
import { today as businessToday } from '../../server/clock';
import { assertLive } from '../../server/ingest/keys';
import { PUSH_LIMITS } from '../../server/ingest/push-body';
import { bearer, startWithAccounts, type TestServer } from './server';
import { dialectUnderTest } from './testdb';

const today = businessToday();
let env: Awaited<ReturnType<typeof startWithAccounts>>;
let s: TestServer;
let tokens: Record<string, string>;
let store: { org_code: string; store_no: string };
let skus: string[];
let key: CreatedIngestKey;
let n = 0;
/** every /api route that needs a session, as Fastify registers them */
const uiRoutes: { method: string; url: string }[] = [];

function collect({ fastify }: { fastify: FastifyInstance }): void {
  fastify.addHook('onRoute', (r: RouteOptions) => {
    if (!r.url.startsWith('/api/') || (r.config as { public?: boolean } | undefined)?.public) return;
    for (const method of ([] as string[]).concat(r.method)) if (method !== 'HEAD' && method !== 'OPTIONS') uiRoutes.push({ method, url: r.url });
  });
}

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => s.testDb.db.query<T>(sql, params);
const num = async (sql: string, params: unknown[] = []) => Number(Object.values((await q(sql, params))[0])[0] ?? 0);

beforeAll(async () => {
  // Fastify announces each instance before any route is added: the hook sees every registration
  const init = channel('fastify.initialization');
  init.subscribe(collect as (message: unknown) => void);
  try {
    env = await startWithAccounts([
      ['admin', 'admin', 'HMT', '10139'],
      ['store', 'store01', 'HMD', '10139'],
      ['other', 'admin', 'HMT', '266'],
    ]);
  } finally {
    init.unsubscribe(collect as (message: unknown) => void);
  }
  ({ server: s, tokens } = env);
  [store] = await q<{ org_code: string; store_no: string }>('SELECT org_code, store_no FROM store WHERE tenant_id = 10139 ORDER BY store_no LIMIT 1');
  skus = (await q<{ sku_no: string }>('SELECT sku_no FROM stock WHERE tenant_id = 10139 AND org_code = $1 ORDER BY sku_no LIMIT 2', [store.org_code])).map((r) => r.sku_no);
  key = await createKey('收银系统', ['sales_order', 'brand']);
}, 300_000);
afterAll(() => env?.close());

async function createKey(name: string, tables: string[]): Promise<CreatedIngestKey> {
  const res = await s.app.inject({ method: 'POST', url: '/api/ingest-keys', headers: { ...bearer(tokens.admin), 'idempotency-key': `create-key-${++n}` }, payload: { key_name: name, tables } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A day's orders as a till sends them: each order with its lines and payments. */
function orders(tag: string, count = 2, org = store.org_code): string {
  return Array.from({ length: count }, (_, i) => {
    const no = `PU${tag}${i}`;
    return JSON.stringify({
      order_no: no, org_code: org, store_no: store.store_no, order_source: 1, order_kind: 1, is_return: 0,
      order_time: `${today} 10:0${i % 10}:00`, business_date: today, total_amount: 15, discount_amount: 0, pay_amount: 15, is_mixed_payment: 0, order_status: 4,
      sales_order_item: [
        { line_no: 1, sku_no: skus[0], qty: 1, selling_price: 10, sale_amount: 10, discount_amount: 0 },
        { line_no: 2, sku_no: skus[1], qty: 1, selling_price: 5, sale_amount: 5, discount_amount: 0 },
      ],
      sales_payment: [{ pay_line: 1, pay_type: 'CASH', pay_amount: 15, pay_time: `${today} 10:0${i % 10}:30` }],
    });
  }).join('\n');
}

const push = (table: string, body: string | Buffer, opts: { secret?: string; idem?: string | null; type?: string; headers?: Record<string, string> } = {}) =>
  s.app.inject({
    method: 'POST',
    url: `/api/ingest/${table}`,
    headers: {
      authorization: `Bearer ${opts.secret ?? key.secret}`,
      'content-type': opts.type ?? 'application/x-ndjson',
      ...(opts.idem === null ? {} : { 'idempotency-key': opts.idem ?? `b-${++n}` }),
      ...opts.headers,
    },
    payload: body,
  });

describe(`ingest keys (${dialectUnderTest})`, () => {
  it('are created with a secret shown once, listed without it, stored only as its hash', async () => {
    expect(key.secret).toMatch(/^hmk_10139_[A-Za-z0-9_-]{43}$/);
    const res = await s.app.inject({ method: 'GET', url: '/api/ingest-keys', headers: bearer(tokens.admin) });
    const { keys, tables } = res.json().data as { keys: IngestKeyView[]; tables: string[] };
    expect(tables).toContain('sales_order');
    expect(JSON.stringify(keys)).not.toContain(key.secret);
    expect(keys.find((k) => k.key_id === key.key_id)).toMatchObject({ key_name: '收银系统', tables: ['brand', 'sales_order'], revoked_at: null });
    const [row] = await q<{ key_hash: string }>('SELECT key_hash FROM ingest_key WHERE tenant_id = 10139 AND key_id = $1', [key.key_id]);
    expect(row.key_hash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    expect(JSON.stringify(await q('SELECT * FROM ingest_key'))).not.toContain(key.secret.slice(20));
  });

  it('are head office business: a store account may not list or create them', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/ingest-keys', headers: bearer(tokens.store) })).statusCode).toBe(403);
    const res = await s.app.inject({ method: 'POST', url: '/api/ingest-keys', headers: bearer(tokens.store), payload: { key_name: 'x', tables: ['brand'] } });
    expect(res.statusCode).toBe(403);
  });

  it('refuse tables that cannot be pushed', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/ingest-keys', headers: bearer(tokens.admin), payload: { key_name: 'x', tables: ['stock_ledger'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INGEST_UNKNOWN_TABLE');
  });
});

describe(`the push API (${dialectUnderTest})`, () => {
  it('takes a day of orders with nested lines and payments, posts them and logs the push', async () => {
    const res = await push('sales_order', orders('A'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'done', tables: expect.arrayContaining([{ table: 'sales_order_item', rows: 4 }]) });
    expect(await num("SELECT COUNT(*) FROM sales_order_item WHERE tenant_id = 10139 AND order_no LIKE 'PUA%' AND cost_amount IS NOT NULL")).toBe(4);
    expect(await num("SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139 AND doc_no LIKE 'PUA%'")).toBe(4);
    const log = await s.app.inject({ method: 'GET', url: '/api/ingest-log', headers: bearer(tokens.admin) });
    const [last] = log.json().data as IngestLogEntry[];
    expect(last).toMatchObject({ source: 'push', key_name: '收银系统', status: 'done', rows_accepted: 8 });
  });

  it('twenty identical batches at once apply once and all get the same answer', async () => {
    const body = orders('B', 3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => push('sales_order', body, { idem: 'same-batch-1' })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await num("SELECT COUNT(*) FROM ingest_log WHERE tenant_id = 10139 AND source = 'push' AND log_id = $1", [answers[0].json().data.log_id])).toBe(1);
    expect(await num("SELECT COUNT(*) FROM sales_order WHERE tenant_id = 10139 AND order_no LIKE 'PUB%'")).toBe(3);
    expect(await num("SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139 AND doc_no LIKE 'PUB%'")).toBe(6);
    const other = await push('sales_order', orders('C', 1), { idem: 'same-batch-1' });
    expect(other.statusCode).toBe(422);
  });

  it('needs an Idempotency-Key, a known content type, and a table in the key\'s scope', async () => {
    expect((await push('sales_order', orders('D'), { idem: null })).statusCode).toBe(400);
    expect((await push('sales_order', orders('D'), { type: 'text/plain' })).statusCode).toBe(415);
    const res = await push('sku', 'sku_no,sku_name\nX1,x\n', { type: 'text/csv' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('INGEST_TABLE_FORBIDDEN');
  });

  it('answers 400 with the bad rows and writes nothing', async () => {
    const bad = orders('E', 2).replace(skus[0], 'NOPE');
    const res = await push('sales_order', bad);
    expect(res.statusCode).toBe(400);
    const { rejects } = res.json().data as { rejects: { table: string; column: string; value: string }[] };
    expect(rejects).toContainEqual(expect.objectContaining({ table: 'sales_order_item', column: 'sku_no', value: 'NOPE' }));
    expect(await num("SELECT COUNT(*) FROM sales_order WHERE tenant_id = 10139 AND order_no LIKE 'PUE%'")).toBe(0);
    expect((await push('sales_order', '{"order_no": "X",\n')).statusCode).toBe(400);

    // the refused push is logged with its rejects, which only its own tenant downloads
    const logId = res.json().data.log_id as number;
    const csv = await s.app.inject({ method: 'GET', url: `/api/ingest-log/${logId}/rejects`, headers: bearer(tokens.admin) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('table,file,line,column,value,reason_zh,reason_en');
    expect(csv.body).toContain('NOPE');
    const log = (await s.app.inject({ method: 'GET', url: '/api/ingest-log', headers: bearer(tokens.admin) })).json().data as IngestLogEntry[];
    expect(log.find((e) => e.log_id === logId)).toMatchObject({ status: 'refused', has_rejects: true, rows_accepted: 0 });
    const stranger = await s.app.inject({ method: 'GET', url: `/api/ingest-log/${logId}/rejects`, headers: bearer(tokens.other) });
    expect(stranger.statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: '/api/ingest-log', headers: bearer(tokens.other) })).json().data).not.toContainEqual(expect.objectContaining({ log_id: logId, key_name: '收银系统' }));
  });

  it("refuses another tenant's codes as unknown", async () => {
    await q(`INSERT INTO organisation (tenant_id, org_code, org_name, org_type) VALUES (266, '9267', '他家门店', 2)`);
    const res = await push('sales_order', orders('F', 1, '9267'));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().data.rejects)).toContain('9267');
  });

  it('takes gzip and CSV; refuses a batch over the row limit with 413', async () => {
    const gz = await push('brand', gzipSync(Buffer.from('brand_code,brand_name\nPB1,推送品牌\n')), { type: 'text/csv', headers: { 'content-encoding': 'gzip' } });
    expect(gz.statusCode, gz.body).toBe(200);
    expect(await num("SELECT COUNT(*) FROM brand WHERE tenant_id = 10139 AND brand_code = 'PB1'")).toBe(1);
    const many = `brand_code,brand_name\n${Array.from({ length: 200_001 }, (_, i) => `M${i},m`).join('\n')}\n`;
    const big = await push('brand', many, { type: 'text/csv' });
    expect(big.statusCode).toBe(413);
    expect(await num("SELECT COUNT(*) FROM brand WHERE tenant_id = 10139 AND brand_code = 'M1'")).toBe(0);
  });

  it('refuses a batch over the byte limit with 413, as sent and as unpacked', async () => {
    const sent = await push('brand', Buffer.alloc(PUSH_LIMITS.bytes + 1, 'a'), { type: 'text/csv' });
    expect(sent.statusCode).toBe(413);
    expect(sent.json().code).toBe('INGEST_TOO_LARGE');
    // a gzip bomb: 64 KiB on the wire, over the limit once unpacked
    const bomb = gzipSync(Buffer.alloc(PUSH_LIMITS.bytes + 1024, 'a'));
    expect(bomb.length).toBeLessThan(PUSH_LIMITS.bytes / 100);
    const unpacked = await push('brand', bomb, { type: 'text/csv', headers: { 'content-encoding': 'gzip' } });
    expect(unpacked.statusCode).toBe(413);
    expect(unpacked.json().code).toBe('INGEST_TOO_LARGE');
    const english = await push('brand', bomb, { type: 'text/csv', headers: { 'content-encoding': 'gzip', 'accept-language': 'en-US' } });
    expect(english.json().message).toMatch(/push smaller batches/);
  });

  it('limits the pushes of a key per minute: 429 with Retry-After', async () => {
    const before = process.env.HM_INGEST_RATE_PER_MIN;
    process.env.HM_INGEST_RATE_PER_MIN = '2';
    try {
      // counted per key before the key is looked up: an unknown key of the right shape is refused 401 until the limit
      const secret = `hmk_10139_${'r'.repeat(43)}`;
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push(await push('brand', 'brand_code,brand_name\nRL,r\n', { secret, type: 'text/csv' }));
      expect(codes.map((r) => r.statusCode)).toEqual([401, 401, 429]);
      expect(Number(codes[2].headers['retry-after'])).toBeGreaterThan(0);
      expect(codes[2].json().code).toBe('RATE_LIMITED');
      // another key keeps its own allowance
      const fresh = await createKey('限流', ['brand']);
      expect((await push('brand', 'brand_code,brand_name\nRL,r\n', { secret: fresh.secret, type: 'text/csv' })).statusCode).toBe(200);
    } finally {
      if (before === undefined) delete process.env.HM_INGEST_RATE_PER_MIN;
      else process.env.HM_INGEST_RATE_PER_MIN = before;
    }
  });

  it('never mixes keys and sessions: a UI token is no key, a key is no session', async () => {
    expect((await push('sales_order', orders('G'), { secret: tokens.admin })).statusCode).toBe(401);
    const ui = await s.app.inject({ method: 'GET', url: '/api/ingest-keys', headers: { authorization: `Bearer ${key.secret}` } });
    expect(ui.statusCode).toBe(401);
    expect((await s.app.inject({ method: 'GET', url: '/api/menu', headers: { authorization: `Bearer ${key.secret}` } })).statusCode).toBe(401);
    expect((await push('brand', 'brand_code,brand_name\nPB9,b\n', { secret: '', type: 'text/csv' })).json().code).toBe('INGEST_KEY_INVALID');
  });

  it('a key is refused by every route that needs a session', async () => {
    expect(uiRoutes.length).toBeGreaterThan(100);
    const accepted: string[] = [];
    for (const r of uiRoutes) {
      const url = r.url.replace(/:(\w+)/g, '1').replace('*', '1');
      const res = await s.app.inject({ method: r.method as 'GET', url, headers: { authorization: `Bearer ${key.secret}` }, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }) });
      if (res.statusCode !== 401) accepted.push(`${r.method} ${url} → ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
  });

  it('a revoked key is refused at once', async () => {
    const spare = await createKey('备用', ['brand']);
    expect((await push('brand', 'brand_code,brand_name\nPB2,b\n', { secret: spare.secret, type: 'text/csv' })).statusCode).toBe(200);
    const revoke = await s.app.inject({ method: 'POST', url: `/api/ingest-keys/${spare.key_id}/revoke`, headers: bearer(tokens.admin) });
    expect(revoke.statusCode).toBe(200);
    expect((await push('brand', 'brand_code,brand_name\nPB3,b\n', { secret: spare.secret, type: 'text/csv' })).statusCode).toBe(401);
    expect((await s.app.inject({ method: 'POST', url: `/api/ingest-keys/${spare.key_id}/revoke`, headers: bearer(tokens.admin) })).statusCode).toBe(404);
    // a push already past its key check when the revoke commits finds the key revoked inside its own write
    const caller = { tenantId: 10139, keyId: spare.key_id, tables: new Set(['brand']) };
    await expect(s.testDb.db.transaction((tx) => assertLive(tx, caller))).rejects.toMatchObject({ statusCode: 401, code: 'INGEST_KEY_INVALID' });
    await expect(s.testDb.db.transaction((tx) => assertLive(tx, { ...caller, keyId: key.key_id }))).resolves.toBeUndefined();
    const listed = (await s.app.inject({ method: 'GET', url: '/api/ingest-keys', headers: bearer(tokens.admin) })).json().data.keys as IngestKeyView[];
    expect(listed.find((k) => k.key_id === spare.key_id)).toMatchObject({ revoked_at: expect.any(String), last_used_at: expect.any(String) });
  });
});

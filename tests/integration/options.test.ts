import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICT_CODES, OPTION_LISTS } from '../../engine/options';
import { bearer, login, startTestServer, type TestServer } from './server';

let s: TestServer;
let admin: string;
let supplier: string;
let other: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = (await login(s.app, 'admin', 'HMT')).token;
  supplier = (await login(s.app, 'supplier01', 'HMS')).token;
  other = (await login(s.app, 'admin', 'HMT', '266')).token;
});
afterAll(async () => {
  await s?.close();
});

const get = async (url: string, token: string) => {
  const res = await s.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
};

describe('option lists for report filters (rule §22)', () => {
  it.each(OPTION_LISTS)('%s answers a non-empty list of value/label items', async (name) => {
    const { status, body } = await get(`/api/options/${name}`, admin);
    expect(status).toBe(200);
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list[0]).toHaveProperty('value');
    expect(body.data.list[0]).toHaveProperty('label');
  });

  it('services carry the spec fields service_no and service_name', async () => {
    const { body } = await get('/api/options/services', admin);
    expect(body.data.list[0]).toMatchObject({ service_no: expect.any(String), service_name: expect.any(String) });
  });

  it('a supplier user sees only its own supplier', async () => {
    const { body } = await get('/api/options/suppliers', supplier);
    expect(body.data.list.map((r: { supplier_no: string }) => r.supplier_no)).toEqual(['V001']);
  });

  it('lists are tenant-scoped: each tenant sees exactly its own suppliers', async () => {
    const expected = async (tenant: number) =>
      (
        await s.testDb.db.query<{ supplier_no: string; supplier_name: string }>(
          `SELECT supplier_no, supplier_name FROM supplier WHERE tenant_id = $1 AND source_type = '1' ORDER BY supplier_no`,
          [tenant],
        )
      ).map((r) => `${r.supplier_no} ${r.supplier_name}`);
    const answered = async (token: string) =>
      (await get('/api/options/suppliers', token)).body.data.list.map(
        (r: { supplier_no: string; supplier_name: string }) => `${r.supplier_no} ${r.supplier_name}`,
      );
    const [mine, theirs] = [await answered(admin), await answered(other)];
    expect(theirs).toEqual(await expected(266));
    expect(mine).toEqual(await expected(10139));
    expect(theirs).not.toEqual(mine);
  });

  it('an unknown list → 404 with a message, a huge page size → 400', async () => {
    const unknown = await get('/api/options/nope', admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/未知的选项列表/);
    expect((await get('/api/options/services?page_size=100000', admin)).status).toBe(400);
  });
});

describe('dictionaries (rule §22)', () => {
  it.each(DICT_CODES)('%s answers dic_value and display_name_cn', async (code) => {
    const { status, body } = await get(`/api/dict?dic_code=${code}`, admin);
    expect(status).toBe(200);
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list[0]).toMatchObject({ dic_value: expect.any(String), display_name_cn: expect.any(String) });
  });

  it('an unknown or missing code is refused', async () => {
    expect((await get('/api/dict?dic_code=NOPE', admin)).status).toBe(404);
    expect((await get('/api/dict', admin)).status).toBe(400);
  });
});

describe('fixed enumerations', () => {
  it('stocktake results are 0 balanced, 1 gain, 2 loss', async () => {
    const { body } = await get('/api/enums/stocktake_result', admin);
    expect(body.data.list.map((o: { value: string }) => o.value)).toEqual(['0', '1', '2']);
  });
});

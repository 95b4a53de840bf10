import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, startTestServer, type TestServer } from './server';

let s: TestServer;
let admin: string;
let store: string;
let supplier: string;
let other: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = (await login(s.app, 'admin', 'HMT')).token;
  store = (await login(s.app, 'store01', 'HMD')).token;
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
type Row = Record<string, unknown>;
const list = async (url: string, token: string): Promise<Row[]> => {
  const { status, body } = await get(url, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.list;
};

describe('store picker calls (rules 390, 391, 417)', () => {
  it('rule 391: /api/uls/store/search answers list and total with the store fields, 50 per page by default', async () => {
    const { status, body } = await get('/api/uls/store/search?scene_auth=4', admin);
    expect(status).toBe(200);
    expect(body.status).toBe('200');
    expect(body.data.total).toBeGreaterThan(1);
    expect(body.data.list.length).toBeLessThanOrEqual(50);
    expect(body.data.list[0]).toMatchObject({
      store_no: expect.any(String),
      store_name: expect.any(String),
      store_type: expect.any(Number),
      store_type_text: expect.any(String),
      org_code: expect.any(String),
    });
    expect(body.data.list[0]).toHaveProperty('finance_no');
  });

  it('a store user sees its own and related stores only', async () => {
    const rows = await list('/api/uls/store/search?scene_auth=4&page_size=500', store);
    expect(rows.map((r) => r.store_no).sort()).toEqual(['S001', 'S002']);
  });

  it('the keyword finds a store by its org code (the code lists show), its store code and its name', async () => {
    for (const keyword of ['2001', 'S001', '上海徐汇店']) {
      const rows = await list(`/api/uls/store/search?scene_auth=4&keyword=${encodeURIComponent(keyword)}`, admin);
      expect(rows.map((r) => `${r.store_no} ${r.org_code} ${r.store_name}`), keyword).toContain('S001 2001 上海徐汇店');
    }
  });

  it('keyword and store_type filter the list', async () => {
    const all = await list('/api/uls/store/search?page_size=500', admin);
    const name = String(all[0].store_name);
    const byName = await list(`/api/uls/store/search?keyword=${encodeURIComponent(name)}`, admin);
    expect(byName.map((r) => r.store_name)).toContain(name);
    const franchise = await list('/api/uls/store/search?store_type=2&page_size=500', admin);
    expect(franchise.every((r) => r.store_type === 2 && r.store_type_text === '强加盟店')).toBe(true);
  });

  it('getStoreInfo answers one store; outside the store user scope it is not found', async () => {
    const { status, body } = await get('/api/uls/store/getStoreInfo/S001', admin);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ store_no: 'S001' });
    const out = await get('/api/uls/store/getStoreInfo/S005', store);
    expect(out.status).toBe(404);
    expect(out.body).toMatchObject({ status: '404', message: '门店不存在' });
  });

  it('enumeration answers the store_type options', async () => {
    const { body } = await get('/api/uls/store/enumeration', admin);
    expect(body.data.store_type).toEqual([
      { value: '1', label: '直营店' },
      { value: '2', label: '强加盟店' },
      { value: '3', label: '弱加盟店' },
    ]);
  });
});

describe('warehouse, supplier and wholesaler pickers (rules 384, 392, 393)', () => {
  it('rule 392: the head office sees every warehouse; a store user only its own org', async () => {
    const hq = await list('/api/pickers/warehouses?contact_status=0&page_size=500', admin);
    expect(new Set(hq.map((r) => r.center_type))).toEqual(new Set(['1', '2']));
    const own = await list('/api/pickers/warehouses?contact_status=0&org_code=1101', store);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.org_code === '2001')).toBe(true);
  });

  it('rule 392: store warehouses are center_type 1 only', async () => {
    const rows = await list('/api/pickers/store-warehouses?center_type=2&page_size=500', admin);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.center_type === '1')).toBe(true);
  });

  it('rule 384: suppliers filter by code and name; a supplier user sees only itself', async () => {
    const rows = await list('/api/pickers/suppliers?search_type=1&source_type=1&page_size=100', admin);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[0]).toMatchObject({ supplier_no: expect.any(String), supplier_name: expect.any(String) });
    const own = await list('/api/pickers/suppliers?supplier_no=V002', supplier);
    expect(own).toEqual([]);
    const self = await list('/api/pickers/suppliers', supplier);
    expect(self.map((r) => r.supplier_no)).toEqual(['V001']);
  });

  it('rule 393: wholesaler_status 1 lists enabled wholesalers; supplier users are refused', async () => {
    const all = await list('/api/pickers/wholesalers?page_size=500', admin);
    const enabled = await list('/api/pickers/wholesalers?wholesaler_status=1&page_size=500', admin);
    expect(enabled.length).toBeLessThan(all.length);
    expect(enabled.every((r) => r.wholesaler_status === 1)).toBe(true);
    const refused = await get('/api/pickers/wholesalers', supplier);
    expect(refused.status).toBe(403);
  });
});

describe('commodity picker (rules 363–367)', () => {
  it('rule 364: the type is required and must be 1–6, 8 or 9', async () => {
    const missing = await get('/api/pickers/commodities', admin);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('参数异常');
    const bad = await get('/api/pickers/commodities?type=7', admin);
    expect(bad.status).toBe(400);
  });

  it('rule 363, 415: a store order search answers the commodity fields, 20 per page', async () => {
    const { body } = await get('/api/pickers/commodities?type=2&get_location=1&get_lot_stock=0', store);
    expect(body.data.list).toHaveLength(20);
    expect(body.data.list[0]).toMatchObject({
      sku_no: expect.any(String),
      sku_name: expect.any(String),
      barcode: expect.any(String),
      stock_limit: expect.stringMatching(/^[12]$/),
      is_week: expect.any(Number),
      min_dorder_num: expect.any(Number),
      logistics_center_usable_num: expect.any(Number),
      input_tax_rate_text: expect.stringMatching(/%$/),
      // the number beside its text: a receipt line takes it as its 进项税率
      input_tax_rate: expect.any(Number),
    });
  });

  it('a store user cannot look at another org', async () => {
    const refused = await get('/api/pickers/commodities?type=3&org_code=2005', store);
    expect(refused.status).toBe(403);
  });

  it('keyword and category filter the goods', async () => {
    const first = (await list('/api/pickers/commodities?type=1', admin))[0];
    const byCode = await list(`/api/pickers/commodities?type=1&keyword=${first.sku_no}`, admin);
    expect(byCode.map((r) => r.sku_no)).toContain(first.sku_no);
    const food = await list('/api/pickers/commodities?type=1&cate_code=01&page_size=500', admin);
    const all = await list('/api/pickers/commodities?type=1&page_size=500', admin);
    expect(food.length).toBeGreaterThan(0);
    expect(food.length).toBeLessThan(all.length);
  });

  it('rule 365: types 8 and 9 list usable stock only; type 8 rows are lots', async () => {
    const stock = await list('/api/pickers/commodities?type=9&page_size=100', store);
    expect(stock.length).toBeGreaterThan(0);
    expect(stock.every((r) => Number(r.usable_num) >= 0.001)).toBe(true);
    const lots = await list('/api/pickers/commodities?type=8&page_size=50', admin);
    expect(lots.length).toBeGreaterThan(0);
    expect(lots[0]).toMatchObject({ lot_no: expect.any(String), sku_no: expect.any(String) });
    expect(new Set(lots.map((r) => r.id)).size).toBe(lots.length);
  });

  it('rule 367: a supplier user sees only its own goods, at its buying price; never the retailer\'s selling price or margin', async () => {
    for (const type of [1, 2, 6]) {
      const rows = await list(`/api/pickers/commodities?type=${type}&supplier_no=V002&page_size=100`, supplier);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.supplier_no === 'V001')).toBe(true);
      expect(rows[0]).toHaveProperty('buying_price');
      for (const row of rows) {
        expect(row).not.toHaveProperty('selling_price');
        expect(row).not.toHaveProperty('margin_rate');
      }
    }
    const goods = await list('/api/pickers/goods?page_size=100', supplier);
    expect(goods.length).toBeGreaterThan(0);
    for (const row of goods) expect(row).not.toHaveProperty('selling_price');
    // the retailer's own users still see them
    const own = await list('/api/pickers/commodities?type=1&supplier_no=V001&page_size=5', admin);
    expect(own[0]).toMatchObject({ selling_price: expect.any(Number), margin_rate: expect.any(Number) });
    expect((await list('/api/pickers/goods?page_size=5', admin))[0]).toHaveProperty('selling_price');
  });

  it('stock range filters must be numbers', async () => {
    const bad = await get('/api/pickers/commodities?type=3&usable_num_s=abc', admin);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: '400', code: 'BAD_PARAM' });
  });
});

describe('goods, SKU search and scan (rules 347–353, 371, 379)', () => {
  it('rule 371: goods come 50 per page; single_sale_type=1 keeps goods sold singly', async () => {
    const { body } = await get('/api/pickers/goods', admin);
    expect(body.data.list).toHaveLength(50);
    const single = await list('/api/pickers/goods?single_sale_type=1&page_size=500', admin);
    expect(single.every((r) => r.sku_type === 1)).toBe(true);
  });

  it('rule 352: SKU search answers the search fields, earliest code match first', async () => {
    const rows = await list('/api/pickers/sku-search?keyword=100&search_type=1', admin);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(50);
    expect(Object.keys(rows[0]).sort()).toEqual(['barcode', 'buying_price', 'min_dorder_num', 'sku_name', 'sku_no']);
    expect(String(rows[0].sku_no).indexOf('100')).toBeGreaterThanOrEqual(0);
  });

  it('SKU search needs a keyword', async () => {
    const { status, body } = await get('/api/pickers/sku-search?search_type=1', admin);
    expect(status).toBe(400);
    expect(body.message).toBe('请输入商品编码、名称或条码');
  });

  it('rule 353: scan finds a barcode exactly, 10 per page', async () => {
    const first = (await list('/api/pickers/goods?page_size=1', admin))[0];
    const { body } = await get(`/api/pickers/sku-scan?scan_no=${first.barcode}&page_size=10`, admin);
    expect(body.data.list.map((r: Row) => r.sku_no)).toEqual([first.sku_no]);
  });
});

describe('favourites, groups and lookups (rules 372–374, 386, 399, 400)', () => {
  it('rules 372, 373: a user lists its own folders and their goods; others get not found', async () => {
    const folders = await list('/api/pickers/favorite-folders?page_num=1&page_size=1000', store);
    expect(folders.length).toBeGreaterThan(0);
    const { body } = await get(`/api/pickers/favorite-skus?favorite_id=${folders[0].id}&get_sku_dorder_group=1&page_num=1&page_size=10`, store);
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.list[0]).toMatchObject({ sku_no: expect.any(String), favorite_id: folders[0].id });
    const foreign = await get(`/api/pickers/favorite-skus?favorite_id=${folders[0].id}`, admin);
    expect(foreign.status).toBe(404);
    const none = await get('/api/pickers/favorite-skus', store);
    expect(none.status).toBe(400);
  });

  it('rule 386: the group list is read whole (page 1 of 10000)', async () => {
    const { status, body } = await get('/api/pickers/groups?client_type=1&group_type=2&group_status=1&page_num=1&page_size=10000', admin);
    expect(status).toBe(200);
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list[0]).toMatchObject({ id: expect.any(Number), group_name: expect.any(String) });
  });

  it('rule 399: account data by keyword, without secrets; a store user sees its store accounts', async () => {
    const rows = await list('/api/uls/account/getAccountData?account_keyword=admin', admin);
    expect(rows.map((r) => r.account_name)).toContain('系统管理员');
    expect(rows[0]).not.toHaveProperty('password_hash');
    const storeRows = await list('/api/uls/account/getAccountData?page_size=500', store);
    expect(storeRows.length).toBeGreaterThan(0);
    expect(storeRows.every((r) => r.client_type === 'HMD')).toBe(true);
  });

  it('rule 399: locations by location_no_like; rule 400: buyers, pickup points, carriers, salesmen', async () => {
    const locations = await list('/api/pickers/locations?location_no_like=a', admin);
    expect(locations[0]).toHaveProperty('location_attribute_text');
    expect((await list('/api/pickers/buyers', admin))[0]).toMatchObject({ purchaser_name: expect.any(String), account_id: expect.any(Number) });
    expect((await list('/api/pickers/pickup-points', admin))[0]).toMatchObject({ store_pickup_no: expect.any(String), store_pickup_name: expect.any(String) });
    expect((await list('/api/pickers/carriers', admin)).length).toBeGreaterThan(0);
    expect((await list('/api/pickers/salesmen', admin))[0]).toMatchObject({ salesman_id: expect.any(String), salesman_name: expect.any(String) });
    expect((await list('/api/pickers/online-categories', admin)).length).toBeGreaterThan(0);
    expect((await list('/api/pickers/member-tags', admin)).length).toBeGreaterThan(0);
  });

  it('rule 434: service items carry their orgs', async () => {
    const rows = await list('/api/pickers/service-items?single_sale_type=1', admin);
    expect(rows[0]).toMatchObject({ service_no: expect.any(String), service_name: expect.any(String) });
    expect(Array.isArray(rows[0].account_org_relation)).toBe(true);
  });

  it('settlements: a supplier user sees its own only', async () => {
    const rows = await list('/api/pickers/settlements?page_size=500', supplier);
    expect(rows.every((r) => r.party_type === 4 && r.party_no === 'V001')).toBe(true);
  });
});

describe('trees (rules 395, 397, 423–428)', () => {
  it('rule 395: the role-filtered category tree nests three levels', async () => {
    const roots = await list('/api/pickers/categories?is_role=1&fast_show=1', admin);
    expect(roots[0]).toMatchObject({ cate_level: 1, parent_cate_code: null });
    const level2 = (roots[0].children as Row[])[0];
    expect(level2).toMatchObject({ cate_level: 2, parent_cate_code: roots[0].cate_code });
    expect((level2.children as Row[])[0]).toMatchObject({ cate_level: 3 });
  });

  it('rule 397: the org tree starts at the head office; a store user sees its orgs only', async () => {
    const roots = await list('/api/pickers/orgs?limit=999', admin);
    expect(roots.map((r) => r.org_code)).toContain('1000');
    const own = await list('/api/pickers/orgs?limit=999', store);
    expect(own.map((r) => r.org_code).sort()).toEqual(['2001', '2002']);
  });

  it('brand and department trees answer', async () => {
    expect((await list('/api/pickers/brands', admin))[0]).toMatchObject({ brand_code: expect.any(String), brand_name: expect.any(String) });
    expect((await list('/api/pickers/departments', admin)).length).toBeGreaterThan(0);
  });
});

describe('tenancy, paging and bad input', () => {
  it('every list is tenant-scoped', async () => {
    await s.testDb.db.query("INSERT INTO carrier (tenant_id, carrier_no, carrier_name) VALUES (266, 'CY99', '第二租户专属承运商')");
    expect((await list('/api/pickers/carriers?keyword=CY99', other)).map((r) => r.carrier_name)).toEqual(['第二租户专属承运商']);
    expect(await list('/api/pickers/carriers?keyword=CY99', admin)).toEqual([]);
  });

  it('page_size is capped at 500', async () => {
    const { body } = await get('/api/pickers/goods?page_size=100000', admin);
    expect(body.data.list.length).toBeLessThanOrEqual(500);
  });

  it.each([
    ['/api/uls/store/search?page_num=0', 'page_num'],
    ['/api/uls/store/search?page_size=abc', 'page_size'],
    ['/api/uls/store/search?store_type=9', 'store_type'],
    ['/api/pickers/warehouses?center_type=x', 'center_type'],
    ['/api/pickers/favorite-skus?favorite_id=abc', 'favorite_id'],
  ])('%s answers 400 naming %s', async (url, param) => {
    const { status, body } = await get(url, admin);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: '400', code: 'BAD_PARAM' });
    expect(body.message).toContain(param);
  });

  it('needs a session', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/pickers/goods' });
    expect(res.statusCode).toBe(401);
  });
});

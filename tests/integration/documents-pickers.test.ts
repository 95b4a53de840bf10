/**
 * The document fields and filters the pickers fill (migration 018): a code a picker list answers is
 * written, shown with its name and narrows the list; an unknown code is refused with nothing written;
 * the narrowed list stays within the session's tenant and row scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentListPage } from '../../engine/document/wire';
import { bearer, startWithAccounts } from './server';

let env: Awaited<ReturnType<typeof startWithAccounts>>;

beforeAll(async () => {
  env = await startWithAccounts([
    ['admin', 'admin', 'HMT', '10139'],
    ['store', 'store01', 'HMD', '10139'],
    ['other', 'admin', 'HMT', '266'],
  ]);
});
afterAll(() => env?.close());

type Who = 'admin' | 'store' | 'other';
const call = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  env.server.app.inject({ method, url, headers: bearer(env.tokens[who]), ...(payload === undefined ? {} : { payload }) });
const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
const q = (sql: string, params: unknown[] = []) => env.server.testDb.db.query<Record<string, unknown>>(sql, params);
const list = async (type: string, who: Who, query: string) => data<DocumentListPage>(await call('GET', `/api/documents/${type}?page_size=100${query}`, who));
/** The first rows a picker list answers this session. */
const picked = async <T>(path: string, who: Who = 'admin') => data<{ list: T[] }>(await call('GET', `${path}${path.includes('?') ? '&' : '?'}page_num=1&page_size=20`, who)).list;
const count = async (table: string) => Number((await q(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = 10139`))[0].n);
/** How many of the listed documents do not carry every given value (the demo seed fills these fields too). */
const others = async (table: string, key: string, nos: string[], values: Record<string, string | number>) => {
  const cols = Object.keys(values);
  const differs = cols.map((c, i) => `${c} IS DISTINCT FROM CAST($${i + 1} AS ${typeof values[c] === 'number' ? 'BIGINT' : 'VARCHAR'})`).join(' OR ');
  const rows = await q(`SELECT ${key} FROM ${table} WHERE tenant_id = 10139 AND (${differs})`, cols.map((c) => values[c]));
  return rows.filter((r) => nos.includes(String(r[key]))).length;
};
const someSku = async (org: string) =>
  String((await q('SELECT sku_no FROM stock WHERE tenant_id = 10139 AND org_code = $1 ORDER BY sku_no LIMIT 1', [org]))[0].sku_no);

describe('purchase receipt: buyer, department, carrier and settlement pickers', () => {
  it('the codes the pickers answer are written, shown with their names, and each narrows the list', async () => {
    const [buyer] = await picked<{ account_id: number; purchaser_name: string }>('/api/pickers/buyers');
    const [carrier] = await picked<{ carrier_no: string; carrier_name: string }>('/api/pickers/carriers');
    const [settlement] = await picked<{ settlement_no: string }>('/api/pickers/settlements');
    const [dept] = data<{ list: { department_code: string }[] }>(await call('GET', '/api/pickers/departments', 'admin')).list;
    const supplier = String((await q('SELECT supplier_no FROM supplier WHERE tenant_id = 10139 ORDER BY supplier_no LIMIT 1'))[0].supplier_no);
    const org = env.sessions.store.org_code;
    const header = {
      receive_type: '1',
      supplier_no: supplier,
      org_code: org,
      receive_time: '2026-11-22 08:00:00',
      buyer_id: String(buyer.account_id),
      department_code: dept.department_code,
      carrier_no: carrier.carrier_no,
      settlement_no: settlement.settlement_no,
    };
    const res = await call('POST', '/api/documents/purchase-receipt', 'admin', { header, lines: [{ sku_no: await someSku(org), qty: 1, price: 1 }] });
    expect(res.statusCode).toBe(200);
    const doc = data<DocumentDetail>(res);
    expect(String(doc.header.buyer_id)).toBe(String(buyer.account_id));
    expect(doc.header.buyer_id_name).toBe(buyer.purchaser_name);
    expect(doc.header.carrier_no_name).toBe(carrier.carrier_name);

    for (const [filter, value] of [
      ['buyer_id', buyer.account_id],
      ['carrier_no', carrier.carrier_no],
      ['department_code', dept.department_code],
      ['settlement_no', settlement.settlement_no],
    ] as const) {
      const page = await list('purchase-receipt', 'admin', `&${filter}=${encodeURIComponent(String(value))}`);
      expect(page.list.map((r) => r.receive_no), filter).toContain(doc.no);
      expect(page.list.every((r) => filter === 'department_code' || filter === 'settlement_no' || String(r[filter]) === String(value)), filter).toBe(true);
      expect(page.total, filter).toBeLessThan((await list('purchase-receipt', 'admin', '')).total);
    }
    // the store sees it through the carrier filter (its own store); the other tenant does not
    expect((await list('purchase-receipt', 'store', `&carrier_no=${carrier.carrier_no}`)).list.map((r) => r.receive_no)).toContain(doc.no);
    expect((await list('purchase-receipt', 'other', `&carrier_no=${carrier.carrier_no}`)).list.map((r) => r.receive_no)).not.toContain(doc.no);
  });

  it('a code no picker would answer is refused with its field named, and nothing is written', async () => {
    const before = await count('purchase_receipt');
    const org = env.sessions.store.org_code;
    const supplier = String((await q('SELECT supplier_no FROM supplier WHERE tenant_id = 10139 ORDER BY supplier_no LIMIT 1'))[0].supplier_no);
    const res = await call('POST', '/api/documents/purchase-receipt', 'admin', {
      header: { receive_type: '1', supplier_no: supplier, org_code: org, receive_time: '2026-11-22 08:00:00', carrier_no: 'NOPE' },
      lines: [{ sku_no: await someSku(org), qty: 1, price: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe("承运商'NOPE'不存在");
    expect(await count('purchase_receipt')).toBe(before);
  });
});

describe('stock adjustment and store outbound pickers', () => {
  it('location, salesman and department fill an adjustment and narrow the list', async () => {
    const org = env.sessions.store.org_code;
    // the seed's locations are in logistics centres, which the head office's location picker lists
    const [{ location_no: location }] = await picked<{ location_no: string }>('/api/pickers/locations');
    const [salesman] = await picked<{ salesman_id: string; salesman_name: string }>('/api/pickers/salesmen');
    const reason = String((await q('SELECT reason_code FROM adjustment_reason WHERE tenant_id = 10139 ORDER BY reason_code LIMIT 1'))[0].reason_code);
    const res = await call('POST', '/api/documents/stock-adjustment', 'admin', {
      header: { org_code: org, direction: '1', reason_code: reason, adjust_time: '2026-11-22 09:00:00', location_no: location, salesman_id: salesman.salesman_id },
      lines: [{ sku_no: await someSku(org), qty: 1, cost_price: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const doc = data<DocumentDetail>(res);
    expect(doc.header.salesman_id_name).toBe(salesman.salesman_name);
    const page = await list('stock-adjustment', 'store', `&salesman_id=${salesman.salesman_id}&location_no=${location}`);
    const nos = page.list.map((r) => String(r.adjust_no));
    expect(nos).toContain(doc.no);
    expect(await others('stock_adjustment', 'adjust_no', nos, { salesman_id: salesman.salesman_id, location_no: location })).toBe(0);
    expect(page.total).toBeLessThan((await list('stock-adjustment', 'store', '')).total);
  });

  it('customer group, carrier and service item fill an outbound; the multi-item filter takes several codes', async () => {
    const org = env.sessions.store.org_code;
    const [group] = await picked<{ id: number; group_name: string }>('/api/pickers/groups?client_type=1&group_type=2&group_status=1');
    const services = await picked<{ service_no: string; service_name: string }>('/api/pickers/service-items');
    expect(services.length).toBeGreaterThan(1);
    const res = await call('POST', '/api/documents/store-outbound', 'store', {
      header: { issue_type: '12', issue_time: '2026-11-22 10:00:00', group_id: String(group.id), service_no: services[0].service_no },
      lines: [{ sku_no: await someSku(org), qty: 1, cost_price: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const doc = data<DocumentDetail>(res);
    expect(doc.header.group_id_name).toBe(group.group_name);
    expect(doc.header.service_no_name).toBe(services[0].service_name);
    const both = await list('store-outbound', 'store', `&service_no=${services[1].service_no},${services[0].service_no}`);
    expect(both.list.map((r) => r.issue_no)).toContain(doc.no);
    expect((await list('store-outbound', 'store', `&service_no=${services[1].service_no}`)).list.map((r) => r.issue_no)).not.toContain(doc.no);
    const grouped = await list('store-outbound', 'store', `&group_id=${group.id}`);
    const nos = grouped.list.map((r) => String(r.issue_no));
    expect(nos).toContain(doc.no);
    expect(await others('stock_issue_order', 'issue_no', nos, { group_id: Number(group.id) })).toBe(0);
    expect(grouped.total).toBeLessThan((await list('store-outbound', 'store', '')).total);
  });
});

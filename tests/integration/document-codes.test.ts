/**
 * Warehouses, locations and lots written on documents are checked against what the field's picker
 * offers this session for the document's other fields (server/pickers/offers.ts): a code of another
 * tenant, of another store, a disabled warehouse, or one the picker would not offer for the document's
 * org, warehouse or line goods is refused with UNKNOWN_CODE and nothing is written; a code the picker
 * offers is accepted. Saving, editing and importing lines are checked alike.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail } from '../../engine/document/wire';
import { bearer, startWithAccounts } from './server';

const TENANT = 10139;
const OTHER_TENANT = 266;

let env: Awaited<ReturnType<typeof startWithAccounts>>;
type Who = 'admin' | 'store';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) =>
  env.server.app.inject({ method, url, headers: bearer(env.tokens[who]), ...(payload === undefined ? {} : { payload }) });
const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
const q = (sql: string, params: unknown[] = []) => env.server.testDb.db.query<Record<string, unknown>>(sql, params);
const one = async (sql: string, params: unknown[] = []) => String(Object.values((await q(sql, params))[0])[0]);
const count = async (table: string) => Number((await q(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = ${TENANT}`))[0].n);

/** The store user's org and warehouse, another store's, two goods items and an adjustment reason. */
const f = { storeOrg: '', storeCenter: '', otherOrg: '', otherCenter: '', sku: '', sku2: '', reason: '' };

beforeAll(async () => {
  env = await startWithAccounts([
    ['admin', 'admin', 'HMT', String(TENANT)],
    ['store', 'store01', 'HMD', String(TENANT)],
  ]);
  f.storeOrg = env.sessions.store.org_code;
  f.storeCenter = await one("SELECT center_code FROM logistics_center WHERE tenant_id = $1 AND org_code = $2 AND center_type = '1' ORDER BY center_code", [TENANT, f.storeOrg]);
  const other = (await q("SELECT org_code, center_code FROM logistics_center WHERE tenant_id = $1 AND org_code <> $2 AND center_type = '1' ORDER BY center_code", [TENANT, f.storeOrg]))[0];
  f.otherOrg = String(other.org_code);
  f.otherCenter = String(other.center_code);
  const skus = await q('SELECT sku_no FROM sku WHERE tenant_id = $1 ORDER BY sku_no LIMIT 2', [TENANT]);
  [f.sku, f.sku2] = skus.map((r) => String(r.sku_no));
  f.reason = await one('SELECT reason_code FROM adjustment_reason WHERE tenant_id = $1 ORDER BY reason_code', [TENANT]);
  const { storeOrg, storeCenter, otherOrg, otherCenter, sku, sku2 } = f;
  await env.server.testDb.db.transaction(async (tx) => {
    const centre = (t: number, code: string, type: string, status: number, org: string) =>
      tx.query("INSERT INTO logistics_center (tenant_id, center_code, center_name, center_type, contact_status, org_code) VALUES ($1, $2, 'test', $3, $4, $5)", [t, code, type, status, org]);
    await centre(TENANT, 'TW-OFF', '1', 1, storeOrg); // disabled
    await centre(TENANT, 'TW-2', '1', 0, storeOrg); // the store's second warehouse
    await centre(TENANT, 'TW-LC', '2', 0, storeOrg); // a logistics centre at the store's org
    await centre(OTHER_TENANT, 'TW-266', '1', 0, storeOrg);
    const location = (t: number, no: string, center: string) => tx.query('INSERT INTO location (tenant_id, location_no, center_code) VALUES ($1, $2, $3)', [t, no, center]);
    await location(TENANT, 'TL-OK', storeCenter);
    await location(TENANT, 'TL-2', 'TW-2');
    await location(TENANT, 'TL-OTHER', otherCenter);
    await location(OTHER_TENANT, 'TL-266', 'TW-266');
    const lot = async (t: number, no: string, skuNo: string, org: string, center: string, qty: number) => {
      await tx.query('INSERT INTO lot (tenant_id, lot_no, sku_no, org_code, center_code) VALUES ($1, $2, $3, $4, $5)', [t, no, skuNo, org, center]);
      await tx.query('INSERT INTO lot_stock (tenant_id, lot_no, org_code, center_code, sku_no, stock_num) VALUES ($1, $2, $3, $4, $5, $6)', [t, no, org, center, skuNo, qty]);
    };
    await lot(TENANT, 'TLOT-OK', sku, storeOrg, storeCenter, 5);
    await lot(TENANT, 'TLOT-2', sku, storeOrg, 'TW-2', 5);
    await lot(TENANT, 'TLOT-SKU2', sku2, storeOrg, storeCenter, 5);
    await lot(TENANT, 'TLOT-EMPTY', sku, storeOrg, storeCenter, 0);
    await lot(TENANT, 'TLOT-OTHER', sku, otherOrg, otherCenter, 5);
    await lot(OTHER_TENANT, 'TLOT-266', sku, storeOrg, storeCenter, 5);
  });
});
afterAll(() => env?.close());

interface Adjustment {
  org_code?: string;
  center_code?: string | null;
  location_no?: string | null;
  lot_no?: string | null;
  sku_no?: string;
}

const adjustment = (a: Adjustment) => ({
  header: {
    direction: '1',
    reason_code: f.reason,
    adjust_time: '2026-11-22 09:00:00',
    center_code: a.center_code ?? null,
    location_no: a.location_no ?? null,
    ...(a.org_code ? { org_code: a.org_code } : {}),
  },
  lines: [{ sku_no: a.sku_no ?? f.sku, qty: 1, cost_price: 1, lot_no: a.lot_no ?? null }],
});

/** Creating the adjustment is refused with UNKNOWN_CODE naming the field, and nothing is written. */
async function refused(who: Who, a: Adjustment, message: string): Promise<void> {
  const before = [await count('stock_adjustment'), await count('stock_adjustment_item')];
  const res = await call('POST', '/api/documents/stock-adjustment', who, adjustment(a));
  expect(res.statusCode, JSON.stringify(a)).toBe(400);
  expect(res.json()).toMatchObject({ code: 'UNKNOWN_CODE', message });
  expect([await count('stock_adjustment'), await count('stock_adjustment_item')]).toEqual(before);
}

async function accepted(who: Who, a: Adjustment): Promise<DocumentDetail> {
  const res = await call('POST', '/api/documents/stock-adjustment', who, adjustment(a));
  expect(res.statusCode, res.body).toBe(200);
  return data<DocumentDetail>(res);
}

describe('warehouse', () => {
  it('a store user: its own enabled warehouses are accepted; another tenant’s, another store’s and a disabled one are refused', async () => {
    expect((await accepted('store', { center_code: f.storeCenter })).header.center_code).toBe(f.storeCenter);
    await accepted('store', { center_code: 'TW-2' });
    await refused('store', { center_code: 'TW-266' }, "仓库'TW-266'不存在");
    await refused('store', { center_code: f.otherCenter }, `仓库'${f.otherCenter}'不存在`);
    await refused('store', { center_code: 'TW-OFF' }, "仓库'TW-OFF'不存在");
  });

  it('the head office: a warehouse of the document’s org only', async () => {
    await refused('admin', { org_code: f.storeOrg, center_code: f.otherCenter }, `仓库'${f.otherCenter}'不存在`);
    await accepted('admin', { org_code: f.otherOrg, center_code: f.otherCenter });
    await refused('admin', { org_code: f.storeOrg, center_code: 'TW-OFF' }, "仓库'TW-OFF'不存在");
  });

  it('a purchase receipt takes store warehouses only (its picker), an adjustment any of the org’s', async () => {
    await accepted('admin', { org_code: f.storeOrg, center_code: 'TW-LC' });
    const supplier = await one('SELECT supplier_no FROM supplier WHERE tenant_id = $1 ORDER BY supplier_no', [TENANT]);
    const receipt = (center: string) =>
      call('POST', '/api/documents/purchase-receipt', 'admin', {
        header: { receive_type: '1', supplier_no: supplier, org_code: f.storeOrg, receive_time: '2026-11-22 08:00:00', center_code: center },
        lines: [{ sku_no: f.sku, qty: 1, price: 1 }],
      });
    const before = await count('purchase_receipt');
    const lc = await receipt('TW-LC');
    expect(lc.json()).toMatchObject({ code: 'UNKNOWN_CODE', message: "收货仓'TW-LC'不存在" });
    expect(await count('purchase_receipt')).toBe(before);
    expect((await receipt('TW-2')).statusCode).toBe(200);
  });

  it('what is accepted is what the warehouse picker lists', async () => {
    const listed = data<{ list: { center_code: string }[] }>(await call('GET', '/api/pickers/warehouses?contact_status=0&page_size=500', 'store')).list.map((r) => r.center_code);
    expect(listed).toEqual(expect.arrayContaining([f.storeCenter, 'TW-2']));
    expect(listed).not.toContain('TW-OFF');
    expect(listed).not.toContain(f.otherCenter);
  });
});

describe('location', () => {
  it('a location of the document’s warehouse is accepted; another tenant’s, another store’s and another warehouse’s are refused', async () => {
    expect((await accepted('store', { center_code: f.storeCenter, location_no: 'TL-OK' })).header.location_no).toBe('TL-OK');
    await accepted('store', { center_code: 'TW-2', location_no: 'TL-2' });
    await refused('store', { center_code: f.storeCenter, location_no: 'TL-266' }, "库位'TL-266'不存在");
    await refused('store', { location_no: 'TL-OTHER' }, "库位'TL-OTHER'不存在");
    await refused('store', { center_code: f.storeCenter, location_no: 'TL-2' }, "库位'TL-2'不存在");
    // without a warehouse the picker lists every location the store may see
    await accepted('store', { location_no: 'TL-2' });
  });

  it('what is accepted is what the location picker lists for the warehouse', async () => {
    const listed = async (center: string) =>
      data<{ list: { location_no: string }[] }>(await call('GET', `/api/pickers/locations?center_code=${center}`, 'store')).list.map((r) => r.location_no);
    expect(await listed(f.storeCenter)).toEqual(['TL-OK']);
    expect(await listed('TW-2')).toEqual(['TL-2']);
  });
});

describe('lot', () => {
  it('a lot of the line’s goods in stock at the document’s org and warehouse is accepted; others are refused', async () => {
    const doc = await accepted('store', { center_code: f.storeCenter, lot_no: 'TLOT-OK' });
    expect(doc.lines[0].lot_no).toBe('TLOT-OK');
    await accepted('store', { lot_no: 'TLOT-2' });
    await accepted('store', { center_code: 'TW-2', lot_no: 'TLOT-2' });
    await refused('store', { center_code: f.storeCenter, lot_no: 'TLOT-266' }, "第1行：批次号'TLOT-266'不存在");
    await refused('store', { lot_no: 'TLOT-OTHER' }, "第1行：批次号'TLOT-OTHER'不存在");
    await refused('store', { center_code: f.storeCenter, lot_no: 'TLOT-SKU2' }, "第1行：批次号'TLOT-SKU2'不存在");
    await refused('store', { center_code: f.storeCenter, lot_no: 'TLOT-2' }, "第1行：批次号'TLOT-2'不存在");
    await refused('store', { center_code: f.storeCenter, lot_no: 'TLOT-EMPTY' }, "第1行：批次号'TLOT-EMPTY'不存在");
    await accepted('store', { center_code: f.storeCenter, sku_no: f.sku2, lot_no: 'TLOT-SKU2' });
  });

  it('the head office: a lot at the document’s org only', async () => {
    await refused('admin', { org_code: f.storeOrg, lot_no: 'TLOT-OTHER' }, "第1行：批次号'TLOT-OTHER'不存在");
    await accepted('admin', { org_code: f.otherOrg, lot_no: 'TLOT-OTHER' });
  });

  it('an edit is checked alike and keeps the document as it was', async () => {
    const doc = await accepted('store', { center_code: f.storeCenter, lot_no: 'TLOT-OK' });
    const res = await call('PUT', `/api/documents/stock-adjustment/${doc.no}`, 'store', adjustment({ center_code: 'TW-2', lot_no: 'TLOT-OK' }));
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_CODE', message: "第1行：批次号'TLOT-OK'不存在" });
    const kept = data<DocumentDetail>(await call('GET', `/api/documents/stock-adjustment/${doc.no}`, 'store'));
    expect([kept.header.center_code, kept.lines.map((l) => l.lot_no)]).toEqual([f.storeCenter, ['TLOT-OK']]);
  });

  it('what is accepted is what the batch-stock picker lists for the org', async () => {
    const rows = data<{ list: { lot_no: string; sku_no: string }[] }>(
      await call('GET', `/api/pickers/commodities?type=8&org_code=${f.storeOrg}&keyword=${f.sku}&page_size=500`, 'store'),
    ).list.map((r) => r.lot_no);
    expect(rows).toEqual(expect.arrayContaining(['TLOT-OK', 'TLOT-2']));
    expect(rows).not.toContain('TLOT-EMPTY');
    expect(rows).not.toContain('TLOT-OTHER');
  });
});

// ---------------------------------------------------------------- import

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function importSheet(no: string, rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  for (const r of [['商品编码', '批次号', '调整数量', '成本价'], ...rows]) ws.addRow(r);
  const content = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = '----codes' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="no"\r\n\r\n${no}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lines.xlsx"\r\nContent-Type: ${XLSX_TYPE}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await env.server.app.inject({
    method: 'POST',
    url: '/api/import/stock_adjustment_item',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(env.tokens.store) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const jobId = data<{ job_id: string }>(res).job_id;
  await env.server.app.jobs.waitFor(jobId, 30_000);
  return data<{ status: string; row_count: number; error: string | null }>(await call('GET', `/api/jobs/${jobId}`, 'store'));
}

describe('import', () => {
  it('imported lots are checked per row against the row’s goods and the document’s org and warehouse', async () => {
    const doc = await accepted('store', { center_code: f.storeCenter });
    const bad = await importSheet(doc.no, [
      [f.sku, 'TLOT-OK', 1, 1],
      [f.sku, 'TLOT-SKU2', 1, 1],
      [f.sku, 'TLOT-266', 1, 1],
      [f.sku, 'TLOT-2', 1, 1],
      [f.sku2, 'TLOT-SKU2', 1, 1],
    ]);
    expect(bad).toMatchObject({ status: 'done', row_count: 0, error: '共3行有错误，未导入任何数据，请下载错误文件查看' });
    const lotsOf = async () => data<DocumentDetail>(await call('GET', `/api/documents/stock-adjustment/${doc.no}`, 'store')).lines.map((l) => l.lot_no);
    expect(await lotsOf()).toEqual([null]);
    const good = await importSheet(doc.no, [[f.sku, 'TLOT-OK', 1, 1], [f.sku2, 'TLOT-SKU2', 1, 1]]);
    expect(good).toMatchObject({ status: 'done', row_count: 2 });
    expect(await lotsOf()).toEqual([null, 'TLOT-OK', 'TLOT-SKU2']);
  });
});

describe('import raced by a save', () => {
  it('rows are checked against the header as it stands in the transaction that adds them, not as it was read before', async () => {
    const doc = await accepted('store', { center_code: f.storeCenter });
    const app = env.server.app;
    // the store saves the document with its second warehouse right after the import job has read the
    // sheet and the document, just before the job's write: the window a check outside that write leaves open
    let armed = false;
    const start = app.jobs.start.bind(app.jobs);
    const transaction = app.db.transaction.bind(app.db);
    app.jobs.start = (spec, seal) =>
      start({ ...spec, produce: (errorFile, onProgress) => spec.produce(errorFile, (n) => ((armed = true), onProgress(n))) }, seal);
    app.db.transaction = async (fn) => {
      if (armed) {
        armed = false;
        const saved = await call('PUT', `/api/documents/stock-adjustment/${doc.no}`, 'store', adjustment({ center_code: 'TW-2' }));
        expect(saved.statusCode, saved.body).toBe(200);
      }
      return transaction(fn);
    };
    try {
      // TLOT-OK is stocked at the first warehouse only
      const raced = await importSheet(doc.no, [[f.sku, 'TLOT-OK', 1, 1]]);
      expect(raced).toMatchObject({ status: 'done', row_count: 0, error: '共1行有错误，未导入任何数据，请下载错误文件查看' });
    } finally {
      app.jobs.start = start;
      app.db.transaction = transaction;
    }
    const now = data<DocumentDetail>(await call('GET', `/api/documents/stock-adjustment/${doc.no}`, 'store'));
    expect(now.header.center_code).toBe('TW-2');
    expect(now.lines.map((l) => l.lot_no)).toEqual([null]);
  });
});

/**
 * Loaded stock documents post as approved ones do (issue "Data in", item 4; docs/loading.md): purchase
 * receipts, stock adjustments and store outbounds are fact families by their definitions' posting
 * section. The same documents approved one by one through the document screens (database A) and
 * loaded as files in one go (database B, a copy of the same seed) leave the same ledger, positions,
 * lots, snapshots, booked line costs and report figures; a load is refused whole for a posted state it
 * does not have, a document already stored, a lot number taken or a lot short, and writes nothing.
 * Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/dates/calendar';
import type { DocumentDetail } from '../../engine/document/wire';
import type { ReportRow } from '../../engine/wire';
import { buildServer } from '../../server/app';
import { today as businessToday } from '../../server/clock';
import type { Db } from '../../server/db/types';
import { fileLoads } from './load-helpers';
import { reportClient } from './report-helpers';
import { bearer, login, startWithAccounts, type TestServer } from './server';
import { coldCopy, dialectUnderTest } from './testdb';

const today = businessToday();
const yesterday = addDays(today, -1);
const at = (hour: number) => `${yesterday} ${String(hour).padStart(2, '0')}:00:00`;

let env: Awaited<ReturnType<typeof startWithAccounts>>;
let a: TestServer;
let copy: Awaited<ReturnType<typeof coldCopy>>;
let bDb: Db;
let b: TestServer;
let bToken: string;
let org: string;
let sku: string;
let reason: string;
const loads = fileLoads();

const q = (db: Db, sql: string, params: unknown[] = []) => db.query<Record<string, unknown>>(sql, params);

beforeAll(async () => {
  env = await startWithAccounts([['admin', 'admin', 'HMT', '10139'], ['store', 'store01', 'HMD', '10139']]);
  a = env.server;
  copy = await coldCopy();
  bDb = await copy.open();
  const filesDir = loads.dir();
  const app = await buildServer({ db: bDb, config: { staticDir: '/nonexistent', filesDir } });
  await app.ready();
  b = { ...a, app, testDb: { ...a.testDb, db: bDb } };
  bToken = (await login(app, 'admin', 'HMT')).token;
  org = env.sessions.store.org_code!;
  sku = String((await q(a.testDb.db, "SELECT sku_no FROM sku WHERE tenant_id = 10139 AND supplier_no = 'V001' ORDER BY sku_no LIMIT 1"))[0].sku_no);
  reason = String((await q(a.testDb.db, 'SELECT reason_code FROM adjustment_reason WHERE tenant_id = 10139 ORDER BY reason_code LIMIT 1'))[0].reason_code);
}, 300_000);

afterAll(async () => {
  await b?.app.close();
  await bDb?.close();
  await copy?.drop();
  await env?.close();
  loads.cleanup();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, app = a.app) =>
  app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

/** Creates, submits and approves a document through the screens' API; answers its number. */
async function approved(type: string, header: Record<string, unknown>, lines: Record<string, unknown>[]): Promise<string> {
  const token = env.tokens.admin;
  const res = await call('POST', `/api/documents/${type}`, token, { header, lines });
  expect(res.statusCode, res.body).toBe(200);
  const no = (res.json() as { data: DocumentDetail }).data.no;
  expect((await call('POST', `/api/documents/${type}/${no}/submit`, token)).statusCode).toBe(200);
  const audit = await call('POST', `/api/documents/${type}/${no}/audit`, token, { status: '1', remark: '同意' });
  expect(audit.statusCode, audit.body).toBe(200);
  return no;
}

/** The report totals over yesterday at the store and goods item, on one side. */
async function figures(side: TestServer, token: string): Promise<Record<number, ReportRow>> {
  const client = reportClient(side, today);
  const out: Record<number, ReportRow> = {};
  for (const id of [102, 61, 129, 123]) {
    const cfg = await client.config(id, token);
    const where = ['org_code', 'sku_no']
      .map((w) => cfg.dimension.find((d) => d.id === w))
      .filter((d) => d !== undefined)
      .map((d) => ({ where_id: d.id, operator_id: Number(d.default_operator_id ?? 1), operation_value: [d.id === 'org_code' ? org : sku] }));
    out[id] = (await client.open(id, token, (qq) => ({ ...qq, date_start: yesterday, date_end: yesterday, whereList: JSON.stringify(where) }))).totals;
  }
  return out;
}

/** What posting leaves behind for the goods item and these documents, comparable across the two databases. */
async function postedState(db: Db, docs: readonly string[]): Promise<Record<string, unknown>> {
  const list = docs.map((d) => `'${d}'`).join(', ');
  return {
    ledger: await q(db,
      `SELECT org_code, center_code, sku_no, lot_no, doc_type, doc_no, doc_item_id, qty, cost_price, amount, stock_before, cost_diff_amount, CAST(biz_time AS VARCHAR) AS t, CAST(biz_date AS VARCHAR) AS d
         FROM stock_ledger WHERE tenant_id = 10139 AND doc_no IN (${list}) ORDER BY doc_no, doc_item_id, lot_no`),
    stock: await q(db, 'SELECT org_code, center_code, stock_num, usable_num, stock_amount, avg_cost FROM stock WHERE tenant_id = 10139 AND sku_no = $1 ORDER BY org_code, center_code', [sku]),
    lots: await q(db,
      `SELECT l.lot_no, l.org_code, l.center_code, l.supplier_no, l.lot_price, l.receive_no, s.stock_num FROM lot l
         LEFT JOIN lot_stock s ON s.tenant_id = l.tenant_id AND s.lot_no = l.lot_no WHERE l.tenant_id = 10139 AND l.sku_no = $1 ORDER BY l.lot_no, s.org_code`, [sku]),
    snapshots: await q(db,
      `SELECT org_code, center_code, CAST(biz_date AS VARCHAR) AS d, qty, amount FROM stock_daily_snapshot
        WHERE tenant_id = 10139 AND sku_no = $1 AND biz_date >= CAST($2 AS DATE) ORDER BY org_code, center_code, biz_date`, [sku, yesterday]),
    lotSnapshots: await q(db,
      `SELECT lot_no, org_code, CAST(biz_date AS VARCHAR) AS d, qty, amount FROM lot_stock_daily_snapshot
        WHERE tenant_id = 10139 AND sku_no = $1 AND biz_date >= CAST($2 AS DATE) ORDER BY lot_no, org_code, biz_date`, [sku, yesterday]),
    receiptLines: await q(db, `SELECT receive_no, line_id, lot_no FROM purchase_receipt_item WHERE tenant_id = 10139 AND receive_no IN (${list}) ORDER BY receive_no, line_id`),
    adjustLines: await q(db, `SELECT adjust_no, line_id, cost_price, amount FROM stock_adjustment_item WHERE tenant_id = 10139 AND adjust_no IN (${list}) ORDER BY adjust_no, line_id`),
    states: await q(db,
      `SELECT receive_no AS no, status FROM purchase_receipt WHERE tenant_id = 10139 AND receive_no IN (${list})
       UNION ALL SELECT adjust_no, status FROM stock_adjustment WHERE tenant_id = 10139 AND adjust_no IN (${list}) ORDER BY no`),
  };
}

describe(`loaded stock documents post as approved ones (${dialectUnderTest})`, () => {
  let receipt: string;
  let adjustIn: string;
  let adjustOut: string;
  let later: string;

  it('a receipt and two adjustments loaded in one go equal the same documents approved one by one: ledger, positions, lots, snapshots, line costs and reports', async () => {
    const beforeB = await figures(b, bToken);
    receipt = await approved('purchase-receipt', { receive_type: '1', supplier_no: 'V001', org_code: org, receive_time: at(9) }, [
      { sku_no: sku, qty: 12, price: 4.2, input_tax_rate: 0.13 },
      { sku_no: sku, qty: 3.5, price: 4.45, input_tax_rate: 0.13, lot_no: 'LDX-OWN-1' },
    ]);
    // out of the receipt's own first lot at the moving average, then in without a lot at a cost of its own
    adjustOut = await approved('stock-adjustment', { org_code: org, direction: '2', reason_code: reason, adjust_time: at(11) }, [{ sku_no: sku, qty: 2, lot_no: `${receipt}-1`, cost_price: 99 }]);
    adjustIn = await approved('stock-adjustment', { org_code: org, direction: '1', reason_code: reason, adjust_time: at(12) }, [{ sku_no: sku, qty: 5, cost_price: 3.1 }]);
    // a later receipt: posted before the adjustments, it would change the cost they book
    later = await approved('purchase-receipt', { receive_type: '1', supplier_no: 'V001', org_code: org, receive_time: at(13) }, [{ sku_no: sku, qty: 40, price: 9.9, input_tax_rate: 0.13 }]);
    const [rh] = await q(a.testDb.db, 'SELECT center_code FROM purchase_receipt WHERE tenant_id = 10139 AND receive_no = $1', [receipt]);
    const amounts = (await q(a.testDb.db, `SELECT amount FROM purchase_receipt_item WHERE tenant_id = 10139 AND receive_no IN ('${receipt}', '${later}') ORDER BY receive_no = '${later}', line_id`)).map((r) => r.amount);

    // the same documents as a retailer's files, listed against time order: the load posts them in time order
    const result = await loads.load({
      'stock_adjustment.csv': ['adjust_no,org_code,direction,reason_code,adjust_time', `${adjustIn},${org},1,${reason},${at(12)}`, `${adjustOut},${org},2,${reason},${at(11)}`],
      'stock_adjustment_item.csv': ['adjust_no,line_id,sku_no,lot_no,qty,cost_price', `${adjustIn},1,${sku},,5,3.1`, `${adjustOut},1,${sku},${receipt}-1,2,99`],
      'purchase_receipt.csv': [
        'receive_no,receive_type,supplier_no,org_code,center_code,receive_time,status',
        `${later},1,V001,${org},${rh.center_code ?? ''},${at(13)},`,
        `${receipt},1,V001,${org},${rh.center_code ?? ''},${at(9)},2`,
      ],
      'purchase_receipt_item.csv': [
        'receive_no,line_id,sku_no,qty,price,amount,input_tax_rate,lot_no',
        `${later},1,${sku},40,9.9,${amounts[2]},0.13,`,
        `${receipt},1,${sku},12,4.2,${amounts[0]},0.13,`,
        `${receipt},2,${sku},3.5,4.45,${amounts[1]},0.13,LDX-OWN-1`,
      ],
    }, bDb);
    expect(result, JSON.stringify(result.rejectList)).toMatchObject({ ok: true, status: 'done' });

    const docs = [receipt, adjustIn, adjustOut, later];
    const loaded = await postedState(bDb, docs);
    expect(loaded).toEqual(await postedState(a.testDb.db, docs));
    // the loaded rows are what approval leaves: posted state, opened lots, booked costs
    expect((loaded.states as { status: unknown }[]).map((s) => Number(s.status))).toEqual([2, 2, 2, 2]);
    expect((loaded.receiptLines as { lot_no: string }[]).map((l) => l.lot_no)).toEqual([`${receipt}-1`, 'LDX-OWN-1', `${later}-1`]);
    const outLine = (loaded.adjustLines as { adjust_no: string; cost_price: number; amount: number }[]).find((l) => l.adjust_no === adjustOut)!;
    expect(outLine.cost_price).not.toBe(99);
    expect((loaded.ledger as unknown[]).length).toBe(5);

    const afterB = await figures(b, bToken);
    expect(afterB).toEqual(await figures(a, env.tokens.admin));
    // and by exactly the documents' lines: the receipts in, the adjustments in and out
    expect(Number(afterB[129].qty) - Number(beforeB[129].qty)).toBeCloseTo(55.5, 3);
    expect(Number(afterB[61].stock_qty) - Number(beforeB[61].stock_qty)).toBeCloseTo(55.5 - 2 + 5, 3);
    expect(Number(afterB[102].close_qty) - Number(beforeB[102].close_qty)).toBeCloseTo(55.5 - 2 + 5, 3);
  });

  it('a loaded document is a posted one on the screens: shown approved, never edited', async () => {
    const res = await call('GET', `/api/documents/purchase-receipt/${receipt}`, bToken, undefined, b.app);
    expect(res.statusCode, res.body).toBe(200);
    expect(String((res.json() as { data: DocumentDetail }).data.header.status)).toBe('2');
    const edit = await call('PUT', `/api/documents/purchase-receipt/${receipt}`, bToken, { header: {}, lines: [{ sku_no: sku, qty: 1, price: 1 }] }, b.app);
    expect(edit.statusCode).toBe(409);
  });

  it('refused whole, writing nothing: another state, a document already stored, a lot number taken, a lot short', async () => {
    const ledger = async () => Number((await q(bDb, 'SELECT COUNT(*) AS n FROM stock_ledger WHERE tenant_id = 10139'))[0].n);
    const stock = () => q(bDb, 'SELECT * FROM stock WHERE tenant_id = 10139 AND sku_no = $1 ORDER BY org_code, center_code', [sku]);
    const [was, wasStock] = [await ledger(), await stock()];
    const receiptFiles = (no: string, status: string, lotNo: string, extra: Record<string, string[]> = {}) => ({
      'purchase_receipt.csv': ['receive_no,receive_type,supplier_no,org_code,receive_time,status', `${no},1,V001,${org},${at(15)},${status}`],
      'purchase_receipt_item.csv': ['receive_no,line_id,sku_no,qty,price,amount,lot_no', `${no},1,${sku},1,2,2,${lotNo}`],
      ...extra,
    });

    const draft = await loads.load(receiptFiles('LDX-R1', '0', ''), bDb);
    expect(draft.status).toBe('refused');
    expect(draft.rejectList[0]).toMatchObject({ table: 'purchase_receipt', column: 'status', value: '0' });
    expect(draft.rejectList[0].zh).toContain('已过账');

    const stored = await loads.load(receiptFiles(receipt, '', ''), bDb);
    expect(stored.status).toBe('refused');
    expect(stored.rejectList[0].zh).toContain('已导入');

    const taken = await loads.load(receiptFiles('LDX-R2', '', 'LDX-OWN-1'), bDb);
    expect(taken.status).toBe('refused');
    expect(taken.rejectList[0].zh).toContain('批次号LDX-OWN-1已存在');

    // an adjustment out of more than its lot holds, beside a good receipt: nothing of either is written
    const short = await loads.load(receiptFiles('LDX-R3', '', '', {
      'stock_adjustment.csv': ['adjust_no,org_code,direction,adjust_time', `LDX-A1,${org},2,${at(16)}`],
      'stock_adjustment_item.csv': ['adjust_no,line_id,sku_no,lot_no,qty', `LDX-A1,1,${sku},LDX-OWN-1,100`],
    }), bDb);
    expect(short.status).toBe('refused');
    expect(short.rejectList[0].zh).toContain('库存不足');

    expect(await ledger()).toBe(was);
    expect(await stock()).toEqual(wasStock);
    expect(await q(bDb, "SELECT receive_no FROM purchase_receipt WHERE tenant_id = 10139 AND receive_no LIKE 'LDX-%'")).toEqual([]);
    expect(await q(bDb, "SELECT lot_no FROM lot WHERE tenant_id = 10139 AND lot_no LIKE 'LDX-R%'")).toEqual([]);
  });

  it('a store outbound loads at the moving average: 102 and 194 move by its line, its cost is booked into it', async () => {
    const [p] = await q(bDb, 'SELECT SUM(stock_num) AS qty, SUM(stock_amount) AS amount FROM stock WHERE tenant_id = 10139 AND org_code = $1 AND sku_no = $2', [org, sku]);
    const cost = Math.round(3 * (Number(p.amount) / Number(p.qty)) * 10000) / 10000;
    const before = await figures(b, bToken);
    const result = await loads.load({
      'stock_issue_order.csv': ['issue_no,org_code,issue_type,issue_time', `LDX-I1,${org},13,${at(20)}`],
      'stock_issue_item.csv': ['issue_no,line_id,sku_no,qty', `LDX-I1,1,${sku},3`],
    }, bDb);
    expect(result, JSON.stringify(result.rejectList)).toMatchObject({ ok: true, status: 'done' });
    expect(await q(bDb, "SELECT qty, amount, doc_type FROM stock_ledger WHERE tenant_id = 10139 AND doc_no = 'LDX-I1'")).toEqual([{ qty: -3, amount: -cost, doc_type: 13 }]);
    expect(await q(bDb, "SELECT cost_amount FROM stock_issue_item WHERE tenant_id = 10139 AND issue_no = 'LDX-I1'")).toEqual([{ cost_amount: cost }]);
    const after = await figures(b, bToken);
    expect(Number(after[102].requisition_qty) - Number(before[102].requisition_qty)).toBeCloseTo(-3, 3);
    expect(Number(after[102].close_amount) - Number(before[102].close_amount)).toBeCloseTo(-cost, 2);
  });
});

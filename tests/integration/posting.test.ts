/**
 * Approval posts documents to stock (docs/inventory.md): every report figure moves by exactly the
 * document's lines on approval and not before; refused and failed approvals write nothing; concurrent
 * approvals post once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, LotAllocationView } from '../../engine/document/wire';
import { threeMonthCutoff } from '../../engine/dates';
import type { ReportRow } from '../../engine/wire';
import { today as businessToday } from '../../server/clock';
import { addDays } from '../../engine/dates/calendar';
import { cents, reportClient } from './report-helpers';
import { bearer, startWithAccounts, type TestServer } from './server';

let env: Awaited<ReturnType<typeof startWithAccounts>>;
let s: TestServer;
let tokens: Record<string, string>;
let org: string;
let sku: string;

const today = businessToday();
const yesterday = addDays(today, -1);
/** what the adjustment out takes from the test's position; the others take only what the tests bring in */
const ADJUST_OUT = 2;
const at = (hour: number) => `${yesterday} ${String(hour).padStart(2, '0')}:00:00`;

beforeAll(async () => {
  env = await startWithAccounts([
    ['admin', 'admin', 'HMT', '10139'],
    ['store', 'store01', 'HMD', '10139'],
  ]);
  ({ server: s, tokens } = env);
  org = env.sessions.store.org_code!;
  // The tests post receipts, outbounds and an adjustment out against one position and check that each
  // moves the reports by exactly its lines at the moving average. A receipt into negative stock would
  // revalue the position and book a cost difference (docs/inventory.md; the seed's extras sell the first
  // store's first item short on purpose, server/db/seed/extra-sales.ts), so the goods item is one of
  // the supplier's whose position at the store holds stock, with value, beyond what the tests take out
  // of it without bringing it in first (the adjustment's ADJUST_OUT).
  const [pick] = await q(
    `SELECT k.sku_no FROM sku k JOIN stock s ON s.tenant_id = k.tenant_id AND s.sku_no = k.sku_no AND s.org_code = $1
      WHERE k.tenant_id = 10139 AND k.supplier_no = 'V001'
      GROUP BY k.sku_no HAVING SUM(s.stock_num) > $2 AND SUM(s.stock_amount) > 0
      ORDER BY k.sku_no LIMIT 1`,
    [org, ADJUST_OUT],
  );
  expect(pick, `a V001 goods item with stock above ${ADJUST_OUT} at ${org}`).toBeDefined();
  sku = String(pick.sku_no);
});
afterAll(() => env?.close());

type Who = 'admin' | 'store';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: unknown) =>
  s.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload === undefined ? {} : { payload: payload as object }) });
const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
const q = (sql: string, params: unknown[] = []) => s.testDb.db.query<Record<string, unknown>>(sql, params);
const ledgerOf = (no: string) => q('SELECT qty, amount, lot_no, doc_type FROM stock_ledger WHERE tenant_id = 10139 AND doc_no = $1 ORDER BY ledger_id', [no]);

/** A report's totals row over yesterday, filtered to the test's store and goods item where it has those filters. */
async function totals(id: number): Promise<ReportRow> {
  const client = reportClient(s, today);
  const cfg = await client.config(id, tokens.admin);
  const where = ['org_code', 'sku_no']
    .map((w) => cfg.dimension.find((d) => d.id === w))
    .filter((d) => d !== undefined)
    .map((d) => ({ where_id: d.id, operator_id: Number(d.default_operator_id ?? 1), operation_value: [d.id === 'org_code' ? org : sku] }));
  const { totals: row } = await client.open(id, tokens.admin, (qq) => ({ ...qq, date_start: yesterday, date_end: yesterday, whereList: JSON.stringify(where) }));
  return row;
}

const REPORTS = [102, 61, 129, 123, 194] as const;
async function figures(): Promise<Record<number, ReportRow>> {
  const out: Record<number, ReportRow> = {};
  for (const id of REPORTS) out[id] = await totals(id);
  return out;
}

/** Each named figure moved by exactly `by` (to the cent); every other figure of the five reports stayed. */
function moved(before: Record<number, ReportRow>, after: Record<number, ReportRow>, by: Record<string, number>): void {
  for (const id of REPORTS) {
    for (const [key, was] of Object.entries(before[id])) {
      if (typeof was !== 'number' || /days_of_stock|rate|retail|sku_count/.test(key)) continue;
      const delta = by[`${id}.${key}`] ?? 0;
      // both figures are shown rounded to the cent, so their difference may be off by one cent of rounding
      expect(Math.abs(Number(after[id][key]) - (was + delta)), `${id}.${key}: ${was} + ${delta} → ${after[id][key]}`).toBeLessThanOrEqual(0.01 + 1e-9);
    }
  }
}

async function create(type: string, who: Who, header: Record<string, unknown>, lines: Record<string, unknown>[]): Promise<string> {
  const res = await call('POST', `/api/documents/${type}`, who, { header, lines });
  expect(res.statusCode, res.body).toBe(200);
  return data<DocumentDetail>(res).no;
}
const submit = async (type: string, no: string, who: Who = 'admin') => expect((await call('POST', `/api/documents/${type}/${no}/submit`, who)).statusCode).toBe(200);
const approve = (type: string, no: string) => call('POST', `/api/documents/${type}/${no}/audit`, 'admin', { status: '1', remark: '同意' });

const receipt = (qty: number, price: number, hour = 9) =>
  create('purchase-receipt', 'admin', { receive_type: '1', supplier_no: 'V001', org_code: org, receive_time: at(hour) }, [{ sku_no: sku, qty, price, input_tax_rate: 0.13 }]);

async function position(): Promise<{ qty: number; amount: number }> {
  const [p] = await q('SELECT SUM(stock_num) AS qty, SUM(stock_amount) AS amount FROM stock WHERE tenant_id = 10139 AND org_code = $1 AND sku_no = $2', [org, sku]);
  return { qty: Number(p?.qty ?? 0), amount: Number(p?.amount ?? 0) };
}

describe('a purchase receipt posts on approval, and only then (rules C2)', () => {
  let lotNo: string;

  it('draft and submitted change no report; approval moves 102, 61 and 129 by exactly its lines and opens its lot', async () => {
    const before = await figures();
    const no = await receipt(10.5, 12.34);
    expect(await figures()).toEqual(before);
    await submit('purchase-receipt', no);
    expect(await figures()).toEqual(before);
    const res = await approve('purchase-receipt', no);
    expect(res.statusCode, res.body).toBe(200);
    const after = await figures();
    moved(before, after, {
      '102.receipt_qty': 10.5,
      '102.receipt_amount': 129.57,
      '102.close_qty': 10.5,
      '102.close_amount': 129.57,
      '61.stock_qty': 10.5,
      '61.stock_amount': 129.57,
      '129.qty': 10.5,
      '129.amount': 129.57,
      '129.amount_ex': 129.57 / 1.13,
      '129.input_tax': 129.57 - 129.57 / 1.13,
      '129.docs': 1,
    });
    const ledger = await ledgerOf(no);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ qty: 10.5, amount: 129.57, doc_type: 1 });
    lotNo = String(ledger[0].lot_no);
    expect((await q('SELECT lot_no, supplier_no, lot_price, receive_no FROM lot WHERE tenant_id = 10139 AND lot_no = $1', [lotNo]))[0]).toMatchObject({
      supplier_no: 'V001',
      lot_price: 12.34,
      receive_no: no,
    });
    expect((await q('SELECT stock_num FROM lot_stock WHERE tenant_id = 10139 AND lot_no = $1', [lotNo]))[0].stock_num).toBe(10.5);
    const [lotDay] = await q('SELECT qty, amount FROM lot_stock_daily_snapshot WHERE tenant_id = 10139 AND lot_no = $1 AND biz_date = CAST($2 AS DATE)', [lotNo, today]);
    expect(lotDay).toMatchObject({ qty: 10.5, amount: 129.57 });
  });

  it('a posted receipt is neither edited nor deleted (a reversal is a new document)', async () => {
    const [row] = await q('SELECT receive_no FROM purchase_receipt WHERE tenant_id = 10139 AND status = 2 ORDER BY receive_no DESC LIMIT 1');
    const no = String(row.receive_no);
    const lines = await q('SELECT qty FROM purchase_receipt_item WHERE tenant_id = 10139 AND receive_no = $1', [no]);
    expect((await call('PUT', `/api/documents/purchase-receipt/${no}`, 'admin', { header: {}, lines: [{ sku_no: sku, qty: 1, price: 1 }] })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/documents/purchase-receipt/${no}`, 'admin')).statusCode).toBe(409);
    expect(await q('SELECT qty FROM purchase_receipt_item WHERE tenant_id = 10139 AND receive_no = $1', [no])).toEqual(lines);
  });

  it('a store outbound (领用 13) consumes its allocated lot at the moving-average cost: 102, 194 and the lot move by its line', async () => {
    const stock = await position();
    const no = await create('store-outbound', 'store', { issue_type: '13', issue_time: at(14) }, [{ sku_no: sku, qty: 4, cost_price: 1 }]);
    const view = data<LotAllocationView>(await call('GET', `/api/documents/store-outbound/${no}/lots?sku_no=${sku}`, 'store'));
    expect(view.available.map((l) => l.lot_no)).toContain(lotNo);
    const put = await call('PUT', `/api/documents/store-outbound/${no}/lots`, 'store', { sku_no: sku, business_item_id: view.business_item_id, rows: [{ lot_no: lotNo, change_stock_num: '4' }] });
    expect(put.statusCode, put.body).toBe(200);
    await submit('store-outbound', no, 'store');
    const before = await figures();
    expect((await approve('store-outbound', no)).statusCode).toBe(200);
    const cost = Math.round(4 * (stock.amount / stock.qty) * 10000) / 10000;
    moved(before, await figures(), {
      '102.requisition_qty': -4,
      '102.requisition_amount': -cost,
      '102.close_qty': -4,
      '102.close_amount': -cost,
      '61.stock_qty': -4,
      '61.stock_amount': -cost,
      '194.requisition_qty': 4,
      '194.requisition_cost': cost,
    });
    expect(await ledgerOf(no)).toEqual([{ qty: -4, amount: -cost, lot_no: lotNo, doc_type: 13 }]);
    expect((await q('SELECT cost_price, cost_amount FROM stock_issue_item WHERE tenant_id = 10139 AND issue_no = $1', [no]))[0].cost_amount).toBe(cost);
    expect((await q('SELECT stock_num FROM lot_stock WHERE tenant_id = 10139 AND lot_no = $1', [lotNo]))[0].stock_num).toBe(6.5);
  });

  it('an approval that would take a lot below zero is refused and writes nothing (building blocks §5)', async () => {
    const docs: string[] = [];
    for (const hour of [15, 16]) {
      const no = await create('store-outbound', 'store', { issue_type: '13', issue_time: at(hour) }, [{ sku_no: sku, qty: 6.5, cost_price: 1 }]);
      const res = await call('PUT', `/api/documents/store-outbound/${no}/lots`, 'store', { sku_no: sku, business_item_id: 1, rows: [{ lot_no: lotNo, change_stock_num: '6.5' }] });
      expect(res.statusCode, res.body).toBe(200);
      await submit('store-outbound', no, 'store');
      docs.push(no);
    }
    expect((await approve('store-outbound', docs[0])).statusCode).toBe(200);
    const before = await figures();
    const refused = await approve('store-outbound', docs[1]);
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as { message: string }).message).toBe(`批次${lotNo}（商品${sku}）库存不足，不能出库`);
    expect(await figures()).toEqual(before);
    expect(await ledgerOf(docs[1])).toEqual([]);
    expect((await q('SELECT status FROM stock_issue_order WHERE tenant_id = 10139 AND issue_no = $1', [docs[1]]))[0].status).toBe(1);
    // its submit is recorded (result '0'); the refused approval is not
    expect(await q("SELECT 1 FROM approval_record WHERE tenant_id = 10139 AND business_no = $1 AND result <> '0'", [docs[1]])).toEqual([]);
  });
});

describe('stock adjustments post in or out by direction', () => {
  it('out (direction 2) at the moving average: 123 and 102 move by its line; the line gets the booked cost', async () => {
    const reason = String((await q('SELECT reason_code FROM adjustment_reason WHERE tenant_id = 10139 ORDER BY reason_code LIMIT 1'))[0].reason_code);
    const no = await create('stock-adjustment', 'admin', { org_code: org, direction: '2', reason_code: reason, adjust_time: at(17) }, [{ sku_no: sku, qty: ADJUST_OUT, cost_price: 99 }]);
    await submit('stock-adjustment', no);
    const stock = await position();
    const before = await figures();
    expect((await approve('stock-adjustment', no)).statusCode).toBe(200);
    const cost = Math.round(ADJUST_OUT * (stock.amount / stock.qty) * 10000) / 10000;
    moved(before, await figures(), {
      '102.adjust_qty': -ADJUST_OUT,
      '102.adjust_amount': -cost,
      '102.close_qty': -ADJUST_OUT,
      '102.close_amount': -cost,
      '61.stock_qty': -ADJUST_OUT,
      '61.stock_amount': -cost,
      '123.out_qty': ADJUST_OUT,
      '123.out_amount': cost,
      '123.net_qty': -ADJUST_OUT,
      '123.net_amount': -cost,
      '123.adjust_docs': 1,
    });
    const [line] = await q('SELECT qty, cost_price, amount FROM stock_adjustment_item WHERE tenant_id = 10139 AND adjust_no = $1', [no]);
    expect(line.amount).toBe(cost);
    expect(Math.abs(Number(line.qty) * Number(line.cost_price) - cost)).toBeLessThan(0.005);
  });

  it('a rejected adjustment changes nothing', async () => {
    const reason = String((await q('SELECT reason_code FROM adjustment_reason WHERE tenant_id = 10139 ORDER BY reason_code LIMIT 1'))[0].reason_code);
    const no = await create('stock-adjustment', 'admin', { org_code: org, direction: '1', reason_code: reason, adjust_time: at(18) }, [{ sku_no: sku, qty: 5, cost_price: 3 }]);
    await submit('stock-adjustment', no);
    const before = await figures();
    expect((await call('POST', `/api/documents/stock-adjustment/${no}/audit`, 'admin', { status: '3', remark: '不同意' })).statusCode).toBe(200);
    expect(await figures()).toEqual(before);
    expect(await ledgerOf(no)).toEqual([]);
  });
});

describe('concurrency and the open period', () => {
  it('twenty concurrent approvals of one receipt post it once', async () => {
    const no = await receipt(3, 2.5, 10);
    await submit('purchase-receipt', no);
    const stock = await position();
    const answers = await Promise.all(Array.from({ length: 20 }, () => approve('purchase-receipt', no)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(await ledgerOf(no)).toHaveLength(1);
    expect(await q("SELECT result FROM approval_record WHERE tenant_id = 10139 AND business_no = $1 AND result <> '0'", [no])).toHaveLength(1);
    const now = await position();
    expect(now.qty).toBeCloseTo(stock.qty + 3, 3);
    cents(now.amount, stock.amount + 7.5);
  });

  it('concurrent approvals of different receipts of one item each post against the position the previous one left', async () => {
    const docs: string[] = [];
    for (let i = 0; i < 6; i++) {
      docs.push(await receipt(1 + i, 2 + i, 11));
      await submit('purchase-receipt', docs[i]);
    }
    const stock = await position();
    const answers = await Promise.all(docs.map((no) => approve('purchase-receipt', no)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const now = await position();
    expect(now.qty).toBeCloseTo(stock.qty + 21, 3);
    cents(now.amount, stock.amount + docs.reduce((a, _, i) => a + (1 + i) * (2 + i), 0));
    // the ledger's running balance is unbroken: each row's stock before is the one before plus its quantity
    const rows = await q(
      `SELECT stock_before, qty FROM stock_ledger WHERE tenant_id = 10139 AND org_code = $1 AND sku_no = $2 AND doc_no IN (${docs.map((_, i) => `$${i + 3}`).join(', ')}) ORDER BY ledger_id`,
      [org, sku, ...docs],
    );
    for (let i = 1; i < rows.length; i++) expect(Number(rows[i].stock_before)).toBeCloseTo(Number(rows[i - 1].stock_before) + Number(rows[i - 1].qty), 3);
    const [snap] = await q('SELECT SUM(qty) AS qty, SUM(amount) AS amount FROM stock_daily_snapshot WHERE tenant_id = 10139 AND org_code = $1 AND sku_no = $2 AND biz_date = CAST($3 AS DATE)', [
      org,
      sku,
      today,
    ]);
    expect(Number(snap.qty)).toBeCloseTo(now.qty, 3);
    cents(snap.amount, now.amount);
  });

  it('a document dated before the 3-month cut-off or after today is refused with 422 and not stored', async () => {
    const count = async () => Number((await q('SELECT COUNT(*) AS n FROM purchase_receipt WHERE tenant_id = 10139'))[0].n);
    const before = await count();
    const cutoff = threeMonthCutoff(today);
    for (const [time, message] of [
      [`${addDays(cutoff, -1)} 10:00:00`, `业务日期早于${cutoff}，该期间已关账，不能登记单据`],
      [`${addDays(today, 1)} 10:00:00`, '业务日期不能晚于今天'],
    ] as const) {
      const res = await call('POST', '/api/documents/purchase-receipt', 'admin', {
        header: { receive_type: '1', supplier_no: 'V001', org_code: org, receive_time: time },
        lines: [{ sku_no: sku, qty: 1, price: 1 }],
      });
      expect(res.statusCode, time).toBe(422);
      expect((res.json() as { message: string }).message).toBe(message);
    }
    const ok = await call('POST', '/api/documents/purchase-receipt', 'admin', {
      header: { receive_type: '1', supplier_no: 'V001', org_code: org, receive_time: `${cutoff} 10:00:00` },
      lines: [{ sku_no: sku, qty: 1, price: 1 }],
    });
    expect(ok.statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});

describe('lot allocations hold against the lot stock inside the writing transaction (building blocks §5)', () => {
  /** A lot with stock at the test store, and an outbound draft of two lines of its goods item. */
  async function draftOnLot(): Promise<{ no: string; lot: string; sku: string; stock: number }> {
    const [l] = await q(
      `SELECT s.lot_no, s.sku_no, s.stock_num FROM lot_stock s WHERE s.tenant_id = 10139 AND s.org_code = $1 AND s.stock_num >= 2
        ORDER BY s.stock_num DESC, s.lot_no LIMIT 1`,
      [org],
    );
    const stock = Number(l.stock_num);
    const no = await create('store-outbound', 'store', { issue_type: '12', issue_time: at(19) }, [
      { sku_no: l.sku_no, qty: stock, cost_price: 1 },
      { sku_no: l.sku_no, qty: stock, cost_price: 1 },
    ]);
    return { no, lot: String(l.lot_no), sku: String(l.sku_no), stock };
  }
  const save = (no: string, sku: string, line: number, lot: string, qty: number) =>
    call('PUT', `/api/documents/store-outbound/${no}/lots`, 'store', { sku_no: sku, business_item_id: line, rows: [{ lot_no: lot, change_stock_num: String(qty) }] });
  const allocations = (no: string) => q('SELECT business_item_id, lot_no, change_stock_num FROM lot_allocation WHERE tenant_id = 10139 AND business_no = $1 ORDER BY business_item_id', [no]);

  it('two lines of one document cannot take the same lot beyond its stock', async () => {
    const d = await draftOnLot();
    expect((await save(d.no, d.sku, 1, d.lot, d.stock)).statusCode).toBe(200);
    const second = await save(d.no, d.sku, 2, d.lot, d.stock);
    expect(second.statusCode).toBe(400);
    expect((second.json() as { message: string }).message).toBe('分配数量不能大于库存数量！');
    expect(await allocations(d.no)).toHaveLength(1);
  });

  it('ten concurrent saves of one line leave one allocation, never stacked', async () => {
    const d = await draftOnLot();
    const answers = await Promise.all(Array.from({ length: 10 }, () => save(d.no, d.sku, 1, d.lot, 1)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await allocations(d.no)).toEqual([{ business_item_id: 1, lot_no: d.lot, change_stock_num: 1 }]);
  });

  it('submit refuses allocations the lot no longer covers', async () => {
    const d = await draftOnLot();
    expect((await save(d.no, d.sku, 1, d.lot, d.stock)).statusCode).toBe(200);
    await q('UPDATE lot_stock SET stock_num = stock_num - 1 WHERE tenant_id = 10139 AND lot_no = $1 AND org_code = $2', [d.lot, org]);
    const res = await call('POST', `/api/documents/store-outbound/${d.no}/submit`, 'store');
    expect(res.statusCode).toBe(400);
    expect((await q('SELECT status FROM stock_issue_order WHERE tenant_id = 10139 AND issue_no = $1', [d.no]))[0].status).toBe(0);
  });
});

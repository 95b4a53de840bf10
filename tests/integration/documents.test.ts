import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../engine/shell';
import type { SessionInfo } from '../../engine/wire';
import type {
  AttachmentList,
  DocumentAttachment,
  DocumentDetail,
  DocumentListPage,
  DocumentTypeItem,
  ImportItem,
  LotAllocationView,
} from '../../engine/document/wire';
import { bearer, startWithAccounts, type TestServer } from './server';

let env: Awaited<ReturnType<typeof startWithAccounts>>;
let s: TestServer;
let tokens: Record<string, string>;
let sessions: Record<string, SessionInfo>;

beforeAll(async () => {
  env = await startWithAccounts([
    ['admin', 'admin', 'HMT', '10139'],
    ['store', 'store01', 'HMD', '10139'],
    ['supplier', 'supplier01', 'HMS', '10139'],
    ['analyst', 'analyst', 'HMT', '10139'],
    ['other', 'admin', 'HMT', '266'],
  ]);
  ({ server: s, tokens, sessions } = env);
});
afterAll(() => env?.close());

type Who = 'admin' | 'store' | 'supplier' | 'analyst' | 'other';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: unknown) =>
  s.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload === undefined ? {} : { payload: payload as object }) });
const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
const message = (res: { json(): unknown }) => (res.json() as { message: string }).message;
const q = (sql: string, params: unknown[] = []) => s.testDb.db.query<Record<string, unknown>>(sql, params);

const list = async (type: string, who: Who, query = '') =>
  data<DocumentListPage>(await call('GET', `/api/documents/${type}?page_size=100${query}`, who));
const detail = async (type: string, no: string, who: Who) => data<DocumentDetail>(await call('GET', `/api/documents/${type}/${no}`, who));
/** A seeded document of the type in a state, visible to `who`. */
const seeded = async (type: string, state: string, who: Who = 'admin') => {
  const page = await list(type, who, `&status=${state}`);
  expect(page.list.length).toBeGreaterThan(0);
  const def = (await types(who)).find((t) => t.type === type)!.definition;
  return String(page.list[0][def.tables.no_column]);
};
const types = async (who: Who) => data<{ list: DocumentTypeItem[] }>(await call('GET', '/api/documents', who)).list;

async function someSku(org?: string): Promise<string> {
  const rows = org
    ? await q('SELECT sku_no FROM stock WHERE tenant_id = 10139 AND org_code = $1 ORDER BY sku_no LIMIT 1', [org])
    : await q('SELECT sku_no FROM sku WHERE tenant_id = 10139 ORDER BY sku_no LIMIT 1');
  return String(rows[0].sku_no);
}

const rowCount = async (table: string) => Number((await q(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = 10139`))[0].n);

// ---------------------------------------------------------------- types and menu

describe('GET /api/documents and the menu', () => {
  it('each client gets the document types it is offered and permitted', async () => {
    expect((await types('admin')).map((t) => t.type).sort()).toEqual(['purchase-receipt', 'stock-adjustment', 'store-outbound']);
    expect((await types('store')).map((t) => t.type).sort()).toEqual(['purchase-receipt', 'stock-adjustment', 'store-outbound']);
    expect((await types('supplier')).map((t) => t.type)).toEqual(['purchase-receipt']);
    expect(await types('analyst')).toEqual([]);
  });

  it('menu entries come from the definitions and the permission list', async () => {
    const menu = data<{ list: MenuNode[] }>(await call('GET', '/api/menu', 'supplier')).list;
    const leaves = menu.flatMap((n) => n.children);
    expect(leaves.find((l) => l.id === 'doc-purchase-receipt')?.route).toBe('/documents/purchase-receipt');
    expect(leaves.some((l) => l.id === 'doc-stock-adjustment')).toBe(false);
    const analyst = data<{ list: MenuNode[] }>(await call('GET', '/api/menu', 'analyst')).list;
    expect(analyst.flatMap((n) => n.children).some((l) => l.id.startsWith('doc-'))).toBe(false);
  });

  it('a type the session may not open is refused: 403 without the permission, 404 for another client', async () => {
    const res = await call('GET', '/api/documents/purchase-receipt', 'analyst');
    expect(res.statusCode).toBe(403);
    expect(message(res)).toBe('没有该单据的权限');
    expect((await call('GET', '/api/documents/stock-adjustment', 'supplier')).statusCode).toBe(404);
    expect((await call('GET', '/api/documents/nowhere', 'admin')).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------- list and scope

describe('list and row scope', () => {
  it('seeded in every state for the demo tenant', async () => {
    for (const type of ['purchase-receipt', 'stock-adjustment', 'store-outbound']) {
      for (const state of ['0', '1', '2', '3', '4']) expect((await list(type, 'admin', `&status=${state}`)).total).toBeGreaterThan(0);
    }
  });

  it('the store client sees only its own store, the supplier only its own supplier', async () => {
    const store = await list('stock-adjustment', 'store');
    expect(store.total).toBeGreaterThan(0);
    expect(store.list.every((r) => r.org_code === sessions.store.org_code)).toBe(true);
    expect((await list('stock-adjustment', 'admin')).total).toBeGreaterThan(store.total);
    const supplier = await list('purchase-receipt', 'supplier');
    expect(supplier.total).toBeGreaterThan(0);
    const nos = supplier.list.map((r) => r.receive_no);
    const owners = await q(`SELECT DISTINCT supplier_no FROM purchase_receipt WHERE tenant_id = 10139 AND receive_no IN (${nos.map((_, i) => `$${i + 1}`).join(',')})`, nos);
    expect(owners.map((o) => o.supplier_no)).toEqual([sessions.supplier.supplier_no]);
  });

  it('another tenant sees none of these documents', async () => {
    const no = await seeded('purchase-receipt', '0');
    expect((await call('GET', `/api/documents/purchase-receipt/${no}`, 'other')).statusCode).toBe(404);
  });

  it('filters: text contains, state, date range; looked-up names come as <key>_name', async () => {
    const no = await seeded('purchase-receipt', '0');
    const hit = await list('purchase-receipt', 'admin', `&receive_no=${no.slice(-8)}`);
    expect(hit.list.map((r) => r.receive_no)).toContain(no);
    expect(hit.list[0].supplier_no_name).toBeTruthy();
    const none = await list('purchase-receipt', 'admin', `&receive_no=${no}&status=2`);
    expect(none.total).toBe(0);
    const bad = await call('GET', '/api/documents/purchase-receipt?receive_time_start=yesterday', 'admin');
    expect(bad.statusCode).toBe(400);
  });

  it('a page above 100 is refused', async () => {
    const res = await call('GET', '/api/documents/purchase-receipt?page_num=101', 'admin');
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('数据量过大，请添加查询条件！');
  });
});

// ---------------------------------------------------------------- create, edit, delete, submit

describe('create, edit, delete while draft, submit', () => {
  it('the store creates an adjustment at its own store whatever the body says; amounts are computed', async () => {
    const sku = await someSku(sessions.store.org_code);
    const res = await call('POST', '/api/documents/stock-adjustment', 'store', {
      header: { org_code: 'S999', direction: '1', reason_code: String((await q('SELECT reason_code FROM adjustment_reason WHERE tenant_id = 10139 LIMIT 1'))[0].reason_code), adjust_time: '2026-11-20 10:00:00' },
      lines: [{ sku_no: sku, qty: '2.5', cost_price: '3.2' }],
    });
    expect(res.statusCode).toBe(200);
    const doc = data<DocumentDetail>(res);
    expect(doc.status).toBe('0');
    expect(doc.header.org_code).toBe(sessions.store.org_code);
    expect(doc.lines[0].amount).toBe(8);
    expect(doc.actions).toEqual(expect.arrayContaining(['edit', 'delete', 'submit', 'import']));
  });

  it('bad input is refused with a message and nothing is written', async () => {
    const before = [await rowCount('stock_adjustment'), await rowCount('stock_adjustment_item')];
    const header = { direction: '1', reason_code: 'R01', adjust_time: '2026-11-20 10:00:00', org_code: sessions.store.org_code };
    const cases: [unknown, string][] = [
      [{ header, lines: [] }, '请至少添加一行商品明细'],
      [{ header, lines: [{ sku_no: 'NOPE', qty: 1, cost_price: 1 }] }, "第1行：商品编码'NOPE'不存在"],
      [{ header, lines: [{ sku_no: await someSku(), qty: 0, cost_price: 1 }] }, '第1行：调整数量必须大于0'],
      [{ header, lines: [{ sku_no: await someSku(), qty: '1.2345', cost_price: 1 }] }, '第1行：调整数量最多支持3位小数'],
      [{ header: { ...header, direction: '' }, lines: [{ sku_no: await someSku(), qty: 1, cost_price: 1 }] }, '调整方向不能为空'],
    ];
    for (const [body, text] of cases) {
      const res = await call('POST', '/api/documents/stock-adjustment', 'admin', body);
      expect(res.statusCode, text).toBe(400);
      expect(message(res)).toBe(text);
    }
    expect([await rowCount('stock_adjustment'), await rowCount('stock_adjustment_item')]).toEqual(before);
  });

  it('the supplier creates a receipt for itself; edit replaces lines; submit moves to 待审核; then edit is 409 and nothing changes', async () => {
    const sku = String((await q('SELECT sku_no FROM sku WHERE tenant_id = 10139 AND supplier_no = $1 LIMIT 1', [sessions.supplier.supplier_no]))[0].sku_no);
    const created = data<DocumentDetail>(
      await call('POST', '/api/documents/purchase-receipt', 'supplier', {
        header: { receive_type: '1', supplier_no: 'V999', org_code: sessions.store.org_code, receive_time: '2026-11-21 09:30' },
        lines: [{ sku_no: sku, qty: 3, price: 2 }],
      }),
    );
    expect(created.header.supplier_no).toBe(sessions.supplier.supplier_no);
    const body = { header: { receive_type: '3', org_code: sessions.store.org_code, receive_time: '2026-11-21 09:30:00' }, lines: [{ sku_no: sku, qty: 4, price: 2.5 }, { sku_no: sku, qty: 1, price: 1 }] };
    const edited = data<DocumentDetail>(await call('PUT', `/api/documents/purchase-receipt/${created.no}`, 'supplier', body));
    expect(edited.header.receive_type).toBe(3);
    expect(edited.lines.map((l) => l.amount)).toEqual([10, 1]);
    const submitted = data<DocumentDetail>(await call('POST', `/api/documents/purchase-receipt/${created.no}/submit`, 'supplier'));
    expect(submitted.status).toBe('1');
    // the approval record shows who sent it for approval (result '0' 提交), before any audit
    const records = data<{ list: { result: string; approver_name: string }[] }>(await call('GET', `/api/documents/purchase-receipt/${created.no}/approvals`, 'supplier')).list;
    expect(records).toEqual([expect.objectContaining({ result: '0', approver_name: sessions.supplier.account_name })]);
    const again = await call('PUT', `/api/documents/purchase-receipt/${created.no}`, 'supplier', { ...body, lines: [{ sku_no: sku, qty: 9, price: 9 }] });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe('单据状态为“待审核”，不能修改');
    expect((await detail('purchase-receipt', created.no, 'supplier')).lines.map((l) => l.qty)).toEqual([4, 1]);
    expect((await call('DELETE', `/api/documents/purchase-receipt/${created.no}`, 'supplier')).statusCode).toBe(409);
  });

  it('delete only while draft, and only within the scope', async () => {
    const draft = await seeded('stock-adjustment', '0', 'store');
    const approved = await seeded('stock-adjustment', '2', 'store');
    const res = await call('DELETE', `/api/documents/stock-adjustment/${approved}`, 'store');
    expect(res.statusCode).toBe(409);
    expect(message(res)).toBe('单据状态为“已审核”，不能删除');
    const otherStore = String((await q('SELECT adjust_no FROM stock_adjustment WHERE tenant_id = 10139 AND org_code <> $1 AND status = 0 LIMIT 1', [sessions.store.org_code]))[0]?.adjust_no ?? '');
    if (otherStore) expect((await call('DELETE', `/api/documents/stock-adjustment/${otherStore}`, 'store')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/documents/stock-adjustment/${draft}`, 'store')).statusCode).toBe(200);
    expect(await q('SELECT 1 FROM stock_adjustment_item WHERE tenant_id = 10139 AND adjust_no = $1', [draft])).toEqual([]);
    expect((await call('GET', `/api/documents/stock-adjustment/${draft}`, 'store')).statusCode).toBe(404);
  });

  it('the supplier cannot read or change another supplier’s receipt', async () => {
    const foreign = String(
      (await q('SELECT receive_no FROM purchase_receipt WHERE tenant_id = 10139 AND supplier_no <> $1 AND status = 0 LIMIT 1', [sessions.supplier.supplier_no]))[0]?.receive_no ??
        (await q('SELECT receive_no FROM purchase_receipt WHERE tenant_id = 10139 AND supplier_no <> $1 LIMIT 1', [sessions.supplier.supplier_no]))[0].receive_no,
    );
    expect((await call('GET', `/api/documents/purchase-receipt/${foreign}`, 'supplier')).statusCode).toBe(404);
    expect((await call('POST', `/api/documents/purchase-receipt/${foreign}/submit`, 'supplier')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/documents/purchase-receipt/${foreign}`, 'supplier')).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------- only own documents

describe('store and supplier change only their own documents', () => {
  const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  const snapshot = async (type: string, no: string) => ({
    doc: await detail(type, no, 'admin'),
    approvals: await q('SELECT result FROM approval_record WHERE tenant_id = 10139 AND business_no = $1', [no]),
    attachments: await q('SELECT id FROM document_attachment WHERE tenant_id = 10139 AND business_no = $1', [no]),
    lots: await q('SELECT lot_no, change_stock_num FROM lot_allocation WHERE tenant_id = 10139 AND business_no = $1 ORDER BY id', [no]),
  });

  /** Every read and change route on a document outside the session's scope answers 404 and writes nothing. */
  async function refusedEverywhere(type: string, no: string, who: Who, body: unknown) {
    const before = await snapshot(type, no);
    const base = `/api/documents/${type}/${no}`;
    const sku = String(before.doc.lines[0].sku_no);
    const answers = [
      await call('GET', base, who),
      await call('PUT', base, who, body),
      await call('DELETE', base, who),
      await call('POST', `${base}/submit`, who),
      await call('POST', `${base}/audit`, who, { status: '1' }),
      await call('GET', `${base}/approvals`, who),
    ];
    // the routes of the blocks the definition has (another type answers 404 for its own reason)
    if (type === 'purchase-receipt') {
      answers.push(await call('GET', `${base}/attachments`, who));
      answers.push(await send(`${base}/attachments`, who, { name: 'x.png', type: 'image/png', content: PNG_HEAD }));
      answers.push(await call('DELETE', `${base}/attachments?id=00000000-0000-4000-8000-000000000000`, who));
    }
    if (type === 'store-outbound') {
      answers.push(await call('GET', `${base}/lots?sku_no=${sku}`, who));
      answers.push(await call('PUT', `${base}/lots`, who, { sku_no: sku, business_item_id: 1, rows: [] }));
    }
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 404));
    expect(answers.map((a) => message(a))).toEqual(answers.map(() => '单据不存在'));
    expect(await snapshot(type, no)).toEqual(before);
  }

  it('a store client reads and changes nothing of another store’s adjustment or outbound (404, nothing written)', async () => {
    const [other] = await q("SELECT org_code FROM store WHERE tenant_id = 10139 AND org_code <> $1 ORDER BY org_code LIMIT 1", [sessions.store.org_code]);
    const org = String(other.org_code);
    const sku = await someSku();
    const reason = String((await q('SELECT reason_code FROM adjustment_reason WHERE tenant_id = 10139 LIMIT 1'))[0].reason_code);
    const adjustment = data<DocumentDetail>(
      await call('POST', '/api/documents/stock-adjustment', 'admin', {
        header: { org_code: org, direction: '1', reason_code: reason, adjust_time: '2026-11-22 10:00:00' },
        lines: [{ sku_no: sku, qty: 1, cost_price: 1 }],
      }),
    );
    const outbound = data<DocumentDetail>(
      await call('POST', '/api/documents/store-outbound', 'admin', {
        header: { org_code: org, issue_type: '13', issue_time: '2026-11-22 10:00:00' },
        lines: [{ sku_no: sku, qty: 1, cost_price: 1 }],
      }),
    );
    const adjustmentBody = { header: { direction: '2', reason_code: reason, adjust_time: '2026-11-22 11:00:00' }, lines: [{ sku_no: sku, qty: 9, cost_price: 9 }] };
    await refusedEverywhere('stock-adjustment', adjustment.no, 'store', adjustmentBody);
    await refusedEverywhere('store-outbound', outbound.no, 'store', { header: { issue_type: '13', issue_time: '2026-11-22 11:00:00' }, lines: [{ sku_no: sku, qty: 9, cost_price: 9 }] });
    expect((await list('store-outbound', 'store')).list.some((r) => r.issue_no === outbound.no)).toBe(false);
    const [receipt] = await q('SELECT receive_no FROM purchase_receipt WHERE tenant_id = 10139 AND org_code <> $1 ORDER BY receive_no LIMIT 1', [sessions.store.org_code]);
    await refusedEverywhere('purchase-receipt', String(receipt.receive_no), 'store', { header: { receive_type: '1', supplier_no: sessions.supplier.supplier_no, receive_time: '2026-11-22 10:00:00' }, lines: [{ sku_no: sku, qty: 9, price: 9 }] });
  });

  it('a supplier client reads and changes nothing of another supplier’s receipt (404, nothing written)', async () => {
    const [row] = await q('SELECT receive_no FROM purchase_receipt WHERE tenant_id = 10139 AND supplier_no <> $1 ORDER BY receive_no LIMIT 1', [
      sessions.supplier.supplier_no,
    ]);
    const no = String(row.receive_no);
    const sku = String((await detail('purchase-receipt', no, 'admin')).lines[0].sku_no);
    await refusedEverywhere('purchase-receipt', no, 'supplier', { header: { receive_type: '1', org_code: sessions.store.org_code, receive_time: '2026-11-22 10:00:00' }, lines: [{ sku_no: sku, qty: 9, price: 9 }] });
    expect((await list('purchase-receipt', 'supplier')).list.some((r) => r.receive_no === no)).toBe(false);
  });
});

// ---------------------------------------------------------------- audit

describe('audit (building blocks §3–§5) and approval records', () => {
  const approvals = async (type: string, no: string, who: Who = 'admin') =>
    data<{ list: { result: string; remark: string | null }[] }>(await call('GET', `/api/documents/${type}/${no}/approvals`, who)).list;

  it('rule: a reject needs a remark where flagged (请输入审核意见！), ≤ 100 characters, a choice the flag offers; nothing is written when refused', async () => {
    const no = await seeded('purchase-receipt', '1');
    const before = await approvals('purchase-receipt', no);
    for (const [body, text] of [
      [{ status: '2', remark: '  ' }, '请输入审核意见！'],
      [{ status: '2', remark: '很'.repeat(101) }, '审核意见不能超过100个字符'],
      [{ status: '0', remark: '提交' }, '审核结果无效'],
    ] as const) {
      const res = await call('POST', `/api/documents/purchase-receipt/${no}/audit`, 'admin', body);
      expect(res.statusCode).toBe(400);
      expect(message(res)).toBe(text);
    }
    expect((await detail('purchase-receipt', no, 'admin')).status).toBe('1');
    expect(await approvals('purchase-receipt', no)).toEqual(before);
  });

  it('the store and supplier clients may not audit; a document not awaiting audit is 409', async () => {
    const no = await seeded('purchase-receipt', '1', 'supplier');
    const res = await call('POST', `/api/documents/purchase-receipt/${no}/audit`, 'supplier', { status: '1' });
    expect(res.statusCode).toBe(409);
    expect(message(res)).toBe('单据状态为“待审核”，不能审核');
    const draft = await seeded('purchase-receipt', '0');
    expect((await call('POST', `/api/documents/purchase-receipt/${draft}/audit`, 'admin', { status: '1' })).statusCode).toBe(409);
    expect((await detail('purchase-receipt', draft, 'admin')).status).toBe('0');
  });

  it('approve, reject with remark and send back each move the state and are recorded', async () => {
    const receipt = await seeded('purchase-receipt', '1');
    const approved = data<DocumentDetail>(await call('POST', `/api/documents/purchase-receipt/${receipt}/audit`, 'admin', { status: '1', remark: '同意' }));
    expect(approved.status).toBe('2');
    expect((await call('POST', `/api/documents/purchase-receipt/${receipt}/audit`, 'admin', { status: '1' })).statusCode).toBe(409);

    const outbound = await seeded('store-outbound', '1');
    const rejected = data<DocumentDetail>(await call('POST', `/api/documents/store-outbound/${outbound}/audit`, 'admin', { status: '2', remark: '数量不对' }));
    expect(rejected.status).toBe('3');
    expect((await approvals('store-outbound', outbound)).at(-1)).toMatchObject({ result: '2', remark: '数量不对' });

    const adjustment = await seeded('stock-adjustment', '1');
    const sentBack = data<DocumentDetail>(await call('POST', `/api/documents/stock-adjustment/${adjustment}/audit`, 'admin', { status: '3', remark: '' }));
    expect(sentBack.status).toBe('4');
    expect(sentBack.actions).toEqual(expect.arrayContaining(['edit', 'submit']));
    expect((await approvals('stock-adjustment', adjustment)).at(-1)).toMatchObject({ result: '3', remark: null });
    expect((await approvals('purchase-receipt', receipt)).at(-1)).toMatchObject({ result: '1', remark: '同意' });
  });

  it('the stock adjustment offers no reject beside send back (its reject flag): 审核结果无效', async () => {
    const reason = String((await q('SELECT reason_code FROM adjustment_reason WHERE tenant_id = 10139 LIMIT 1'))[0].reason_code);
    const created = data<DocumentDetail>(
      await call('POST', '/api/documents/stock-adjustment', 'admin', {
        header: { org_code: sessions.store.org_code, direction: '1', reason_code: reason, adjust_time: '2026-11-22 10:00:00' },
        lines: [{ sku_no: await someSku(), qty: 1, cost_price: 1 }],
      }),
    );
    const adjustment = created.no;
    expect(data<DocumentDetail>(await call('POST', `/api/documents/stock-adjustment/${adjustment}/submit`, 'admin')).status).toBe('1');
    const res = await call('POST', `/api/documents/stock-adjustment/${adjustment}/audit`, 'admin', { status: '2', remark: '不对' });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('审核结果无效');
    expect((await detail('stock-adjustment', adjustment, 'admin')).status).toBe('1');
  });

  it('a receipt sent back (已退回) is edited and submitted again, then approved; each step recorded', async () => {
    const supplier = sessions.supplier.supplier_no!;
    const sku = String((await q('SELECT sku_no FROM sku WHERE tenant_id = 10139 AND supplier_no = $1 LIMIT 1', [supplier]))[0].sku_no);
    const header = { receive_type: '1', supplier_no: supplier, org_code: sessions.store.org_code, receive_time: '2026-11-21 09:30:00' };
    const created = data<DocumentDetail>(await call('POST', '/api/documents/purchase-receipt', 'admin', { header, lines: [{ sku_no: sku, qty: 3, price: 2 }] }));
    expect(data<DocumentDetail>(await call('POST', `/api/documents/purchase-receipt/${created.no}/submit`, 'admin')).status).toBe('1');

    const sentBack = await call('POST', `/api/documents/purchase-receipt/${created.no}/audit`, 'admin', { status: '3', remark: '数量待核' });
    expect(sentBack.statusCode).toBe(200);
    expect(data<DocumentDetail>(sentBack).status).toBe('4');
    expect(data<DocumentDetail>(sentBack).actions).toEqual(expect.arrayContaining(['edit', 'submit']));

    const edited = data<DocumentDetail>(await call('PUT', `/api/documents/purchase-receipt/${created.no}`, 'admin', { header, lines: [{ sku_no: sku, qty: 4, price: 2 }] }));
    expect([edited.status, edited.lines.map((l) => l.amount)]).toEqual(['4', [8]]);
    const resubmitted = data<DocumentDetail>(await call('POST', `/api/documents/purchase-receipt/${created.no}/submit`, 'admin'));
    expect(resubmitted.status).toBe('1');
    expect(data<DocumentDetail>(await call('POST', `/api/documents/purchase-receipt/${created.no}/audit`, 'admin', { status: '1' })).status).toBe('2');
    expect((await approvals('purchase-receipt', created.no)).map((r) => [r.result, r.remark])).toEqual([
      ['0', null],
      ['3', '数量待核'],
      ['0', null],
      ['1', null],
    ]);
  });

  it('a store outbound sent back (已退回) is edited and submitted again in one save', async () => {
    const sku = await someSku(sessions.store.org_code);
    const header = { org_code: sessions.store.org_code, issue_type: '12', issue_time: '2026-11-22 10:00:00' };
    const outbound = data<DocumentDetail>(await call('POST', '/api/documents/store-outbound', 'admin', { header, lines: [{ sku_no: sku, qty: 1, cost_price: 1 }] })).no;
    expect(data<DocumentDetail>(await call('POST', `/api/documents/store-outbound/${outbound}/submit`, 'admin')).status).toBe('1');
    const sentBack = data<DocumentDetail>(await call('POST', `/api/documents/store-outbound/${outbound}/audit`, 'admin', { status: '3', remark: '' }));
    expect(sentBack.status).toBe('4');
    expect(sentBack.actions).toEqual(expect.arrayContaining(['edit', 'submit', 'lots']));
    expect((await approvals('store-outbound', outbound)).at(-1)).toMatchObject({ result: '3', remark: null });
    const resubmitted = await call('PUT', `/api/documents/store-outbound/${outbound}`, 'admin', { header, lines: [{ sku_no: sku, qty: 2, cost_price: 1 }], submit: true });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect([data<DocumentDetail>(resubmitted).status, data<DocumentDetail>(resubmitted).lines.map((l) => l.qty)]).toEqual(['1', [2]]);
    // a save that submits is recorded like the 提交 button
    expect((await approvals('store-outbound', outbound)).map((r) => r.result)).toEqual(['0', '3', '0']);
  });
});

// ---------------------------------------------------------------- attachments

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function multipart(file: { name: string; type: string; content: Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = '----hmdocs' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const send = (url: string, who: Who, file: { name: string; type: string; content: Buffer } | null, fields?: Record<string, string>) => {
  const body = multipart(file, fields);
  return s.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(tokens[who]) } });
};

describe('attachments (5 files, §5 upload rules, served safely)', () => {
  it('uploads, lists, serves images inline and other files as downloads, never sniffed', async () => {
    const no = await seeded('purchase-receipt', '0', 'supplier');
    const url = `/api/documents/purchase-receipt/${no}/attachments`;
    const png = data<DocumentAttachment>(await send(url, 'supplier', { name: '收货照片.png', type: 'image/png', content: PNG }));
    const pdf = data<DocumentAttachment>(await send(url, 'supplier', { name: '送货单.pdf', type: 'application/pdf', content: PDF }));
    expect(png.ext).toBe('img');
    expect(pdf.ext).toBe('file');
    const listed = data<AttachmentList>(await call('GET', url, 'supplier'));
    expect(listed.list.map((a) => a.name).sort()).toEqual(['收货照片.png', '送货单.pdf'].sort());
    expect(listed.max_files).toBe(5);
    const image = await call('GET', png.url, 'admin');
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(String(image.headers['content-disposition'])).toMatch(/^inline;/);
    const file = await call('GET', pdf.url, 'store');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await call('GET', png.url, 'other')).statusCode).toBe(404);
  });

  it('refuses a wrong type, a sixth file, an oversized file and a foreign document; nothing is stored', async () => {
    const no = await seeded('purchase-receipt', '0');
    const url = `/api/documents/purchase-receipt/${no}/attachments`;
    const text = await send(url, 'admin', { name: 'a.png', type: 'image/png', content: Buffer.from('not really a picture') });
    expect(text.statusCode).toBe(400);
    expect(message(text)).toBe('不支持该文件类型，请上传图片、PDF或Excel文件');
    const big = await send(url, 'admin', { name: 'big.pdf', type: 'application/pdf', content: Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]) });
    expect(big.statusCode).toBe(413);
    expect(message(big)).toBe('请上传20M以内的文件！');
    const existing = data<AttachmentList>(await call('GET', url, 'admin')).list.length;
    for (let i = existing; i < 5; i++) expect((await send(url, 'admin', { name: `p${i}.png`, type: 'image/png', content: PNG })).statusCode).toBe(200);
    const sixth = await send(url, 'admin', { name: 'p6.png', type: 'image/png', content: PNG });
    expect(sixth.statusCode).toBe(400);
    expect(message(sixth)).toBe('最多上传5个附件');
    expect(data<AttachmentList>(await call('GET', url, 'admin')).list).toHaveLength(5);
    const foreign = String((await q('SELECT receive_no FROM purchase_receipt WHERE tenant_id = 10139 AND supplier_no <> $1 LIMIT 1', [sessions.supplier.supplier_no]))[0].receive_no);
    expect((await send(`/api/documents/purchase-receipt/${foreign}/attachments`, 'supplier', { name: 'x.png', type: 'image/png', content: PNG })).statusCode).toBe(404);
  });

  it('deletes an attachment while the state allows it; an approved document keeps its files', async () => {
    const no = await seeded('purchase-receipt', '0');
    const url = `/api/documents/purchase-receipt/${no}/attachments`;
    const first = data<AttachmentList>(await call('GET', url, 'admin')).list[0] ?? data<DocumentAttachment>(await send(url, 'admin', { name: 'x.png', type: 'image/png', content: PNG }));
    expect((await call('DELETE', `${url}?id=${first.id}`, 'admin')).statusCode).toBe(200);
    expect(data<AttachmentList>(await call('GET', url, 'admin')).list.some((a) => a.id === first.id)).toBe(false);
    const approved = await seeded('purchase-receipt', '2');
    const res = await send(`/api/documents/purchase-receipt/${approved}/attachments`, 'admin', { name: 'x.png', type: 'image/png', content: PNG });
    expect(res.statusCode).toBe(409);
  });

  it('a delete that read the document before its approval committed finds it approved and keeps the file', async () => {
    const no = await seeded('purchase-receipt', '1');
    const url = `/api/documents/purchase-receipt/${no}/attachments`;
    const file = data<DocumentAttachment>(await send(url, 'admin', { name: 'x.png', type: 'image/png', content: PNG }));
    let answer!: Promise<{ statusCode: number }>;
    // an approval in flight: the document is approved in a transaction that commits after the delete has read it
    await s.testDb.db.transaction(async (tx) => {
      await tx.query("UPDATE purchase_receipt SET status = '2' WHERE tenant_id = 10139 AND receive_no = $1", [no]);
      answer = call('DELETE', `${url}?id=${file.id}`, 'admin');
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await answer).statusCode).toBe(409);
    expect(data<AttachmentList>(await call('GET', url, 'admin')).list.map((a) => a.id)).toContain(file.id);
  });
});

// ---------------------------------------------------------------- lots

describe('lot allocation (building blocks §5, checked again on save)', () => {
  const lotsUrl = (no: string) => `/api/documents/store-outbound/${no}/lots`;

  it('shows the allocated lots and the lots with stock; every §5 rule refuses with its message and writes nothing', async () => {
    const no = await seeded('store-outbound', '0', 'store');
    const doc = await detail('store-outbound', no, 'store');
    const line = doc.lines[0];
    const view = data<LotAllocationView>(await call('GET', `${lotsUrl(no)}?sku_no=${line.sku_no}`, 'store'));
    expect(view.store_lot_type).toBe(13);
    expect(view.available.length).toBeGreaterThan(0);
    const lot = view.available[0];
    const before = await q('SELECT lot_no, change_stock_num FROM lot_allocation WHERE tenant_id = 10139 AND business_no = $1 ORDER BY id', [no]);
    const put = (rows: unknown[]) => call('PUT', lotsUrl(no), 'store', { sku_no: line.sku_no, business_item_id: view.business_item_id, rows });
    for (const [rows, text] of [
      [[{ lot_no: lot.lot_no, change_stock_num: '' }], '分配数量不能为空！'],
      [[{ lot_no: lot.lot_no, change_stock_num: '0.0001' }], '请输入分配数量，大于0且支持3位小数'],
      [[{ lot_no: lot.lot_no, change_stock_num: '-1' }], '请输入分配数量，大于0且支持3位小数'],
      [[{ lot_no: lot.lot_no, change_stock_num: Number(lot.stock_num) + 1 }], '分配数量不能大于库存数量！'],
      [[{ lot_no: lot.lot_no, change_stock_num: '0.5' }], '分配数量不等于实际领用数量'],
    ] as const) {
      const res = await put(rows as unknown as unknown[]);
      expect(res.statusCode, text).toBe(400);
      expect(message(res)).toBe(text);
    }
    expect(await q('SELECT lot_no, change_stock_num FROM lot_allocation WHERE tenant_id = 10139 AND business_no = $1 ORDER BY id', [no])).toEqual(before);
    const saved = data<LotAllocationView>(await put([{ lot_no: lot.lot_no, change_stock_num: String(view.qty), dorder_item_source: 4 }]));
    expect(saved.allocated).toHaveLength(1);
    expect(saved.allocated[0]).toMatchObject({ lot_no: lot.lot_no, change_stock_num: view.qty, dorder_item_source: 4 });
  });

  it("goods without lots at the store: 商品'…'要先入库生成批次，才能操作出库！", async () => {
    const [{ sku_no, sku_name }] = await q(
      `SELECT k.sku_no, k.sku_name FROM sku k WHERE k.tenant_id = 10139
         AND NOT EXISTS (SELECT 1 FROM lot_stock s WHERE s.tenant_id = k.tenant_id AND s.sku_no = k.sku_no AND s.org_code = $1)
       ORDER BY k.sku_no LIMIT 1`,
      [sessions.store.org_code],
    );
    const created = data<DocumentDetail>(
      await call('POST', '/api/documents/store-outbound', 'store', { header: { issue_type: '13', issue_time: '2026-11-21 10:00:00' }, lines: [{ sku_no, qty: 1, cost_price: 1 }] }),
    );
    const res = await call('PUT', lotsUrl(created.no), 'store', { sku_no, business_item_id: 1, rows: [{ lot_no: 'L1', change_stock_num: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(`商品'${sku_name}'要先入库生成批次，才能操作出库！`);
  });

  it('rule: lot type 13 is checked again at submit — every line’s allocated total must equal its quantity, else nothing moves', async () => {
    const stocked = await q(
      `SELECT s.sku_no, s.lot_no, k.sku_name FROM lot_stock s JOIN sku k ON k.tenant_id = s.tenant_id AND k.sku_no = s.sku_no
        WHERE s.tenant_id = 10139 AND s.org_code = $1 AND s.stock_num >= 2 ORDER BY s.sku_no, s.lot_no`,
      [sessions.store.org_code],
    );
    const [a, b] = [...new Map(stocked.map((r) => [String(r.sku_no), r])).values()];
    const lines = [{ sku_no: a.sku_no, qty: 1, cost_price: 1 }, { sku_no: b.sku_no, qty: 1, cost_price: 1 }];
    const header = { issue_type: '13', issue_time: '2026-11-22 09:00:00' };
    const doc = data<DocumentDetail>(await call('POST', '/api/documents/store-outbound', 'store', { header, lines }));
    const allocate = (item: number, sku: unknown, lot: unknown, qty: number) =>
      call('PUT', lotsUrl(doc.no), 'store', { sku_no: sku, business_item_id: item, rows: [{ lot_no: lot, change_stock_num: qty }] });
    expect((await allocate(1, a.sku_no, a.lot_no, 1)).statusCode).toBe(200);
    const refused = await call('POST', `/api/documents/store-outbound/${doc.no}/submit`, 'store');
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(`商品'${b.sku_name}'分配数量不等于实际领用数量`);
    expect((await detail('store-outbound', doc.no, 'store')).status).toBe('0');

    expect((await allocate(2, b.sku_no, b.lot_no, 1)).statusCode).toBe(200);
    // saving with submit after raising a quantity: the line's lots no longer add up; neither the edit nor the state is kept
    const raised = await call('PUT', `/api/documents/store-outbound/${doc.no}`, 'store', { header, lines: [lines[0], { ...lines[1], qty: 2 }], submit: true });
    expect(raised.statusCode).toBe(400);
    expect(message(raised)).toBe(`商品'${b.sku_name}'分配数量不等于实际领用数量`);
    const kept = await detail('store-outbound', doc.no, 'store');
    expect([kept.status, kept.lines.map((l) => Number(l.qty))]).toEqual(['0', [1, 1]]);

    const submitted = data<DocumentDetail>(await call('POST', `/api/documents/store-outbound/${doc.no}/submit`, 'store'));
    expect(submitted.status).toBe('1');
  });

  it('an approved document keeps its allocation (409)', async () => {
    const no = await seeded('store-outbound', '2', 'store');
    const doc = await detail('store-outbound', no, 'store');
    const res = await call('PUT', lotsUrl(no), 'store', { sku_no: doc.lines[0].sku_no, business_item_id: 1, rows: [] });
    expect(res.statusCode).toBe(409);
  });
});

// ---------------------------------------------------------------- import

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function finished(jobId: string) {
  await s.app.jobs.waitFor(jobId, 30_000);
  return data<{ status: string; kind: string; row_count: number; error: string | null }>(await call('GET', `/api/jobs/${jobId}`, 'store'));
}

describe('import of lines (building blocks §5, §7)', () => {
  it('GET /api/import/item gives the template and the parameters', async () => {
    const item = data<ImportItem>(await call('GET', '/api/import/item?type=stock_adjustment_item', 'store'));
    expect(item.document_type).toBe('stock-adjustment');
    expect(item.columns.map((c) => c.heading)).toEqual(['商品编码', '批次号', '调整数量', '成本价']);
    expect(item.max_size).toBe(52428800);
    const template = await call('GET', item.template_url, 'store');
    expect(template.headers['content-type']).toBe(XLSX_TYPE);
    expect((await call('GET', '/api/import/item?type=stock_adjustment_item', 'supplier')).statusCode).toBe(404);
  });

  it('refuses a missing file (请输入选择文件), a non-spreadsheet and a document not in draft', async () => {
    const no = await seeded('stock-adjustment', '0', 'store');
    const none = await send(`/api/import/stock_adjustment_item?no=${no}`, 'store', null, { no });
    expect(none.statusCode).toBe(400);
    expect(message(none)).toBe('请输入选择文件');
    const txt = await send(`/api/import/stock_adjustment_item?no=${no}`, 'store', { name: 'a.xlsx', type: XLSX_TYPE, content: Buffer.from('plain text') });
    expect(txt.statusCode).toBe(400);
    const xls = await send(`/api/import/stock_adjustment_item?no=${no}`, 'store', {
      name: '调整明细.xls',
      type: 'application/vnd.ms-excel',
      content: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
    });
    expect(xls.statusCode).toBe(400);
    expect(message(xls)).toBe('暂不支持读取xls格式的文件，请在Excel中另存为xlsx后再导入');
    const approved = await seeded('stock-adjustment', '2', 'store');
    const good = await sheet([['商品编码', '调整数量', '成本价'], [await someSku(), 1, 1]]);
    expect((await send(`/api/import/stock_adjustment_item?no=${approved}`, 'store', { name: 'a.xlsx', type: XLSX_TYPE, content: good })).statusCode).toBe(409);
  });

  it('a good file adds every row in the background job; a file with bad rows adds nothing and its error file names the rows', async () => {
    const no = await seeded('stock-adjustment', '0', 'store');
    const before = (await detail('stock-adjustment', no, 'store')).lines.length;
    const sku = await someSku(sessions.store.org_code);
    const good = await sheet([['商品编码', '批次号', '调整数量', '成本价'], [sku, '', 2, 1.5], [sku, '', 1, 2]]);
    const started = await send(`/api/import/stock_adjustment_item`, 'store', { name: '调整明细.xlsx', type: XLSX_TYPE, content: good }, { no });
    expect(started.statusCode).toBe(200);
    const job = await finished(data<{ job_id: string }>(started).job_id);
    expect(job).toMatchObject({ status: 'done', kind: 'import', row_count: 2, error: null });
    const after = await detail('stock-adjustment', no, 'store');
    expect(after.lines.length).toBe(before + 2);
    expect(after.lines.at(-2)!.amount).toBe(3);

    // started with an Idempotency-Key: the job and the key's seal commit together, and the repeat answers the same job
    const keyed = multipart({ name: '调整明细.xlsx', type: XLSX_TYPE, content: good }, { no });
    const importOnce = () =>
      s.app.inject({ method: 'POST', url: '/api/import/stock_adjustment_item', payload: keyed.payload, headers: { ...keyed.headers, ...bearer(tokens.store), 'idempotency-key': 'import-sealed' } });
    const keyedJob = data<{ job_id: string }>(await importOnce()).job_id;
    expect(await q("SELECT sealed_at IS NOT NULL AS sealed FROM idempotency_key WHERE idem_key = 'import-sealed'")).toEqual([{ sealed: true }]);
    expect(data<{ job_id: string }>(await importOnce()).job_id).toBe(keyedJob);
    expect((await finished(keyedJob)).row_count).toBe(2);
    expect((await detail('stock-adjustment', no, 'store')).lines.length).toBe(before + 4);

    const bad = await sheet([['商品编码', '调整数量', '成本价'], [sku, 1, 1], ['NOPE', 1, 1], [sku, 0, 1], [sku, 1, 1]]);
    const start2 = await send(`/api/import/stock_adjustment_item`, 'store', { name: 'bad.xlsx', type: XLSX_TYPE, content: bad }, { no });
    const jobId = data<{ job_id: string }>(start2).job_id;
    const job2 = await finished(jobId);
    expect(job2.status).toBe('done');
    expect(job2.row_count).toBe(0);
    expect(job2.error).toBe('共2行有错误，未导入任何数据，请下载错误文件查看');
    expect((await detail('stock-adjustment', no, 'store')).lines.length).toBe(before + 4);
    const file = await call('GET', `/api/jobs/${jobId}/download`, 'store');
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows: string[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map(String)));
    expect(rows[0][0]).toBe('行号');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['3', '4']);
    expect(rows[1].at(-1)).toBe("第3行：商品编码'NOPE'不存在");
    expect(rows[2].at(-1)).toBe('第4行：调整数量必须大于0');
    // the log offers the error file of the refused import, and no file for the one that wrote its lines
    const jobs = data<{ list: { job_id: string; kind: string; has_file: boolean }[] }>(await call('GET', '/api/jobs', 'store')).list;
    expect(jobs.find((j) => j.job_id === jobId)).toMatchObject({ kind: 'import', has_file: true });
    const goodJob = data<{ job_id: string }>(started).job_id;
    expect(jobs.find((j) => j.job_id === goodJob)).toMatchObject({ kind: 'import', has_file: false });
    expect((await call('GET', `/api/jobs/${goodJob}/download`, 'store')).statusCode).toBe(409);
  });

  it('a file above the size limit is refused with 请选择小于50M的文件', async () => {
    const no = await seeded('stock-adjustment', '0', 'store');
    const huge = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(52428800)]);
    const res = await send(`/api/import/stock_adjustment_item?no=${no}`, 'store', { name: 'huge.xlsx', type: XLSX_TYPE, content: huge });
    expect(res.statusCode).toBe(413);
    expect(message(res)).toBe('请选择小于50M的文件');
  });
});

import type { DocumentFile } from '../../../engine/document/types';
import { documentTypes } from '../../documents/definitions';
import { postDocument } from '../../stock/document-posting';
import type { Db } from '../types';
import { addDays, compactDate } from '../../../engine/dates/calendar';
import { seedDocumentParties } from './document-parties';

/**
 * Documents of the document screens (report-defs/documents) in every state the flows reach: draft
 * (0), submitted (1), approved (2), rejected (3) and sent back (4), with the approval records of the
 * decided ones. The simulation's own receipts, adjustments and issues are approved (2) or submitted
 * (1); these add the other states. All at the demo store account's store (the tenant's first store
 * elsewhere) and, for receipts, the demo supplier account's supplier, so the store and supplier
 * clients see them. Dated today, after every simulated fact. The approved ones (and the extras'
 * approved documents) are posted through the product's own posting (server/stock), as an approval on
 * the document page would post them: their ledger rows, lots and snapshot corrections come from the
 * same code. So this runs after the daily snapshots are built. Deterministic: read back from the
 * seeded tenant in key order.
 */

const STATES = ['0', '1', '2', '3', '4'] as const;
const DECISIONS: Record<string, { result: string; remark: string } | undefined> = {
  '2': { result: '1', remark: '同意' },
  '3': { result: '2', remark: '数量与到货不符，驳回' },
  '4': { result: '3', remark: '请补充附件后重新提交' },
};

interface Ctx {
  db: Db;
  t: number;
  today: string;
  store: string;
  supplier: string;
  admin: { account_id: number; account_name: string };
}

async function one<T>(db: Db, sql: string, params: unknown[]): Promise<T | undefined> {
  return (await db.query<T>(sql, params))[0];
}

const stamp = (ctx: Ctx, hour: number) => `${ctx.today} ${String(hour).padStart(2, '0')}:00:00`;
const docNo = (prefix: string, ctx: Ctx, i: number) => `${prefix}${ctx.t}${compactDate(ctx.today)}D${String(i + 1).padStart(3, '0')}`;

async function insert(db: Db, table: string, row: Record<string, unknown>, timestamps: string[] = []): Promise<void> {
  const cols = Object.keys(row);
  const vals = cols.map((c, i) => (timestamps.includes(c) ? `CAST($${i + 1} AS TIMESTAMP)` : `$${i + 1}`));
  await db.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${vals.join(', ')})`, cols.map((c) => row[c]));
}

async function decide(ctx: Ctx, type: string, no: string, state: string, hour: number): Promise<void> {
  const decision = DECISIONS[state];
  if (!decision) return;

  await insert(
    ctx.db,
    'approval_record',
    {
      tenant_id: ctx.t,
      business_type: type,
      business_no: no,
      approver_account_id: ctx.admin.account_id,
      approver_name: ctx.admin.account_name,
      result: decision.result,
      remark: decision.remark,
      created_at: stamp(ctx, hour),
    },
    ['created_at'],
  );
}

const HEAD_STAMPS = ['created_at', 'updated_at'];
const round4 = (n: number) => Math.round(n * 10000) / 10000;

async function receipts(ctx: Ctx): Promise<void> {
  const skus = await ctx.db.query<{ sku_no: string; price: number }>(
    'SELECT sku_no, COALESCE(purchase_price, buying_price, 1) AS price FROM sku WHERE tenant_id = $1 AND supplier_no = $2 ORDER BY sku_no LIMIT 3',
    [ctx.t, ctx.supplier],
  );
  for (const [i, state] of STATES.entries()) {
    const no = docNo('SH', ctx, i);
    const time = stamp(ctx, 8 + i);
    await insert(
      ctx.db,
      'purchase_receipt',
      { tenant_id: ctx.t, receive_no: no, receive_type: 1, supplier_no: ctx.supplier, org_code: ctx.store, receive_time: time, status: Number(state), created_at: time, updated_at: time, created_by: 'admin', updated_by: 'admin' },
      ['receive_time', ...HEAD_STAMPS],
    );
    for (const [j, s] of skus.entries()) {
      const qty = 10 + j * 5;
      await insert(ctx.db, 'purchase_receipt_item', {
        tenant_id: ctx.t,
        receive_no: no,
        line_id: j + 1,
        sku_no: s.sku_no,
        qty,
        price: Number(s.price),
        amount: round4(qty * Number(s.price)),
        input_tax_rate: 0.13,
        produce_date: addDays(ctx.today, -10 * (j + 1)),
        expiration_date: addDays(ctx.today, 90 * (j + 1)),
      });
    }
    await decide(ctx, 'purchase-receipt', no, state, 12 + i);
  }
}

async function adjustments(ctx: Ctx): Promise<void> {
  const reason = await one<{ reason_code: string }>(ctx.db, 'SELECT reason_code FROM adjustment_reason WHERE tenant_id = $1 ORDER BY reason_code LIMIT 1', [ctx.t]);
  const skus = await ctx.db.query<{ sku_no: string; avg_cost: number }>(
    'SELECT sku_no, avg_cost FROM stock WHERE tenant_id = $1 AND org_code = $2 AND stock_num > 0 ORDER BY sku_no LIMIT 2',
    [ctx.t, ctx.store],
  );
  for (const [i, state] of STATES.entries()) {
    const no = docNo('TZ', ctx, i);
    const time = stamp(ctx, 8 + i);
    await insert(
      ctx.db,
      'stock_adjustment',
      { tenant_id: ctx.t, adjust_no: no, org_code: ctx.store, direction: 1 + (i % 2), reason_code: reason?.reason_code ?? null, adjust_time: time, status: Number(state), created_at: time, updated_at: time, created_by: 'admin', updated_by: 'admin' },
      ['adjust_time', ...HEAD_STAMPS],
    );
    for (const [j, s] of skus.entries()) {
      const cost = round4(Number(s.avg_cost) || 1);
      await insert(ctx.db, 'stock_adjustment_item', { tenant_id: ctx.t, adjust_no: no, line_id: j + 1, sku_no: s.sku_no, qty: 2 + j, cost_price: cost, amount: round4((2 + j) * cost) });
    }
    await decide(ctx, 'stock-adjustment', no, state, 12 + i);
  }
}

/** Requisitions (lot type 13) of goods with lots at the store; the draft's first line has its lots allocated. */
async function outbounds(ctx: Ctx): Promise<void> {
  const lots = await ctx.db.query<{ sku_no: string; lot_no: string; stock_num: number; lot_price: number }>(
    `SELECT s.sku_no, s.lot_no, s.stock_num, COALESCE(l.lot_price, 1) AS lot_price FROM lot_stock s
       JOIN lot l ON l.tenant_id = s.tenant_id AND l.lot_no = s.lot_no
      WHERE s.tenant_id = $1 AND s.org_code = $2 AND s.stock_num >= 2 ORDER BY s.sku_no, s.lot_no`,
    [ctx.t, ctx.store],
  );
  const bySku = [...new Map(lots.map((l) => [l.sku_no, l])).values()].slice(0, 2);
  for (const [i, state] of STATES.entries()) {
    const no = docNo('CK', ctx, i);
    const time = stamp(ctx, 8 + i);
    await insert(
      ctx.db,
      'stock_issue_order',
      { tenant_id: ctx.t, issue_no: no, org_code: ctx.store, issue_type: 13, reason: '门店领用', issue_time: time, status: Number(state), created_at: time, updated_at: time, created_by: 'admin', updated_by: 'admin' },
      ['issue_time', ...HEAD_STAMPS],
    );
    for (const [j, l] of bySku.entries()) {
      const cost = round4(Number(l.lot_price));
      await insert(ctx.db, 'stock_issue_item', { tenant_id: ctx.t, issue_no: no, line_id: j + 1, sku_no: l.sku_no, qty: 1, cost_price: cost, cost_amount: cost });
      if (state !== '0' || j === 0) {
        await insert(
          ctx.db,
          'lot_allocation',
          { tenant_id: ctx.t, business_no: no, business_item_id: j + 1, sku_no: l.sku_no, lot_no: l.lot_no, change_stock_num: 1, store_lot_type: 13, receive_oub_num: 1, created_at: time },
          ['created_at'],
        );
      }
    }
    await decide(ctx, 'store-outbound', no, state, 12 + i);
  }
}

export async function seedDocuments(db: Db, t: number, today: string): Promise<void> {
  const store =
    (await one<{ org_code: string }>(db, "SELECT org_code FROM account WHERE tenant_id = $1 AND username = 'store01'", [t]))?.org_code ??
    (await one<{ org_code: string }>(db, 'SELECT org_code FROM store WHERE tenant_id = $1 ORDER BY store_no LIMIT 1', [t]))?.org_code;
  const supplier =
    (await one<{ supplier_no: string }>(db, "SELECT supplier_no FROM account WHERE tenant_id = $1 AND username = 'supplier01'", [t]))?.supplier_no ??
    (await one<{ supplier_no: string }>(db, 'SELECT supplier_no FROM supplier WHERE tenant_id = $1 ORDER BY supplier_no LIMIT 1', [t]))?.supplier_no;
  const admin = await one<{ account_id: number; account_name: string }>(db, "SELECT account_id, account_name FROM account WHERE tenant_id = $1 AND username = 'admin'", [t]);
  if (!store || !supplier || !admin) return;
  const ctx: Ctx = { db, t, today, store, supplier, admin: { account_id: Number(admin.account_id), account_name: admin.account_name } };
  await receipts(ctx);
  await adjustments(ctx);
  // the outbounds allocate lots the approved receipts open
  await postApproved(db, t, today);
  await outbounds(ctx);
  await postApproved(db, t, today);
  await seedDocumentParties(db, t);
}

/**
 * Posts the tenant's approved documents that have not moved stock yet (these and the extras'
 * documents; the simulation books its own as it goes), of every type in business-time order, through
 * the product's posting: as approving each on its page would.
 */
async function postApproved(db: Db, t: number, today: string): Promise<void> {
  const due: { time: string; no: string; def: DocumentFile }[] = [];
  const posted = [...documentTypes().all.values()].filter((def) => def.posting);
  // PostgreSQL has no statistics yet for tables the seed has just loaded: without them it plans the
  // anti-join below as a nested loop over the whole ledger (minutes on demo data instead of a second)
  if (db.dialect === 'postgres') await db.query(`ANALYZE stock_ledger, ${[...new Set(posted.map((def) => def.tables.header))].join(', ')}`);
  for (const def of posted) {
    const { header, no_column, time_column, status_column } = def.tables;
    const rows = await db.query<{ time: string; no: string }>(
      `SELECT CAST(h.${time_column} AS VARCHAR) AS time, h.${no_column} AS no FROM ${header} h
        WHERE h.tenant_id = $1 AND CAST(h.${status_column} AS VARCHAR) = $2
          AND NOT EXISTS (SELECT 1 FROM stock_ledger l WHERE l.tenant_id = h.tenant_id AND l.doc_no = h.${no_column})`,
      [t, def.posting!.state],
    );
    due.push(...rows.map((r) => ({ ...r, def })));
  }
  due.sort((a, b) => a.time.localeCompare(b.time) || a.no.localeCompare(b.no));
  for (const d of due) await db.transaction((tx) => postDocument(tx, d.def, t, d.no, today));
}

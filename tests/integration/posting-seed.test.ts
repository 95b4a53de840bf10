/**
 * The demo data and the product post by the same rules (the seed calls the product's modules;
 * docs/architecture.md, 'Rules of the house'). The same movements booked by the seed's stock book (then
 * its snapshot builder over the whole ledger) and posted one by one through the product's posting
 * module give identical ledger rows, positions and daily snapshots, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUnits } from '../../engine/stock';
import { buildSnapshots } from '../../server/stock/snapshot-build';
import { StockBook, type LedgerRow } from '../../server/db/seed/stockbook';
import { postMovements, type Movement } from '../../server/stock/posting';
import { openEmptyDb, type TestDb } from './testdb';

const SEEDED = 901;
const POSTED = 902;
const FIRST = '2026-03-02';
const LAST = '2026-03-08';

/** Two store positions through receipts, sales into negative stock (cost difference), emptying and refilling. */
const MOVES: { day: string; sku: string; qty: number; cost?: number; docType: number }[] = [
  { day: '2026-03-02', sku: 'A', qty: 10, cost: 3.3333, docType: 1 },
  { day: '2026-03-02', sku: 'A', qty: -4, docType: 5 },
  { day: '2026-03-02', sku: 'B', qty: 7.5, cost: 1.2, docType: 1 },
  { day: '2026-03-03', sku: 'A', qty: -8, docType: 5 },
  { day: '2026-03-03', sku: 'A', qty: 5, cost: 4.1, docType: 14 },
  { day: '2026-03-05', sku: 'A', qty: -3, docType: 12 },
  { day: '2026-03-05', sku: 'B', qty: -7.5, docType: 13 },
  { day: '2026-03-06', sku: 'A', qty: 2.5, cost: 5, docType: 1 },
  { day: '2026-03-08', sku: 'A', qty: -1.25, docType: 15 },
];

let t: TestDb;
beforeAll(async () => {
  t = await openEmptyDb();
});
afterAll(() => t?.close());

const ledger = (tenant: number) =>
  t.db.query(
    `SELECT org_code, center_code, sku_no, doc_type, doc_no, doc_item_id, qty, cost_price, amount, stock_before, cost_diff_amount, biz_date
       FROM stock_ledger WHERE tenant_id = $1 ORDER BY ledger_id`,
    [tenant],
  );
const snapshots = (tenant: number) =>
  t.db.query('SELECT biz_date, org_code, center_code, sku_no, qty, amount FROM stock_daily_snapshot WHERE tenant_id = $1 ORDER BY biz_date, sku_no', [tenant]);

describe('seed and product post alike', () => {
  it('gives identical ledger rows, positions and daily snapshots', async () => {
    const rows: LedgerRow[] = [];
    const book = new StockBook(SEEDED, (r) => rows.push(r));
    for (const [i, m] of MOVES.entries()) {
      const p = book.position('S1', 'C1', m.sku, false, 0);
      const doc = { docType: m.docType, docNo: `D${i + 1}`, itemId: 1, time: `${m.day} 10:00:00`, date: m.day };
      if (m.qty > 0) book.inbound(p, m.qty, toUnits(m.cost!), doc);
      else book.outbound(p, -m.qty, doc);
    }
    const cols = Object.keys(rows[0]);
    for (const r of rows) {
      await t.db.query(`INSERT INTO stock_ledger (${cols.join(', ')}) VALUES (${cols.map((c, i) => (c === 'biz_time' ? `CAST($${i + 1} AS TIMESTAMP)` : c === 'biz_date' ? `CAST($${i + 1} AS DATE)` : `$${i + 1}`)).join(', ')})`, cols.map((c) => r[c as keyof LedgerRow]));
    }
    await buildSnapshots(t.db, FIRST, LAST, () => {});

    for (const [i, m] of MOVES.entries()) {
      const move: Movement = { org: 'S1', center: 'C1', sku: m.sku, date: m.day, time: `${m.day} 10:00:00`, qty: m.qty, unitCost: m.cost, docType: m.docType, docNo: `D${i + 1}`, itemId: 1 };
      await t.db.transaction((tx) => postMovements(tx, POSTED, LAST, [move]));
    }

    expect(await ledger(POSTED)).toEqual(await ledger(SEEDED));
    expect(await snapshots(POSTED)).toEqual(await snapshots(SEEDED));
    const positions = await t.db.query<{ sku_no: string; stock_num: number; stock_amount: number }>(
      'SELECT sku_no, stock_num, stock_amount FROM stock WHERE tenant_id = $1 ORDER BY sku_no',
      [POSTED],
    );
    const finals = [...book.positions.values()].map((p) => ({ sku_no: p.sku, stock_num: p.qty, stock_amount: p.amt / 10000 })).sort((a, b) => a.sku_no.localeCompare(b.sku_no));
    expect(positions).toEqual(finals);
    // the sequence does reach negative stock with a cost difference, and an emptied position
    expect((await ledger(POSTED)).some((r) => Number(r.cost_diff_amount) !== 0)).toBe(true);
    expect(finals.find((p) => p.sku_no === 'B')).toEqual({ sku_no: 'B', stock_num: 0, stock_amount: 0 });
  });
});

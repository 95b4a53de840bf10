import { describe, expect, it } from 'vitest';
import { openDuckDb } from '../db/duckdb';
import { migrate } from '../db/migrate';
import { buildSnapshots, monthRanges } from './snapshot-build';

describe('daily snapshots from the ledger', () => {
  it('cuts a range into whole-month chunks', () => {
    expect(monthRanges('2025-08-01', '2025-10-15')).toEqual([
      ['2025-08-01', '2025-08-31'],
      ['2025-09-01', '2025-09-30'],
      ['2025-10-01', '2025-10-15'],
    ]);
    expect(monthRanges('2025-08-01', '2026-02-10', 6)).toEqual([
      ['2025-08-01', '2026-01-31'],
      ['2026-02-01', '2026-02-10'],
    ]);
  });

  it('carries each position forward to its next movement; empty positions only on their movement days', async () => {
    const db = await openDuckDb(':memory:');
    await migrate(db);
    const row = (id: number, date: string, qty: number, amount: number, costDiff = 0, lot: string | null = null) => [
      1, id, '2001', 'SW001', 'A', lot, 5, `D${id}`, 1, qty, 1, amount, 0, costDiff, `${date} 10:00:00`, date,
    ];
    await db.bulkInsert(
      'stock_ledger',
      ['tenant_id', 'ledger_id', 'org_code', 'center_code', 'sku_no', 'lot_no', 'doc_type', 'doc_no', 'doc_item_id', 'qty', 'cost_price', 'amount', 'stock_before', 'cost_diff_amount', 'biz_time', 'biz_date'],
      [row(1, '2025-01-30', 5, 50), row(2, '2025-02-02', -2, -20, 0.5), row(3, '2025-02-02', -3, -30.5), row(4, '2025-02-04', 1, 10)],
    );
    await buildSnapshots(db, '2025-01-29', '2025-02-05', () => {});
    const rows = await db.query<{ biz_date: string; qty: number; amount: number }>('SELECT biz_date, qty, amount FROM stock_daily_snapshot ORDER BY biz_date');
    expect(rows).toEqual([
      { biz_date: '2025-01-30', qty: 5, amount: 50 },
      { biz_date: '2025-01-31', qty: 5, amount: 50 },
      { biz_date: '2025-02-01', qty: 5, amount: 50 },
      { biz_date: '2025-02-02', qty: 0, amount: 0 },
      { biz_date: '2025-02-04', qty: 1, amount: 10 },
      { biz_date: '2025-02-05', qty: 1, amount: 10 },
    ]);
    expect(await db.query('SELECT COUNT(*) AS n FROM lot_stock_daily_snapshot')).toEqual([{ n: 0 }]);
    await db.close();
  });
});

import { describe, expect, it } from 'vitest';
import { Rng } from './prng';
import { postInbound, postOutbound, type Balance } from '../../../engine/stock';
import { StockBook, type LedgerRow } from './stockbook';

const doc = (docType: number, itemId = 1) => ({ docType, docNo: 'D1', itemId, time: '2025-01-01 10:00:00', date: '2025-01-01' });

describe('moving-average postings', () => {
  it('inbound adds at its cost; outbound takes the average', () => {
    const b: Balance = { qty: 0, amt: 0, lastCost: 0 };
    postInbound(b, 10, 20_000);
    postInbound(b, 10, 40_000);
    const out = postOutbound(b, 5);
    expect(out.amount).toBe(-150_000);
    expect(b).toMatchObject({ qty: 15, amt: 450_000 });
  });

  it('emptying a position takes its whole value, leaving no rounding residue', () => {
    const b: Balance = { qty: 0, amt: 0, lastCost: 0 };
    postInbound(b, 3, 33_333);
    postInbound(b, 4, 10_001);
    const out = postOutbound(b, 7);
    expect(b.qty).toBe(0);
    expect(b.amt).toBe(0);
    expect(out.amount).toBe(-(3 * 33_333 + 4 * 10_001));
  });

  it('cost difference only when the stock before is negative; it revalues at the incoming cost', () => {
    const b: Balance = { qty: 2, amt: 20_000, lastCost: 10_000 };
    const out = postOutbound(b, 5);
    expect(out.costDiff).toBe(0);
    expect(b.qty).toBe(-3);
    const inb = postInbound(b, 10, 12_000);
    expect(inb.stockBefore).toBe(-3);
    expect(inb.amount).toBe(120_000);
    expect(b.amt).toBe(7 * 12_000);
    expect(inb.costDiff).toBe(7 * 12_000 - (-30_000 + 120_000));
    const plain = postInbound(b, 1, 12_000);
    expect(plain.costDiff).toBe(0);
  });
});

describe('StockBook', () => {
  it('keeps the ledger identity on every position under random traffic', () => {
    const rows: LedgerRow[] = [];
    const book = new StockBook(1, (r) => rows.push(r));
    const rng = new Rng('traffic');
    const store = book.position('2001', 'SW001', 'A', false, 10_000);
    const center = book.position('1101', 'DC01', 'A', true, 10_000);
    const opening = { store: { qty: 0, amt: 0 }, center: { qty: 0, amt: 0 } };
    for (let i = 0; i < 2000; i++) {
      const r = rng.float();
      if (r < 0.2) book.receiveLot(center, `L${i}`, rng.int(1, 30), rng.int(8_000, 12_000), doc(1, i));
      else if (r < 0.4) book.lotOutbound(center, rng.int(1, 20), doc(5, i));
      else if (r < 0.5) book.returnToLot(center, rng.int(1, 3), doc(6, i));
      else if (r < 0.7) book.inbound(store, rng.int(1, 10), rng.int(9_000, 15_000), doc(2, i), `L${i}`);
      else book.outbound(store, rng.int(1, 8), doc(5, i));
    }
    for (const [p, o] of [[store, opening.store], [center, opening.center]] as const) {
      const mine = rows.filter((r) => r.org_code === p.org);
      const qty = mine.reduce((a, r) => a + r.qty, 0);
      const amount = mine.reduce((a, r) => a + Math.round((r.amount + r.cost_diff_amount) * 10_000), 0);
      expect(p.qty - o.qty).toBe(qty);
      expect(p.amt - o.amt).toBe(amount);
    }
    expect(center.qty).toBeGreaterThanOrEqual(0);
    expect(rows.every((r) => r.cost_diff_amount === 0 || r.stock_before < 0)).toBe(true);
    const lotQty = center.slices.reduce((a, s) => a + s.qty, 0);
    const lotAmt = center.slices.reduce((a, s) => a + s.amt, 0);
    expect(lotQty).toBe(center.qty);
    expect(lotAmt).toBe(center.amt);
  });

  it('ships first lot first and never more than the stock', () => {
    const rows: LedgerRow[] = [];
    const book = new StockBook(1, (r) => rows.push(r));
    const p = book.position('1101', 'DC01', 'A', true, 0);
    book.receiveLot(p, 'L1', 5, 10_000, doc(1));
    book.receiveLot(p, 'L2', 5, 20_000, doc(1));
    const parts = book.lotOutbound(p, 7, doc(5, 10));
    expect(parts).toEqual([
      { lotNo: 'L1', qty: 5, amount: -50_000 },
      { lotNo: 'L2', qty: 2, amount: -40_000 },
    ]);
    expect(book.lotOutbound(p, 100, doc(5, 20)).reduce((a, x) => a + x.qty, 0)).toBe(3);
    expect(p.qty).toBe(0);
    expect(rows.map((r) => r.doc_item_id)).toEqual([1, 1, 10, 11, 20]);
  });

  it('forgets emptied lots at the end of the day but keeps returning into the last one', () => {
    const book = new StockBook(1, () => {});
    const p = book.position('1101', 'DC01', 'A', true, 0);
    book.receiveLot(p, 'L1', 2, 10_000, doc(1));
    book.lotOutbound(p, 2, doc(5));
    book.dropEmptyLots();
    expect(p.slices).toEqual([]);
    book.returnToLot(p, 1, doc(6));
    expect(p.slices.map((s) => [s.lotNo, s.qty, s.amt])).toEqual([['L1', 1, 10_000]]);
  });

  it('refuses the wrong kind of posting for a position', () => {
    const book = new StockBook(1, () => {});
    expect(() => book.inbound(book.position('1101', 'DC01', 'A', true, 0), 1, 1, doc(1))).toThrow();
    expect(() => book.outbound(book.position('1101', 'DC01', 'A', true, 0), 1, doc(5))).toThrow();
  });
});

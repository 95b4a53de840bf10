import { describe, expect, it } from 'vitest';
import { sinceOf, unnamedOutbounds, withOldestLots, type HeldLot } from './oldest-lots';
import type { Movement } from './posting';

const at = { org: 'S1', center: 'W1', sku: 'A' };
let item = 0;
const move = (qty: number, extra: Partial<Movement> = {}): Movement => ({
  ...at, date: '2026-11-20', time: '2026-11-20 10:00:00', qty, docType: qty < 0 ? 5 : 1, docNo: 'D', itemId: ++item, ...extra,
});
const lot = (lotNo: string, qty: number, day: number, where: Partial<HeldLot> = {}): HeldLot => ({ ...at, lotNo, qty, since: sinceOf(`2026-11-${String(day).padStart(2, '0')} 08:00:00`), ...where });

describe('withOldestLots', () => {
  it('an unnamed outbound takes the lots oldest first, by receive time then number, as far as they hold stock', () => {
    const held = [lot('L3', 5, 2), lot('L2', 1, 1), lot('L1', 2, 1), lot('L0', 0, 1)];
    const [sale] = withOldestLots([move(-4)], held);
    expect(sale.lots).toEqual([{ lotNo: 'L1', qty: 2 }, { lotNo: 'L2', qty: 1 }, { lotNo: 'L3', qty: 1 }]);
  });

  it('follows the lot stock through the movements: a later sale finds what the earlier left, and what no lot covers leaves without one', () => {
    const held = [lot('L1', 3, 1)];
    const moves = withOldestLots([move(-2), move(-2.5), move(-1)], held);
    expect(moves.map((m) => m.lots)).toEqual([[{ lotNo: 'L1', qty: 2 }], [{ lotNo: 'L1', qty: 1 }], undefined]);
  });

  it('a lot opened earlier in the posting is taken after the stored ones; named movements move their lots and are kept as they are', () => {
    const held = [lot('OLD', 1, 1), lot('LATER', 4, 3)];
    const receipt = move(3, { lots: [{ lotNo: 'NEW', qty: 3 }], newLot: { supplierNo: null, produceDate: null, expirationDate: null, receiveNo: 'R', receiveTime: '2026-11-02 09:00:00' } });
    const named = move(-1, { lots: [{ lotNo: 'LATER', qty: 1 }] });
    const moves = withOldestLots([receipt, named, move(-3)], held);
    expect(moves[0]).toBe(receipt);
    expect(moves[1]).toBe(named);
    expect(moves[2].lots).toEqual([{ lotNo: 'OLD', qty: 1 }, { lotNo: 'NEW', qty: 2 }]);
  });

  it('an inbound at the cost of an earlier movement receives the lots that movement took, up to its own quantity', () => {
    const held = [lot('L1', 1, 1), lot('L2', 5, 2)];
    const out = move(-3, { docType: 11 });
    const into = move(2, { org: 'S2', docType: 10, costOf: 0 });
    const moves = withOldestLots([out, into], held);
    expect(moves[0].lots).toEqual([{ lotNo: 'L1', qty: 1 }, { lotNo: 'L2', qty: 2 }]);
    expect(moves[1].lots).toEqual([{ lotNo: 'L1', qty: 1 }, { lotNo: 'L2', qty: 1 }]);
  });

  it('leaves inbounds without a source, positions without lots and other positions alone', () => {
    const held = [lot('L1', 5, 1, { sku: 'B' })];
    const moves = [move(2), move(-1), move(-1, { sku: 'C' })];
    expect(withOldestLots(moves, held)).toEqual(moves);
  });
});

describe('unnamedOutbounds', () => {
  it('lists each position stock leaves without lots once', () => {
    expect(unnamedOutbounds([move(-1), move(-2), move(1), move(-1, { lots: [{ lotNo: 'X', qty: 1 }], sku: 'N' }), move(-1, { org: 'S2' })])).toEqual([at, { ...at, org: 'S2' }]);
  });
});

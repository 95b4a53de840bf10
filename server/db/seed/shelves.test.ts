import { describe, expect, it } from 'vitest';
import { withOldestLots } from '../../stock/oldest-lots';
import type { Movement } from '../../stock/posting';
import { Shelves } from './shelves';

const at = (n: number) => `2026-03-0${Math.ceil(n / 10)} 0${n % 10}:00:00`;
const base = { org: 'DC', center: 'DC', sku: 'A', date: '2026-03-01', docType: 0, docNo: 'X', itemId: 1 };

/** The lots a posting holds after these movements (the product's rule for unnamed outbounds). */
function productLots(moves: Movement[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const m of withOldestLots(moves, [])) {
    for (const l of m.lots ?? []) held.set(l.lotNo, (held.get(l.lotNo) ?? 0) + Math.sign(m.qty) * l.qty);
  }
  return new Map([...held].filter(([, q]) => q !== 0));
}

describe('the simulation picks lots as the posting takes them', () => {
  it('lots received, taken oldest first without names, picked by name, and stock in no lot shipped last: both end with the same lots', () => {
    const shelves = new Shelves();
    const p = shelves.position('DC', 'DC', 'A', true);
    const moves: Movement[] = [];
    const receive = (lotNo: string, qty: number, n: number) => {
      shelves.receiveLot(p, lotNo, qty, at(n));
      moves.push({ ...base, time: at(n), qty, lots: [{ lotNo, qty }], newLot: { supplierNo: null, produceDate: null, expirationDate: null, receiveNo: lotNo, receiveTime: at(n) } });
    };
    const take = (qty: number, n: number) => {
      shelves.take(p, qty);
      moves.push({ ...base, time: at(n), qty: -qty });
    };
    const add = (qty: number, n: number) => {
      shelves.add(p, qty);
      moves.push({ ...base, time: at(n), qty });
    };
    const pick = (qty: number, n: number) => {
      const parts = shelves.pick(p, qty);
      for (const part of parts) moves.push({ ...base, time: at(n), qty: -part.qty, ...(part.lotNo ? { lots: [{ lotNo: part.lotNo, qty: part.qty }] } : {}) });
      return parts;
    };
    receive('L2', 5, 2);
    receive('L1', 10, 1);
    take(4, 3);
    add(3, 4);
    expect(pick(8, 5)).toEqual([{ lotNo: 'L1', qty: 6 }, { lotNo: 'L2', qty: 2 }]);
    receive('L3', 4, 6);
    take(5, 7);
    expect(pick(9, 8)).toEqual([{ lotNo: 'L3', qty: 2 }, { lotNo: null, qty: 3 }]);
    expect(p.qty).toBe(0);
    expect(new Map(p.lots.map((l) => [l.lotNo, l.qty]))).toEqual(productLots(moves));
  });

  it('never picks more than the position holds, and stock in no lot only once no lot is left', () => {
    const shelves = new Shelves();
    const p = shelves.position('DC', 'DC', 'A', true);
    shelves.receiveLot(p, 'L1', 2, at(1));
    shelves.add(p, 5);
    expect(shelves.pick(p, 4)).toEqual([{ lotNo: 'L1', qty: 2 }, { lotNo: null, qty: 2 }]);
    expect(shelves.pick(p, 10)).toEqual([{ lotNo: null, qty: 3 }]);
    expect(shelves.pick(p, 1)).toEqual([]);
  });
});

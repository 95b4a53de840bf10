import { describe, expect, it } from 'vitest';
import { compareTotals, type TableTotals } from './tenant-totals';

const sales: TableTotals = { table: 'sales_order', rows: 3, sums: { amount: '10.50', qty: '7' } };

describe('tenant move check', () => {
  it('agrees when counts and every sum are equal', () => {
    expect(compareTotals([sales], [{ ...sales, sums: { ...sales.sums } }])).toEqual([]);
  });
  it('names each table whose count or sums differ, and tables on one side only', () => {
    expect(
      compareTotals(
        [sales, { table: 'stock', rows: 0, sums: { qty: null } }],
        [{ table: 'sales_order', rows: 2, sums: { amount: '10.5', qty: '7' } }, { table: 'lot', rows: 1, sums: {} }],
      ),
    ).toEqual([
      'sales_order: 3 rows, the copy has 2',
      'sales_order.amount: sum 10.50, the copy has 10.5',
      'stock: missing from the copy',
      'lot: not in the source',
    ]);
  });
});

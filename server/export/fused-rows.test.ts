import { describe, expect, it } from 'vitest';
import type { ColumnChunk } from '../db/types';
import { FusedRows, totalsIndex } from './fused-rows';

const chunk = (org: (string | null)[], sales: number[], g: number[]): ColumnChunk => ({
  names: ['org', 'sales', '__g', '__rows'],
  columns: [org, sales, g, g.map((x) => (x === 1 ? 4 : null))],
  rowCount: org.length,
});

async function* of(...chunks: ColumnChunk[]) {
  yield* chunks;
}

async function split(...chunks: ColumnChunk[]) {
  const fused = new FusedRows();
  const rows: ColumnChunk[] = [];
  for await (const c of fused.rows(of(...chunks))) rows.push(c);
  return { rows, totals: fused.totals() };
}

describe('fused export rows', () => {
  it('takes the totals row out after the rows and passes the other chunks untouched', async () => {
    const first = chunk(['a', 'b'], [1, 2], [0, 0]);
    const { rows, totals } = await split(first, chunk(['c', 'd', null], [3, 4, 10], [0, 0, 1]));
    expect(rows[0]).toBe(first);
    expect(rows[1].rowCount).toBe(2);
    expect(rows[1].columns[0]).toEqual(['c', 'd']);
    expect(rows[1].columns[1]).toEqual([3, 4]);
    expect(totals).toEqual({ org: null, sales: 10, __g: 1, __rows: 4 });
  });

  it('finds the totals row first, alone in its chunk, or missing', async () => {
    const first = await split(chunk([null, 'a'], [5, 5], [1, 0]));
    expect(first.rows.map((c) => c.columns[0])).toEqual([['a']]);
    expect(first.totals?.sales).toBe(5);
    const alone = await split(chunk(['a'], [5], [0]), chunk([null], [5], [1]));
    expect(alone.rows).toHaveLength(1);
    expect(alone.totals?.__rows).toBe(4);
    expect((await split(chunk(['a'], [5], [0]))).totals).toBeNull();
    expect(totalsIndex({ names: ['org'], columns: [['a']], rowCount: 1 })).toBe(-1);
  });
});

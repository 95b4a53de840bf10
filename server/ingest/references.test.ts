import { describe, expect, it } from 'vitest';
import type { DatasetFile } from '../../engine/definition/types';
import { datasetReferences, type ReferenceContext } from './references';

const keys: Record<string, string[]> = { head: ['no'], line: ['no', 'line'], sku: ['sku_no'], party: ['party_no'] };
const ctx: ReferenceContext = { resolve: (n) => (n === 'head_all' ? 'head' : keys[n] ? n : undefined), keyOf: (t) => keys[t] };
const dataset = (source: unknown) => ({ id: 'x', source }) as unknown as DatasetFile;

describe('datasetReferences', () => {
  it('points from the side whose key the condition does not cover, through views, with join constants as conditions', () => {
    const refs = datasetReferences(
      dataset({
        table: 'head_all',
        alias: 'h',
        joins: [
          { table: 'line', alias: 'l', on: 'l.no = h.no' },
          { table: 'sku', alias: 's', on: 's.sku_no = l.sku_no' },
          { table: 'party', alias: 'p', on: 'h.kind = 4 AND p.party_no = h.party' },
          { table: 'sku', alias: 's2', on: 's2.sku_no = l.sku_no OR s2.barcode = l.sku_no' },
          { table: 'snapshot', alias: 'z', on: 'z.sku_no = s.sku_no' },
        ],
      }),
      ctx,
    );
    expect(refs).toEqual([
      { from: 'line', columns: ['no'], table: 'head', key: ['no'] },
      { from: 'line', columns: ['sku_no'], table: 'sku', key: ['sku_no'] },
      { from: 'head', columns: ['party'], table: 'party', key: ['party_no'], when: { kind: '4' } },
    ]);
  });

  it('maps a union column to each part, with the constants of the part\'s where', () => {
    const refs = datasetReferences(
      dataset({
        union: [
          { id: 'a', table: 'head', alias: 'a', where: ['a.kind = 4'], select: { who: 'a.party' } },
          { id: 'b', table: 'line', alias: 'b', select: { who: 'COALESCE(b.party, b.other)' } },
        ],
        columns: [{ name: 'who', type: 'VARCHAR(32)' }],
        alias: 'u',
        joins: [{ table: 'party', alias: 'p', on: 'p.party_no = u.who' }],
      }),
      ctx,
    );
    expect(refs).toEqual([{ from: 'head', columns: ['party'], table: 'party', key: ['party_no'], when: { kind: '4' } }]);
  });
});

import { describe, expect, it } from 'vitest';
import { DASHBOARD_MAX_STORES, parseStoreNos } from './shell';

describe('parseStoreNos (dashboard store_no query)', () => {
  it('reads a comma list, trims, drops duplicates; empty means the whole scope', () => {
    expect(parseStoreNos(undefined)).toEqual([]);
    expect(parseStoreNos(' ')).toEqual([]);
    expect(parseStoreNos('S001, S002,S001')).toEqual(['S001', 'S002']);
  });

  it('refuses malformed codes and over-long lists', () => {
    expect(parseStoreNos("S001,' OR 1=1")).toBeNull();
    expect(parseStoreNos('S001,,S002')).toBeNull();
    expect(parseStoreNos(Array.from({ length: DASHBOARD_MAX_STORES + 1 }, (_, k) => `S${k}`).join(','))).toBeNull();
    expect(parseStoreNos(Array.from({ length: DASHBOARD_MAX_STORES }, (_, k) => `S${k}`).join(','))).toHaveLength(DASHBOARD_MAX_STORES);
  });
});

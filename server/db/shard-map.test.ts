import { describe, expect, it } from 'vitest';
import { parseShards, placeOf } from './shard-map';

describe('shards from the environment', () => {
  it('puts HM_DATABASE_URL first as main, then each HM_SHARDS entry with its standbys', () => {
    expect(parseShards('postgres://a/hm', ['postgres://ar/hm'], 'east=postgres://b/hm|postgres://br1/hm|postgres://br2/hm, west=postgres://c/hm')).toEqual([
      { name: 'main', url: 'postgres://a/hm', replicaUrls: ['postgres://ar/hm'] },
      { name: 'east', url: 'postgres://b/hm', replicaUrls: ['postgres://br1/hm', 'postgres://br2/hm'] },
      { name: 'west', url: 'postgres://c/hm', replicaUrls: [] },
    ]);
    expect(parseShards('postgres://a/hm', [], undefined)).toHaveLength(1);
  });
  it('refuses entries it cannot read, other schemes and names given twice', () => {
    expect(() => parseShards('postgres://a/hm', [], 'postgres://b/hm')).toThrow(/name=postgres/);
    expect(() => parseShards('postgres://a/hm', [], 'b=mysql://b/hm')).toThrow(/postgres:\/\//);
    expect(() => parseShards('postgres://a/hm', [], 'main=postgres://b/hm')).toThrow(/twice/);
  });
});

describe('where a tenant lives', () => {
  it('is main unless the map says otherwise, and a tenant being moved is not served', () => {
    const rows = [
      { tenant_id: 266, shard: 'east', state: 'active' },
      { tenant_id: 7, shard: 'main', state: 'moving' },
    ];
    expect(placeOf(rows, 266)).toEqual({ shard: 'east', moving: false });
    expect(placeOf(rows, 7)).toEqual({ shard: 'main', moving: true });
    expect(placeOf(rows, 10139)).toEqual({ shard: 'main', moving: false });
  });
});

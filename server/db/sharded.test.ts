import { describe, expect, it } from 'vitest';
import { inShardScope, merchantShard, ShardRouter, tenantOfToken, TENANT_MOVING } from './sharded';
import type { Db } from './types';

/** A stand-in shard that answers every query with its own name (and the map rows on main). */
function fakeShard(name: string, map: { tenant_id: number; shard: string; state: string }[] = []): Db {
  return {
    query: async (sql: string) => (sql.includes('tenant_shard') ? map : sql.includes('FROM tenant') ? [{ tenant_id: 266 }] : [{ shard: name }]),
    close: async () => {},
  } as unknown as Db;
}

const router = (state = 'active') =>
  new ShardRouter(
    new Map([
      ['main', fakeShard('main', [{ tenant_id: 266, shard: 'east', state }])],
      ['east', fakeShard('east')],
    ]),
  );

describe('session tokens', () => {
  it('name their tenant before the secret; other tokens name none', () => {
    expect(tenantOfToken('266.abc-DEF_1')).toBe(266);
    expect(tenantOfToken('abc.def')).toBeNull();
    expect(tenantOfToken('266abc')).toBeNull();
  });
});

describe('routing by tenant', () => {
  it('works on main outside a tenant, and on the tenant shard once the scope entered it', async () => {
    const db = router();
    expect(await db.query('SELECT 1')).toEqual([{ shard: 'main' }]);
    await inShardScope(async () => {
      await db.enterTenant(266);
      expect(await db.query('SELECT 1')).toEqual([{ shard: 'east' }]);
      await db.enterTenant(10139);
      expect(await db.query('SELECT 1')).toEqual([{ shard: 'main' }]);
    });
  });

  it('keeps scopes apart: one request on a shard leaves another where it was', async () => {
    const db = router();
    const onEast = inShardScope(async () => {
      await db.enterTenant(266);
      await new Promise((r) => setTimeout(r, 10));
      return db.query('SELECT 1');
    });
    const onMain = inShardScope(async () => db.query('SELECT 1'));
    expect(await Promise.all([onEast, onMain])).toEqual([[{ shard: 'east' }], [{ shard: 'main' }]]);
  });

  it('refuses a tenant being moved with 503', async () => {
    await expect(inShardScope(() => router('moving').enterTenant(266))).rejects.toMatchObject({ statusCode: 503, message: TENANT_MOVING });
  });

  it('finds a merchant on its shard through the tenant table of main', async () => {
    const db = router();
    const onShard = await merchantShard(db, '266');
    expect(await onShard(() => db.query('SELECT 1'))).toEqual([{ shard: 'east' }]);
  });

  it('runs a tenant’s transaction under its shared move lock, refused (503) while a move holds the tenant alone or once it has left the shard', async () => {
    const statements: string[] = [];
    /** east, where a move holds tenant 266 when `moving` is set, and which 266 has left when `gone` is */
    let moving = false;
    let gone = false;
    const east = {
      query: async (sql: string, params: unknown[] = []) => {
        statements.push(`${sql} ${params.join(',')}`);
        return sql.includes('pg_try_advisory_xact_lock_shared') ? [{ free: !moving, gone }] : [{ shard: 'east' }];
      },
      transaction: async <T>(fn: (tx: Db) => Promise<T>) => fn(east as unknown as Db),
      close: async () => {},
    };
    const db = new ShardRouter(new Map([['main', fakeShard('main', [{ tenant_id: 266, shard: 'east', state: 'active' }])], ['east', east as unknown as Db]]));
    const write = () => db.withTenant(266, () => db.transaction((tx) => tx.query('INSERT 1')));
    expect(await write()).toEqual([{ shard: 'east' }]);
    expect(statements).toEqual([
      'SELECT pg_try_advisory_xact_lock_shared($1, $2) AS free, EXISTS (SELECT 1 FROM tenant_departed WHERE tenant_id = $2) AS gone 7602,266',
      'INSERT 1 ',
    ]);
    moving = true;
    await expect(write()).rejects.toMatchObject({ statusCode: 503, message: TENANT_MOVING });
    expect(statements).toHaveLength(3);
    [moving, gone] = [false, true];
    await expect(write()).rejects.toMatchObject({ statusCode: 503, message: TENANT_MOVING });
    expect(statements).toHaveLength(4);
  });
});

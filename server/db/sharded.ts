import { AsyncLocalStorage } from 'node:async_hooks';
import { HttpError } from '../http/errors';
import { MAIN_SHARD, placeOf, type MapRow } from './shard-map';
import type { Db, ReplicaHealth } from './types';

/** The shard of the work under way: set per request once its tenant is known (auth guard, login). */
interface Scope {
  shard?: string;
  tenant?: number;
}

const scope = new AsyncLocalStorage<Scope>();

/** Runs `fn` with a shard scope of its own (a request): what it sets stays with its async work. */
export function inShardScope<T>(fn: () => T): T {
  return scope.run({}, fn);
}

/** How long the shard map read from the main shard is used before it is read again. */
const MAP_TTL_MS = 1000;

export const TENANT_MOVING = '该商户的数据正在迁移，请稍后再试';

/**
 * First key of an advisory lock per tenant (second key): every transaction of a tenant holds it shared,
 * a tenant move holds it alone on the source while it copies and switches. A transaction that finds
 * the move there, or begins on the source after the move (its shard was chosen before: the source lists
 * the tenant in `tenant_departed`), is refused like a request of a moving tenant, rather than writing
 * rows the move has already copied (they would be lost at the switch).
 */
export const TENANT_WRITES_LOCK = 7602;

/**
 * One `Db` over several PostgreSQL clusters, each holding whole tenants (docs/scaling.md). Every call
 * goes to the shard of the current scope, `main` outside one (login throttling, background work).
 * A transaction stays on the shard it began on: its `tx` is that shard's own handle.
 */
export class ShardRouter implements Db {
  readonly dialect = 'postgres' as const;
  private map: MapRow[] = [];
  private mapAt = 0;
  private reading: Promise<void> | null = null;

  constructor(private readonly shards: ReadonlyMap<string, Db>) {
    if (!shards.has(MAIN_SHARD)) throw new Error('the shards need a main shard');
  }

  private get current(): Db {
    const name = scope.getStore()?.shard ?? MAIN_SHARD;
    const db = this.shards.get(name);
    if (!db) throw new Error(`tenant data on shard ${name}, which HM_SHARDS does not name`);
    return db;
  }

  private async readMap(): Promise<void> {
    if (Date.now() - this.mapAt < MAP_TTL_MS) return;
    this.reading ??= this.shards
      .get(MAIN_SHARD)!
      .query<MapRow>('SELECT tenant_id, shard, state FROM tenant_shard')
      .then((rows) => {
        this.map = rows;
        this.mapAt = Date.now();
      })
      .finally(() => (this.reading = null));
    await this.reading;
  }

  /** The shard a tenant lives on; refused (503) while the tenant is being moved. */
  async shardOf(tenantId: number): Promise<string> {
    await this.readMap();
    const place = placeOf(this.map, tenantId);
    if (place.moving) throw new HttpError(503, 'TENANT_MOVING', TENANT_MOVING);
    return place.shard;
  }

  /** The rest of the current scope works on the tenant's shard. */
  async enterTenant(tenantId: number): Promise<void> {
    const store = scope.getStore();
    if (!store) throw new Error('enterTenant outside a shard scope');
    store.shard = await this.shardOf(tenantId);
    store.tenant = tenantId;
  }

  /** Runs `fn` on the tenant's shard, the current scope left as it was. */
  async withTenant<T>(tenantId: number, fn: () => Promise<T>): Promise<T> {
    const shard = await this.shardOf(tenantId);
    return scope.run({ shard, tenant: tenantId }, fn);
  }

  /** Every shard's own handle, `main` first (migrations run on each). */
  each(): Db[] {
    return [...this.shards.values()];
  }

  /** Every shard by name, `main` first (background upkeep runs on each and names it in its log). */
  named(): [name: string, db: Db][] {
    return [...this.shards];
  }

  get kysely() {
    return this.current.kysely;
  }
  query: Db['query'] = (sql, params) => this.current.query(sql, params);
  scan: Db['scan'] = (sql, params) => this.current.scan(sql, params);
  stream: Db['stream'] = (sql, params, chunkSize) => this.current.stream(sql, params, chunkSize);
  streamColumns: Db['streamColumns'] = (sql, params, chunkSize, codePoints) => this.current.streamColumns(sql, params, chunkSize, codePoints);
  exec: Db['exec'] = (sql) => this.current.exec(sql);
  loadCsv: Db['loadCsv'] = (table, columns, types, csv) => this.current.loadCsv(table, columns, types, csv);
  bulkInsert: Db['bulkInsert'] = (table, columns, rows) => this.current.bulkInsert(table, columns, rows);
  transaction: Db['transaction'] = (fn) => {
    const tenant = scope.getStore()?.tenant;
    if (tenant === undefined) return this.current.transaction(fn);
    return this.current.transaction(async (tx) => {
      const [{ free, gone }] = await tx.query<{ free: boolean; gone: boolean }>(
        'SELECT pg_try_advisory_xact_lock_shared($1, $2) AS free, EXISTS (SELECT 1 FROM tenant_departed WHERE tenant_id = $2) AS gone',
        [TENANT_WRITES_LOCK, tenant],
      );
      if (!free || gone) throw new HttpError(503, 'TENANT_MOVING', TENANT_MOVING);
      return fn(tx);
    });
  };

  /** Notifications of every shard: a change on any of them reaches the listeners. */
  listen: NonNullable<Db['listen']> = (channel, onMessage, onState) => {
    for (const db of this.shards.values()) db.listen?.(channel, onMessage, onState);
  };

  replicaHealth = (): ReplicaHealth[] =>
    [...this.shards].flatMap(([shard, db]) => (db.replicaHealth?.() ?? []).map((h) => ({ ...h, shard })));

  async close(): Promise<void> {
    await Promise.all([...this.shards.values()].map((db) => db.close()));
  }
}

/** `db` routes by tenant (several shards configured). */
export const isShardRouter = (db: Db): db is ShardRouter => db instanceof ShardRouter;

/** Each database to keep up by name: every shard's own handle, or `main` alone on one database. */
export const shardHandles = (db: Db): [name: string, db: Db][] => (isShardRouter(db) ? db.named() : [[MAIN_SHARD, db]]);

/** The tenant a session token names (`<tenant_id>.<secret>`), or null for a token without one. */
export function tenantOfToken(token: string): number | null {
  const m = /^(\d{1,15})\./.exec(token);
  return m ? Number(m[1]) : null;
}

/** Runs work on one shard (see `merchantShard`). */
export type OnShard = <T>(fn: () => Promise<T>) => Promise<T>;

/**
 * How to run work on a merchant's shard: its tenant is found in the `tenant` table of the main shard,
 * which lists every tenant. On one database, or for an unknown merchant, the work runs as it is.
 */
export async function merchantShard(db: Db, merchantNo: string): Promise<OnShard> {
  if (!isShardRouter(db)) return (fn) => fn();
  const [t] = await db.query<{ tenant_id: number }>('SELECT tenant_id FROM tenant WHERE merchant_no = $1', [merchantNo]);
  if (!t) return (fn) => fn();
  return (fn) => db.withTenant(Number(t.tenant_id), fn);
}

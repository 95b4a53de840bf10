/**
 * Writes of one kind for one tenant, one at a time, until the writing transaction ends. DuckDB already
 * runs write transactions one at a time (write-lock.ts); across PostgreSQL processes a transaction-scoped
 * advisory lock keyed by the kind and the tenant does it. A rule read inside such a transaction then
 * holds against every write of that kind committed before it, and no two writes of a group (a default
 * flag moved between rows) can lock each other's rows in opposite order.
 *
 * Postings share the tenant's posting lock and each holds only what it really shares with another
 * posting — its positions and the lot numbers it opens (`lockKeys`) — so postings on other goods or
 * stores run side by side; whatever must see all postings at rest (the daily close, a bulk load,
 * the summary refresh) takes the posting lock exclusively.
 */
import type { Db } from './types';

/** The first key of each kind's advisory lock; the second is the tenant id. */
export const TENANT_LOCKS = {
  studio: 7013,
  posting: 7301,
  /** numbering the stock ledger: held from a posting's ledger rows to its commit */
  ledger: 7302,
  printStyles: 7401,
  labelTemplates: 7402,
  ingestKeys: 7501,
} as const;

/** The first key of each kind of per-row lock; the second is a hash of the tenant and the row's key. */
export const KEY_LOCKS = {
  position: 7311,
  lotNo: 7312,
} as const;

export async function lockTenant(tx: Db, kind: keyof typeof TENANT_LOCKS, tenantId: number, mode: 'exclusive' | 'shared' = 'exclusive'): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  await tx.query(`SELECT ${mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock'}($1, $2)`, [TENANT_LOCKS[kind], tenantId]);
}

/** FNV-1a, folded into PostgreSQL's signed int4: two keys sharing a hash only wait for each other. */
export function lockHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

export interface KeyLock {
  kind: keyof typeof KEY_LOCKS;
  key: string;
}

/**
 * Exclusive locks on rows of one tenant, taken in one global order (kind, then hash) in one statement,
 * so two transactions taking overlapping sets never wait for each other in a circle.
 */
export async function lockKeys(tx: Db, tenantId: number, locks: readonly KeyLock[]): Promise<void> {
  if (tx.dialect !== 'postgres' || !locks.length) return;
  const pairs = new Map<string, [number, number]>();
  for (const l of locks) {
    const pair: [number, number] = [KEY_LOCKS[l.kind], lockHash(`${tenantId}\u0000${l.key}`)];
    pairs.set(pair.join(':'), pair);
  }
  const sorted = [...pairs.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // unnest yields the array in order and a plain scan keeps it, so the locks are taken in that order
  await tx.query('SELECT pg_advisory_xact_lock(k.c, k.h) FROM unnest($1::int[], $2::int[]) AS k(c, h)', [sorted.map((p) => p[0]), sorted.map((p) => p[1])]);
}

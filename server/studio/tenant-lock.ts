/**
 * Studio writes of one tenant run one at a time, so an id or a version number read inside the
 * write is still free when it is written. In this process a queue per tenant orders them (DuckDB:
 * one process owns the file, and two of its transactions writing one row would conflict); across
 * API processes on PostgreSQL a transaction-scoped advisory lock on the tenant does, held until commit.
 */
import type { Db } from '../db/types';

/** The advisory-lock class of studio writes (the second key is the tenant id). */
const STUDIO_LOCK_CLASS = 7013;

export class TenantQueue {
  private tails = new Map<number, Promise<unknown>>();

  run<T>(tenantId: number, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(tenantId) ?? Promise.resolve();
    const mine = before.then(fn, fn);
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(tenantId, tail);
    void tail.then(() => {
      if (this.tails.get(tenantId) === tail) this.tails.delete(tenantId);
    });
    return mine;
  }
}

/** Inside a transaction: waits for the other processes' studio writes of the tenant (PostgreSQL). */
export async function lockTenantStudio(tx: Db, tenantId: number): Promise<void> {
  if (tx.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [STUDIO_LOCK_CLASS, tenantId]);
}

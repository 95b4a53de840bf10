/**
 * Writes of one kind for one tenant, one at a time, until the writing transaction ends. DuckDB already
 * runs write transactions one at a time (write-lock.ts); across PostgreSQL processes a transaction-scoped
 * advisory lock keyed by the kind and the tenant does it. A rule read inside such a transaction then
 * holds against every write of that kind committed before it, and no two writes of a group (a default
 * flag moved between rows) can lock each other's rows in opposite order.
 */
import type { Db } from './types';

/** The first key of each kind's advisory lock; the second is the tenant id. */
export const TENANT_LOCKS = {
  studio: 7013,
  posting: 7301,
  printStyles: 7401,
  labelTemplates: 7402,
  ingestKeys: 7501,
} as const;

export async function lockTenant(tx: Db, kind: keyof typeof TENANT_LOCKS, tenantId: number): Promise<void> {
  if (tx.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [TENANT_LOCKS[kind], tenantId]);
}

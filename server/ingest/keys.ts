/**
 * Ingest keys: how tills and other systems authenticate a push (POST /api/ingest/<table>). Head office
 * creates a key with a name and the tables it may push; the secret (`hmk_<tenant>_<random>`) is shown
 * once and only its sha256 is stored. The tenant in the secret chooses the shard; the key row decides.
 * A key is never a session (the UI guard finds no session for it) and a session token never finds a key.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CreatedIngestKey, IngestKeyView } from '../../engine/ingest';
import { sqlTimestamp } from '../clock';
import { lockTenant } from '../db/tenant-lock';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import type { Seal } from '../http/idempotency';

export interface IngestCaller {
  tenantId: number;
  keyId: number;
  tables: ReadonlySet<string>;
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A push without a live key of the tenant: no key, a session token, a revoked or an unknown key. */
export const invalidKey = () => new HttpError(401, 'INGEST_KEY_INVALID', '需要有效的数据接入密钥', 'a live ingest key is required');

/** The tenant a secret names, or null when it is no ingest key's shape. */
export function tenantOfKey(secret: string): number | null {
  const m = /^hmk_(\d{1,15})_[A-Za-z0-9_-]{43}$/.exec(secret);
  return m ? Number(m[1]) : null;
}

interface KeyRow {
  key_id: number;
  key_name: string;
  key_prefix: string;
  tables: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const view = (r: KeyRow): IngestKeyView => ({
  key_id: Number(r.key_id),
  key_name: r.key_name,
  key_prefix: r.key_prefix,
  tables: r.tables.split(',').filter(Boolean),
  created_at: r.created_at,
  last_used_at: r.last_used_at,
  revoked_at: r.revoked_at,
});

const COLUMNS = 'key_id, key_name, key_prefix, tables, created_at, last_used_at, revoked_at';

export async function listKeys(db: Db, tenantId: number): Promise<IngestKeyView[]> {
  const rows = await db.query<KeyRow>(`SELECT ${COLUMNS} FROM ingest_key WHERE tenant_id = $1 ORDER BY key_id DESC`, [tenantId]);
  return rows.map(view);
}

export async function createKey(db: Db, tenantId: number, accountId: number, name: string, tables: readonly string[], seal: Seal): Promise<CreatedIngestKey> {
  const secret = `hmk_${tenantId}_${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    // key ids are numbered per tenant: one create at a time
    await lockTenant(tx, 'ingestKeys', tenantId);
    const [{ id }] = await tx.query<{ id: number | null }>('SELECT MAX(key_id) AS id FROM ingest_key WHERE tenant_id = $1', [tenantId]);
    const keyId = Number(id ?? 0) + 1;
    await tx.query(
      `INSERT INTO ingest_key (tenant_id, key_id, key_name, key_prefix, key_hash, tables, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CAST($8 AS TIMESTAMP))`,
      [tenantId, keyId, name, secret.slice(0, 16), hashOf(secret), tables.join(','), accountId, sqlTimestamp()],
    );
    await seal(tx);
    const [row] = await tx.query<KeyRow>(`SELECT ${COLUMNS} FROM ingest_key WHERE tenant_id = $1 AND key_id = $2`, [tenantId, keyId]);
    return { ...view(row), secret };
  });
}

/** Revokes a key at once (a push checks the row on every request and again inside its write); false when there is no such live key. */
export async function revokeKey(db: Db, tenantId: number, accountId: number, keyId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockTenant(tx, 'ingestKeys', tenantId);
    const rows = await tx.query(
      `UPDATE ingest_key SET revoked_at = CAST($4 AS TIMESTAMP), revoked_by = $3 WHERE tenant_id = $1 AND key_id = $2 AND revoked_at IS NULL RETURNING key_id`,
      [tenantId, keyId, accountId, sqlTimestamp()],
    );
    return rows.length > 0;
  });
}

/**
 * Inside a push's write transaction: the key is still live. The tenant's key lock is held from here to
 * the push's commit and a revoke takes it too, so a revoke waits for a push already past this point,
 * and a push reaching it after a revoke committed finds the key revoked and rolls back. Throws 401.
 */
export async function assertLive(tx: Db, caller: IngestCaller): Promise<void> {
  await lockTenant(tx, 'ingestKeys', caller.tenantId);
  const [row] = await tx.query('SELECT key_id FROM ingest_key WHERE tenant_id = $1 AND key_id = $2 AND revoked_at IS NULL', [caller.tenantId, caller.keyId]);
  if (!row) throw invalidKey();
}

/** The live key a secret is, read on every push (one indexed look-up), or null. */
export async function callerOf(db: Db, secret: string): Promise<IngestCaller | null> {
  const tenantId = tenantOfKey(secret);
  if (tenantId === null) return null;
  const [row] = await db.query<{ key_id: number; tables: string }>(
    'SELECT key_id, tables FROM ingest_key WHERE key_hash = $1 AND tenant_id = $2 AND revoked_at IS NULL',
    [hashOf(secret), tenantId],
  );
  if (!row) return null;
  await db.query('UPDATE ingest_key SET last_used_at = CAST($3 AS TIMESTAMP) WHERE tenant_id = $1 AND key_id = $2', [tenantId, row.key_id, sqlTimestamp()]);
  return { tenantId, keyId: Number(row.key_id), tables: new Set(row.tables.split(',').filter(Boolean)) };
}

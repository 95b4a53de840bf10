import { createHash, randomBytes } from 'node:crypto';
import type { ClientType, SessionInfo } from '../../engine/wire';
import { sqlTimestamp } from '../clock';
import type { Db } from '../db/types';

/** What every authenticated request carries; built from the stored session only, never from the body. */
export interface ServerSession extends SessionInfo {
  token_hash: string;
  /** permission as a set, for quick checks */
  permissions: ReadonlySet<string>;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface AccountRow {
  tenant_id: number;
  account_id: number;
  username: string;
  account_name: string;
  client_type: ClientType;
  org_code: string;
  store_no: string | null;
  supplier_no: string | null;
  permission: string | null;
  display_menu: string | null;
  is_edit_password: number;
  is_open_edit_password: number;
  tenant_name: string;
  merchant_no: string;
  is_special_tenant: number;
}

const ACCOUNT_SELECT = `
  SELECT a.tenant_id, a.account_id, a.username, a.account_name, a.client_type, a.org_code, a.store_no,
         a.supplier_no, a.permission, a.display_menu, a.is_edit_password, a.is_open_edit_password,
         t.tenant_name, t.merchant_no, t.is_special_tenant
  FROM account a JOIN tenant t ON t.tenant_id = a.tenant_id`;

export async function loadSessionInfo(db: Db, tenantId: number, accountId: number): Promise<SessionInfo | null> {
  const [a] = await db.query<AccountRow>(`${ACCOUNT_SELECT} WHERE a.tenant_id = $1 AND a.account_id = $2`, [
    tenantId,
    accountId,
  ]);
  if (!a) return null;
  const relations = await db.query<{ org_code: string; org_name: string }>(
    `SELECT r.org_code, o.org_name FROM account_org_relation r
       LEFT JOIN organisation o ON o.tenant_id = r.tenant_id AND o.org_code = r.org_code
      WHERE r.tenant_id = $1 AND r.account_id = $2 ORDER BY r.org_code`,
    [tenantId, accountId],
  );
  let storeInfo: SessionInfo['store_info'] = null;
  if (a.store_no) {
    const [s] = await db.query<{ store_name: string }>(
      'SELECT store_name FROM store WHERE tenant_id = $1 AND store_no = $2',
      [tenantId, a.store_no],
    );
    storeInfo = s ? { store_name: s.store_name } : null;
  }
  return {
    tenant_id: a.tenant_id,
    tenant_name: a.tenant_name,
    merchant_no: a.merchant_no,
    account_id: a.account_id,
    username: a.username,
    account_name: a.account_name,
    client: a.client_type,
    org_code: a.org_code,
    store_no: a.store_no,
    supplier_no: a.supplier_no,
    permission: a.permission ?? '',
    displayMenu: a.display_menu ?? '',
    account_org_relation: relations,
    store_info: storeInfo,
    is_special_tenant: a.is_special_tenant === 1,
    is_edit_password: a.is_edit_password ? 1 : 0,
    is_open_edit_password: a.is_open_edit_password ? 1 : 0,
  };
}

export function toServerSession(info: SessionInfo, tokenHash: string): ServerSession {
  return {
    ...info,
    token_hash: tokenHash,
    permissions: new Set(info.permission.split(',').map((p) => p.trim()).filter(Boolean)),
  };
}

export async function createSession(
  db: Db,
  info: SessionInfo,
  ttlHours: number,
): Promise<{ token: string; expiresAt: string }> {
  // the token names its tenant, so a server with several shards finds the session's shard first
  const token = `${info.tenant_id}.${randomBytes(32).toString('base64url')}`;
  const now = new Date();
  const expiresAt = sqlTimestamp(new Date(now.getTime() + ttlHours * 3600_000));
  await db.query(
    `INSERT INTO account_session (token_hash, tenant_id, account_id, client_type, created_at, expires_at, last_seen_at)
     VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP), CAST($6 AS TIMESTAMP), CAST($5 AS TIMESTAMP))`,
    [hashToken(token), info.tenant_id, info.account_id, info.client, sqlTimestamp(now), expiresAt],
  );
  return { token, expiresAt };
}

/** The session a bearer token stands for, or null when unknown or expired. Use extends its life. */
export async function resolveToken(db: Db, token: string, ttlHours: number): Promise<ServerSession | null> {
  const tokenHash = hashToken(token);
  const [row] = await db.query<{ tenant_id: number; account_id: number; expires_at: string; last_seen_at: string }>(
    'SELECT tenant_id, account_id, expires_at, last_seen_at FROM account_session WHERE token_hash = $1',
    [tokenHash],
  );
  const now = new Date();
  if (!row || row.expires_at <= sqlTimestamp(now)) return null;
  const info = await loadSessionInfo(db, row.tenant_id, row.account_id);
  if (!info) return null;
  // sliding expiry, written at most every five minutes
  if (sqlTimestamp(new Date(now.getTime() - 300_000)) > row.last_seen_at) await refreshOnce(db, tokenHash, now, ttlHours);
  return toServerSession(info, tokenHash);
}

/** Refreshes in flight, per token: a page load sends several calls at once and one write serves them all. */
const refreshing = new Map<string, Promise<unknown>>();

/**
 * Concurrent UPDATEs of one row conflict in DuckDB ("Conflict on update"), so the calls of one
 * burst share a single write. The WHERE keeps a late writer from moving the expiry backwards.
 */
function refreshOnce(db: Db, tokenHash: string, now: Date, ttlHours: number): Promise<unknown> {
  const pending = refreshing.get(tokenHash);
  if (pending) return pending;
  const write = db
    .query(
      `UPDATE account_session SET last_seen_at = CAST($2 AS TIMESTAMP), expires_at = CAST($3 AS TIMESTAMP)
        WHERE token_hash = $1 AND last_seen_at < CAST($2 AS TIMESTAMP)`,
      [tokenHash, sqlTimestamp(now), sqlTimestamp(new Date(now.getTime() + ttlHours * 3600_000))],
    )
    .finally(() => refreshing.delete(tokenHash));
  refreshing.set(tokenHash, write);
  return write;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  // in a transaction: DuckDB queues it behind a refresh of the same row instead of failing on a conflict
  await db.transaction((tx) => tx.query('DELETE FROM account_session WHERE token_hash = $1', [tokenHash]));
}

/**
 * Sessions resolved from memory. A token's session is read from the database once, then served from
 * this cache until its expiry or for at most FRESH_MS, whichever comes first; after that the next
 * request reads it again (which also slides its expiry). Revocation stays immediate:
 * - logout and password change evict here before they answer;
 * - on PostgreSQL every process of the same database LISTENs on one channel and evicts what another
 *   process revoked (NOTIFY is sent in the revoking transaction, so it arrives only if it commits);
 *   while that listener is down nothing is cached.
 * On DuckDB one process owns the database file, so eviction in the process is enough.
 */
import { announceChange, ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/types';
import { resolveToken, hashToken, type ServerSession } from './session';

/** How long a cached session is trusted without reading it again (sliding expiry is written at most every 5 minutes). */
export const FRESH_MS = 60_000;
const CHANNEL = 'hm_session_revoked';

interface Entry {
  session: ServerSession;
  /** the stored expiry (UTC) in milliseconds; 0 when unreadable, so the session is read again */
  expiresAt: number;
  readAt: number;
}

/** A stored 'YYYY-MM-DD HH:mm:ss' (UTC) in milliseconds: compared as a number on every request. */
export function timestampMs(stored: string): number {
  const ms = Date.parse(`${stored.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? 0 : ms;
}

type Revocation = { token_hash: string } | { tenant_id: number; account_id: number };

class SessionCache {
  private entries = new Map<string, Entry>();
  private feed: ChangeFeed<Revocation>;

  constructor(private db: Db) {
    this.feed = new ChangeFeed<Revocation>(db, CHANNEL, (r) => this.evict(r), () => this.entries.clear());
  }

  async resolve(token: string, ttlHours: number): Promise<ServerSession | null> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    const hit = this.entries.get(tokenHash);
    if (hit && now - hit.readAt < FRESH_MS && hit.expiresAt > now) return hit.session;
    this.entries.delete(tokenHash);
    const { feed } = this;
    const generation = feed.generation;
    const session = await resolveToken(this.db, token, ttlHours);
    if (!session || !feed.trusted) return session;
    const [row] = await this.db.query<{ expires_at: string }>('SELECT expires_at FROM account_session WHERE token_hash = $1', [tokenHash]);
    if (row && generation === feed.generation && feed.trusted) this.entries.set(tokenHash, { session, expiresAt: timestampMs(row.expires_at), readAt: now });
    return session;
  }

  /** A revocation made here (committed): forgotten in this process. */
  apply(r: Revocation): void {
    this.feed.made(r);
  }

  private evict(r: Revocation): void {
    if ('token_hash' in r) {
      this.entries.delete(r.token_hash);
      return;
    }
    for (const [hash, e] of this.entries) {
      if (e.session.tenant_id === r.tenant_id && e.session.account_id === r.account_id) this.entries.delete(hash);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Db, SessionCache>();

function cacheOf(db: Db): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/** Starts the cache (and its PostgreSQL listener) before the first request. */
export function startSessionCache(db: Db): void {
  cacheOf(db);
}

/** The session a bearer token stands for, or null when unknown or expired (see resolveToken). */
export function resolveCachedToken(db: Db, token: string, ttlHours: number): Promise<ServerSession | null> {
  return cacheOf(db).resolve(token, ttlHours);
}

/**
 * Tells the other processes (PostgreSQL) that sessions are revoked, inside the transaction that
 * deletes them: they hear of it only once it commits.
 */
export function announceRevocation(tx: Db, r: Revocation): Promise<void> {
  return announceChange(tx, CHANNEL, r);
}

/** Forgets revoked sessions in this process; call it once their rows are deleted (committed). */
export function forgetSessions(db: Db, r: Revocation): void {
  cacheOf(db).apply(r);
}

/** Revocation of sessions already deleted outside a transaction: here and in every other process. */
export async function revokeSessions(db: Db, r: Revocation): Promise<void> {
  forgetSessions(db, r);
  await announceRevocation(db, r);
}

export function cachedSessionCount(db: Db): number {
  return cacheOf(db).size;
}

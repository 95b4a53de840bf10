/**
 * The signed-in state kept in localStorage: token and SessionInfo, so a reload stays signed in. A tiny
 * external store so React re-renders on change (useSyncExternalStore) and non-React code (the HTTP
 * client) can read it.
 */
import { useSyncExternalStore } from 'react';
import type { LoginResponse, SessionInfo } from '../../engine/wire';

export const STORAGE_KEYS = {
  token: 'hm.token',
  tokenType: 'hm.token_type',
  session: 'hm.session',
  /** the shell's remembered menu item; removed at logout (rule 76) */
  menu: 'hm.menu',
  /** the AB flag; reset to '0' at logout (rule 77) */
  abFlag: 'hm.ab',
  /** set when the server refused the stored token, so Login can say why the user is there */
  expired: 'hm.expired',
} as const;

export interface StoredAuth {
  tokenType: string;
  token: string;
  session: SessionInfo;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedAuth: StoredAuth | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

function parseSession(raw: string | null): SessionInfo | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as SessionInfo;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** Current token and session, or null when signed out (a token without a readable session counts as out). */
export function getAuth(): StoredAuth | null {
  const s = storage();
  const token = s?.getItem(STORAGE_KEYS.token) ?? null;
  const rawSession = s?.getItem(STORAGE_KEYS.session) ?? null;
  const raw = token && rawSession ? `${token}\n${rawSession}` : null;
  // same snapshot object while storage is unchanged: useSyncExternalStore needs a stable value
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    const session = parseSession(rawSession);
    cachedAuth =
      token && session ? { token, tokenType: s?.getItem(STORAGE_KEYS.tokenType) || 'Bearer', session } : null;
  }
  return cachedAuth;
}

export function getToken(): string | null {
  return getAuth()?.token ?? null;
}

export function getStoredSession(): SessionInfo | null {
  return getAuth()?.session ?? null;
}

export function saveLogin(response: LoginResponse): void {
  const s = storage();
  s?.removeItem(STORAGE_KEYS.expired);
  s?.setItem(STORAGE_KEYS.tokenType, response.token_type);
  s?.setItem(STORAGE_KEYS.token, response.token);
  s?.setItem(STORAGE_KEYS.session, JSON.stringify(response.session));
  notify();
}

/** Replace the stored session values (fresh copy from GET /api/auth/session) keeping the token. */
export function saveSession(session: SessionInfo): void {
  if (!getToken()) return;
  storage()?.setItem(STORAGE_KEYS.session, JSON.stringify(session));
  notify();
}

export function clearAuth(): void {
  const s = storage();
  s?.removeItem(STORAGE_KEYS.token);
  s?.removeItem(STORAGE_KEYS.tokenType);
  s?.removeItem(STORAGE_KEYS.session);
  notify();
}

/** The server refused the stored token (expired or invalid): sign out and remember why. */
export function expireAuth(): void {
  storage()?.setItem(STORAGE_KEYS.expired, '1');
  clearAuth();
}

/** True from a refused token until the next sign-in or logout. */
export function isSessionExpired(): boolean {
  return storage()?.getItem(STORAGE_KEYS.expired) === '1';
}

/** Everything logout must reset (rules 74, 76, 77). */
export function clearForLogout(): void {
  const s = storage();
  s?.removeItem(STORAGE_KEYS.expired);
  s?.removeItem(STORAGE_KEYS.menu);
  s?.setItem(STORAGE_KEYS.abFlag, '0');
  clearAuth();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// another tab signing in or out changes this tab's state too
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.session) notify();
});

/** The stored auth state as React state. */
export function useStoredAuth(): StoredAuth | null {
  return useSyncExternalStore(subscribeAuth, getAuth, getAuth);
}

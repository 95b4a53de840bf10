export { ApiError, apiGet, apiPost, apiRequest, authHeaders, buildUrl, onUnauthorized, type Query, type RequestOptions } from './http';
export { queryClient, createQueryClient, shouldRetry } from './query-client';
export { login, sessionQueryKey, useLogin, useLogout, useSession, reloadToLogin } from './auth';
export {
  STORAGE_KEYS,
  clearAuth,
  getAuth,
  getStoredSession,
  getToken,
  isSessionExpired,
  saveLogin,
  saveSession,
  useStoredAuth,
  type StoredAuth,
} from './session-store';

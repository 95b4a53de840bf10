/** react-query hooks for sign-in, the current session and sign-out. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse, SessionInfo } from '../../engine/wire';
import { PATHS } from '../paths';
import { apiGet, apiPost } from './http';
import { clearForLogout, getStoredSession, saveLogin, saveSession, useStoredAuth } from './session-store';

export const sessionQueryKey = ['auth', 'session'] as const;

export function login(request: LoginRequest): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/api/auth/login', request, { auth: false });
}

/**
 * The signed-in session: the stored copy at once, refreshed from the server on mount so an expired token
 * is noticed (its 401 signs the user out). `data` is null when signed out.
 */
export function useSession() {
  const auth = useStoredAuth();
  const query = useQuery<SessionInfo>({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }) => {
      const session = await apiGet<SessionInfo>('/api/auth/session', undefined, signal);
      saveSession(session);
      return session;
    },
    enabled: !!auth,
    initialData: () => getStoredSession() ?? undefined,
    initialDataUpdatedAt: 0,
  });
  return { ...query, data: auth ? (query.data ?? auth.session) : null };
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation<LoginResponse, Error, LoginRequest>({
    mutationFn: login,
    onSuccess: (response) => {
      saveLogin(response);
      client.setQueryData(sessionQueryKey, response.session);
    },
  });
}

/** Leaves the page with a full load so no state of the signed-in user survives (rule 75). */
export function reloadToLogin(): void {
  globalThis.location?.assign(PATHS.login);
}

/**
 * Logout (rules 74–78): tell the server, clear the session, the stored menu item and the AB flag, then
 * reload onto Login. A failed server call still signs out locally.
 */
export function useLogout(afterLogout: () => void = reloadToLogin) {
  const client = useQueryClient();
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiPost<null>('/api/auth/logout').catch(() => undefined);
    },
    onSettled: () => {
      clearForLogout();
      client.clear();
      afterLogout();
    },
  });
}

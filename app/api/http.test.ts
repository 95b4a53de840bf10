import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse, SessionInfo } from '../../engine/wire';
import { ApiError, apiGet, apiPost, onUnauthorized, unwrapEnvelope } from './http';
import { LOCALE_STORAGE_KEY } from '../i18n/locale-storage';
import { shouldRetry } from './query-client';
import { STORAGE_KEYS, clearAuth, clearForLogout, getAuth, isSessionExpired, saveLogin } from './session-store';

const session = { tenant_id: 1, account_id: 7, username: 'admin', client: 'HMT' } as SessionInfo;
const loginResponse: LoginResponse = { token_type: 'Bearer', token: 'tok-1', expires_at: '2026-01-01 00:00:00', session };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  clearAuth();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('unwrapEnvelope', () => {
  it('returns data only for status "200"', () => {
    expect(unwrapEnvelope(200, { status: '200', message: 'ok', data: { a: 1 } })).toEqual({ a: 1 });
  });

  it('throws the server error body as ApiError', () => {
    expect(() => unwrapEnvelope(422, { status: '422', code: 'DATE_REQUIRED', message: '请选择日期' })).toThrow(
      expect.objectContaining({ name: 'ApiError', status: 422, code: 'DATE_REQUIRED', message: '请选择日期' }),
    );
  });

  it('treats an HTTP 200 with a non-"200" status as a failure', () => {
    expect(() => unwrapEnvelope(200, { status: '500', code: 'X', message: '失败' })).toThrow(
      expect.objectContaining({ status: 500, code: 'X' }),
    );
  });

  it('answers a body that is not an envelope with BAD_RESPONSE', () => {
    expect(() => unwrapEnvelope(502, null)).toThrow(expect.objectContaining({ status: 502, code: 'BAD_RESPONSE' }));
  });
});

describe('apiRequest', () => {
  it('sends the bearer token when signed in and unwraps the envelope', async () => {
    saveLogin(loginResponse);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: '200', message: 'ok', data: [1, 2] }));
    await expect(apiGet('/api/things', { page: 1, skip: undefined })).resolves.toEqual([1, 2]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/things?page=1');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('asks for the user’s language (the server answers definition texts in it)', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { status: '200', message: 'ok', data: null }));
    await apiGet('/api/x');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    await apiGet('/api/x');
    const langs = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Accept-Language']);
    expect(langs).toEqual(['zh-CN', 'en-US']);
  });

  it('posts JSON', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: '200', message: 'ok', data: null }));
    await apiPost('/api/x', { a: 1 });
    const init = fetchMock.mock.calls[0][1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('on 401 of a signed-in request clears the session and calls the registered handler', async () => {
    saveLogin(loginResponse);
    const handler = vi.fn();
    const previous = onUnauthorized(handler);
    try {
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { status: '401', code: 'UNAUTHORIZED', message: '登录已失效，请重新登录' }));
      await expect(apiGet('/api/auth/session')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      expect(handler).toHaveBeenCalledTimes(1);
      expect(getAuth()).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(isSessionExpired()).toBe(true);
      saveLogin(loginResponse);
      expect(isSessionExpired()).toBe(false);
    } finally {
      onUnauthorized(previous);
    }
  });

  it('a 401 of the login call is just an error: no token sent, no redirect', async () => {
    const handler = vi.fn();
    const previous = onUnauthorized(handler);
    try {
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { status: '401', code: 'WRONG_CREDENTIALS', message: '商户号、用户名或密码错误' }));
      await expect(apiPost('/api/auth/login', {}, { auth: false })).rejects.toMatchObject({ message: '商户号、用户名或密码错误' });
      expect(handler).not.toHaveBeenCalled();
      expect(isSessionExpired()).toBe(false);
      expect((fetchMock.mock.calls[0][1]!.headers as Record<string, string>).Authorization).toBeUndefined();
    } finally {
      onUnauthorized(previous);
    }
  });

  it('turns a network failure into NETWORK_ERROR with a readable message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiGet('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: '网络异常，请检查网络后重试' });
  });
});

describe('session store', () => {
  it('rules 74, 76, 77: logout clears the session and menu item and resets the AB flag to 0', () => {
    saveLogin(loginResponse);
    localStorage.setItem(STORAGE_KEYS.menu, 'report-70');
    localStorage.setItem(STORAGE_KEYS.abFlag, '1');
    clearForLogout();
    expect(getAuth()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.menu)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.abFlag)).toBe('0');
  });

  it('keeps a stable snapshot while storage is unchanged', () => {
    saveLogin(loginResponse);
    expect(getAuth()).toBe(getAuth());
    expect(getAuth()?.session.username).toBe('admin');
  });
});

describe('query retry policy', () => {
  it('never retries a 4xx, retries other failures twice', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'ERR', 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(false);
  });
});

/**
 * The one HTTP client of the app: adds the bearer token, unwraps the envelope (only status "200" is
 * success) and turns every failure into an ApiError. A 401 on a signed-in request clears
 * the stored session (marked expired, so Login can say so) and calls the registered unauthorized handler
 * (the router sends the user to Login).
 */
import type { Envelope, ErrorBody } from '../../engine/wire';
import { translateStored } from '../i18n';
import { readStoredLocale } from '../i18n/locale-storage';
import { PATHS } from '../paths';
import { expireAuth, getAuth } from './session-store';

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached */
    readonly status: number,
    /** the server's UPPER_SNAKE code, or NETWORK_ERROR / BAD_RESPONSE from the client itself */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** false for calls made before sign-in (login): no token is sent and a 401 is just an error */
  auth?: boolean;
  signal?: AbortSignal;
  /** extra request headers (an Idempotency-Key on creates) */
  headers?: Record<string, string>;
}

type UnauthorizedHandler = () => void;

let unauthorizedHandler: UnauthorizedHandler = () => {
  globalThis.location?.assign(PATHS.login);
};

/** Register what happens after a 401 (the stored session is already cleared). Returns the previous one. */
export function onUnauthorized(handler: UnauthorizedHandler): UnauthorizedHandler {
  const previous = unauthorizedHandler;
  unauthorizedHandler = handler;
  return previous;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/**
 * The page's language for the server's messages. Every request sends it: without it the browser sends its
 * own language, and a Chinese page in an English browser would get the server's English.
 */
export function languageHeaders(): Record<string, string> {
  return { 'Accept-Language': readStoredLocale() };
}

/** The Authorization header of the signed-in user (also for raw downloads made outside apiRequest). */
export function authHeaders(): Record<string, string> {
  const auth = getAuth();
  return auth ? { Authorization: `${auth.tokenType} ${auth.token}` } : {};
}

function isErrorBody(value: unknown): value is ErrorBody {
  return !!value && typeof value === 'object' && typeof (value as ErrorBody).message === 'string';
}

/**
 * Turn a response status and parsed body into data or an ApiError. Pure, so the envelope rules are
 * testable without fetch.
 */
export function unwrapEnvelope<T>(httpStatus: number, body: unknown): T {
  if (httpStatus >= 200 && httpStatus < 300 && body && typeof body === 'object' && (body as Envelope<T>).status === '200') {
    return (body as Envelope<T>).data;
  }
  if (isErrorBody(body)) {
    const status = httpStatus >= 400 ? httpStatus : Number(body.status) || httpStatus;
    return throwError(status, body.code || 'ERROR', body.message);
  }
  return throwError(httpStatus, 'BAD_RESPONSE', translateStored('common.serverError'));
}

function throwError(status: number, code: string, message: string): never {
  throw new ApiError(status, code, message);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal } = options;
  // the server answers definition texts (report titles, labels) in the user's language
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json', ...languageHeaders() };
  const sentToken = auth && !!getAuth();
  if (sentToken) Object.assign(headers, authHeaders());
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', translateStored('common.networkError'));
  }

  if (response.status === 401 && sentToken) {
    expireAuth();
    unauthorizedHandler();
  }

  let parsed: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  return unwrapEnvelope<T>(response.status, parsed);
}

export const apiGet = <T>(path: string, query?: Query, signal?: AbortSignal) =>
  apiRequest<T>(path, { method: 'GET', query, signal });

export const apiPost = <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
  apiRequest<T>(path, { ...options, method: 'POST', body });

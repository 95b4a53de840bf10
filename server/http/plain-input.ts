/**
 * Input every route can take, checked once at the edge before any route's own validation: no NUL
 * character (0x00) in a path parameter, a query parameter or a JSON body (PostgreSQL refuses it in
 * text, so it would fail deep inside a statement), and each query parameter at most once (no route
 * takes a list by repetition; a repeat is ambiguous, so it is refused rather than guessed at).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export const NUL_MESSAGES = {
  zh: (name: string) => `参数 ${name} 不能包含空字符（\\0），请删除后重试`,
  en: (name: string) => `Parameter ${name} must not contain a NUL character (\\0); remove it and try again`,
};

export const REPEATED_MESSAGES = {
  zh: (name: string) => `参数 ${name} 只能出现一次`,
  en: (name: string) => `Parameter ${name} may appear only once`,
};

const hasNul = (text: string) => text.includes('\0');

/** The dotted path of the first string or key holding a NUL in a JSON value, or null. */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return hasNul(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (hasNul(key)) return at;
      const found = nulPath(item, at);
      if (found !== null) return found;
    }
  }
  return null;
}

// the shown name must not carry the NUL itself
const shown = (name: string) => name.replaceAll('\0', '\\0');

const nulError = (name: string) => new HttpError(400, 'NUL_CHARACTER', NUL_MESSAGES.zh(shown(name)), NUL_MESSAGES.en(shown(name)));

/** Throws the 400 for a NUL or a repeated query parameter of the request, if any. */
export function checkPlainInput(req: Pick<FastifyRequest, 'params' | 'query' | 'body'>): void {
  const inParams = nulPath(req.params, '');
  if (inParams !== null) throw nulError(inParams);
  for (const [name, value] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(value)) throw new HttpError(400, 'REPEATED_PARAMETER', REPEATED_MESSAGES.zh(shown(name)), REPEATED_MESSAGES.en(shown(name)));
    if (hasNul(name) || (typeof value === 'string' && hasNul(value))) throw nulError(name);
  }
  // a multipart body is a stream here, not yet read: its form reader checks its fields (plainFormText)
  if (!Buffer.isBuffer(req.body)) {
    const inBody = nulPath(req.body, '');
    if (inBody !== null) throw nulError(inBody || 'body');
  }
}

/** A multipart form's text field (or file name) as read by its form reader, refused like a JSON field. */
export function plainFormText(name: string, value: string): string {
  if (hasNul(value)) throw nulError(name);
  return value;
}

export function registerPlainInput(app: FastifyInstance): void {
  // after the body is parsed and before the route's schema coerces anything
  app.addHook('preValidation', async (req) => checkPlainInput(req));
}

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LABEL_DRIVER_ORIGIN } from '../../engine/print/label';

/**
 * The SPA loads only its own scripts; Mantine writes style tags and CSS variables at run time, so
 * styles allow inline. Nothing may frame the app (clickjacking), nor load plugins.
 */
const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  // the remote-assist button hands its link to a locally installed helper through a hidden frame
  "frame-src 'self' blob: hmassist:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

export const CONTENT_SECURITY_POLICY = [...APP_POLICY, "frame-ancestors 'none'"].join('; ');

/**
 * The price-label frame page (building blocks §2, §9) is framed by the app itself and posts the label
 * XML to the driver on the user's own computer: only it may be framed (by this origin) and reach there.
 */
const LABEL_FRAME_PAGE = '/label-print.html';
const LABEL_FRAME_POLICY = [
  ...APP_POLICY.map((d) => (d.startsWith('connect-src') ? `${d} ${LABEL_DRIVER_ORIGIN}` : d)),
  "frame-ancestors 'self'",
].join('; ');

/** A client's request id is echoed into logs and headers: only plain tokens are taken over. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Whether an address is under /api once percent-decoded, as the router reads it (`/%61pi/x` is). */
export function isApiPath(url: string): boolean {
  let path = url;
  try {
    path = decodeURIComponent(url);
  } catch {
    // a malformed escape: judged on the raw text
  }
  return path.startsWith('/api/');
}

/** True for answers of the API (the matched route, or the address when no route matched). */
const isApi = (req: FastifyRequest) => isApiPath(req.routeOptions.url ?? req.url);

function securityHeaders(req: FastifyRequest, reply: FastifyReply): void {
  // a route may set a stricter policy of its own (uploads are sandboxed)
  const labelFrame = req.url.split('?', 1)[0] === LABEL_FRAME_PAGE;
  if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', labelFrame ? LABEL_FRAME_POLICY : CONTENT_SECURITY_POLICY);
  reply
    .header('x-request-id', req.id)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', labelFrame ? 'SAMEORIGIN' : 'DENY')
    .header('referrer-policy', 'same-origin');
  // API data is per user and per moment: never kept by a browser or a proxy
  // (a route that answers a stored file sets its own, private caching)
  if (isApi(req) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

/** Security headers on every answer, the SPA's files included. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // a callback hook: an async one costs every answer a promise and its resolution
  app.addHook('onSend', (req, reply, payload, done) => {
    securityHeaders(req, reply);
    done(null, payload);
  });
}

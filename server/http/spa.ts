/**
 * Serves the built SPA: Vite's hashed files under assets/ are cached for a year as immutable (a new build
 * gives them new names); everything else, index.html above all, is revalidated on every load so a deploy
 * is seen at once. Brotli and gzip copies written at build time are sent to browsers that accept them.
 * Unknown non-API GET paths answer index.html (client-side routes); anything else gets the 404 envelope.
 */
import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';
import { isApiPath } from './security';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Cache-Control for a file served from the SPA folder (its path on disk, compressed copy or not). */
export function spaCacheControl(filePath: string): string {
  return filePath.includes(`${sep}assets${sep}`) ? IMMUTABLE : REVALIDATE;
}

export async function registerSpa(app: FastifyInstance, root: string): Promise<void> {
  const hasSpa = existsSync(root);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => res.header('cache-control', spaCacheControl(filePath)),
    });
  }

  app.setNotFoundHandler({ preHandler: async () => {} }, (req, reply) => {
    if (isApiPath(req.url) || req.method !== 'GET' || !hasSpa || isFilePath(req.url)) {
      return sendError(req, reply, 404, 'NOT_FOUND', '请求的地址不存在');
    }
    return reply.type('text/html').sendFile('index.html');
  });
}

/** A path naming a file (e.g. a missing logo) answers 404, so the page's fallback shows, never index.html. */
function isFilePath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0];
  return /\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/') + 1));
}

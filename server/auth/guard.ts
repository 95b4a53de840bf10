import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import { mustChangePassword } from '../../engine/password';
import { inShardScope, isShardRouter, tenantOfToken } from '../db/sharded';
import { resolveCachedToken } from './session-cache';

/** The forced page's heading (rule 55): what every other call answers until the password is changed. */
export const PASSWORD_CHANGE_REQUIRED = '为了您的账号安全，首次登录后请修改初始密码';

/**
 * Decided on the route the router matched, never on the raw address: `/%61pi/menu` is routed to
 * `/api/menu`, so it is guarded like it. Every /api route needs a session unless declared public.
 */
function needsSession(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  return !!route && route.startsWith('/api/') && !req.routeOptions.config?.public;
}

export function registerAuthGuard(app: FastifyInstance): void {
  // every request works in a shard scope of its own; below, the session's tenant chooses the shard
  app.addHook('onRequest', (_req, _reply, done) => inShardScope(done));
  app.addHook('onRequest', async (req) => {
    if (!needsSession(req)) return;
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('请先登录');
    const tenant = tenantOfToken(match[1]);
    if (tenant !== null && isShardRouter(app.db)) await app.db.enterTenant(tenant);
    const session = await resolveCachedToken(app.db, match[1], app.config.sessionTtlHours);
    if (!session || (tenant !== null && session.tenant_id !== tenant)) throw unauthorized();
    if (mustChangePassword(session) && !req.routeOptions.config?.beforePasswordChange) {
      throw forbidden('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED);
    }
    req.session = session;
  });
}

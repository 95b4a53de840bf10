import type { FastifyInstance } from 'fastify';
import type { ClientType, LoginRequest, LoginResponse } from '../../engine/wire';
import { HttpError } from '../http/errors';
import { ok } from '../http/envelope';
import { verifyPassword } from './password';
import { createSession, deleteSession, loadSessionInfo } from './session';
import { revokeSessions } from './session-cache';
import { claimAttempt, settleSuccess } from './throttle';
import { merchantShard } from '../db/sharded';

export const WRONG_CREDENTIALS = '商户号、用户名或密码错误';
export const TOO_MANY_FAILURES = '登录失败次数过多，请稍后再试';

const CLIENTS: ClientType[] = ['HMT', 'HMD', 'HMS'];

const loginSchema = {
  body: {
    type: 'object',
    required: ['merchant_no', 'username', 'password', 'client'],
    additionalProperties: false,
    properties: {
      merchant_no: { type: 'string', minLength: 1, maxLength: 32 },
      username: { type: 'string', minLength: 1, maxLength: 64 },
      password: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' },
      client: { type: 'string', enum: CLIENTS },
    },
  },
};

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: LoginRequest }>(
    '/api/auth/login',
    { schema: loginSchema, config: { public: true, rateLimit: { max: 300, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const { merchant_no, username, password, client } = req.body;
      const keys = { account: `${merchant_no}/${username}`.toLowerCase(), address: req.ip };
      // counted before the password is checked: parallel guesses cannot all get through
      const wait = await claimAttempt(app.db, keys);
      if (wait) {
        reply.header('retry-after', String(Math.ceil(wait / 1000)));
        throw new HttpError(429, 'RATE_LIMITED', TOO_MANY_FAILURES);
      }
      // with several shards the merchant's accounts live on its tenant's shard; throttling stays on main
      const onShard = await merchantShard(app.db, merchant_no);
      const [account] = await onShard(() =>
        app.db.query<{ tenant_id: number; account_id: number; password_hash: string; client_type: string; status: number }>(
          `SELECT a.tenant_id, a.account_id, a.password_hash, a.client_type, a.status
             FROM account a JOIN tenant t ON t.tenant_id = a.tenant_id
            WHERE t.merchant_no = $1 AND a.username = $2`,
          [merchant_no, username],
        ),
      );
      const valid =
        !!account &&
        account.client_type === client &&
        account.status !== 0 &&
        (await verifyPassword(password, account.password_hash));
      if (!valid) throw new HttpError(401, 'WRONG_CREDENTIALS', WRONG_CREDENTIALS);
      await settleSuccess(app.db, keys);
      const opened = await onShard(async () => {
        const info = await loadSessionInfo(app.db, account.tenant_id, account.account_id);
        return info && { info, ...(await createSession(app.db, info, app.config.sessionTtlHours)) };
      });
      if (!opened) throw new HttpError(401, 'WRONG_CREDENTIALS', WRONG_CREDENTIALS);
      const { info: session, token, expiresAt } = opened;
      const body: LoginResponse = { token_type: 'Bearer', token, expires_at: expiresAt, session };
      return ok(body);
    },
  );

  app.get('/api/auth/session', { config: { beforePasswordChange: true } }, async (req) => {
    const { token_hash: _hash, permissions: _set, ...info } = req.session!;
    return ok(info);
  });

  app.post('/api/auth/logout', { config: { beforePasswordChange: true } }, async (req) => {
    await deleteSession(app.db, req.session!.token_hash);
    await revokeSessions(app.db, { token_hash: req.session!.token_hash });
    return ok(null);
  });
}

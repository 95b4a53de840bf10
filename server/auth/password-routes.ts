import type { FastifyInstance } from 'fastify';
import { checkDigests, DEFAULT_INITIAL_PASSWORD, PASSWORD_MESSAGES_ZH } from '../../engine/password';
import type { PasswordChangeRequest } from '../../engine/wire';
import { sqlTimestamp } from '../clock';
import { badRequest } from '../http/errors';
import { ok } from '../http/envelope';
import { hashPassword, md5Hex, verifyPassword } from './password';
import { loadSessionInfo } from './session';
import { announceRevocation, forgetSessions } from './session-cache';

export const WRONG_ORIGINAL = '原密码错误，请重新输入';
export const NOT_DIGEST = '密码格式错误，请刷新页面后重试';
export const INITIAL_NOT_ALLOWED = '新密码不能使用初始密码';

const MD5 = /^[0-9a-fA-F]{32}$/;
const INITIAL_DIGEST = md5Hex(DEFAULT_INITIAL_PASSWORD);

const schema = {
  body: {
    type: 'object',
    required: ['original_pwd', 'new_pwd', 'new_pwd_again'],
    additionalProperties: false,
    properties: {
      original_pwd: { type: 'string', maxLength: 64 },
      new_pwd: { type: 'string', maxLength: 64 },
      new_pwd_again: { type: 'string', maxLength: 64 },
    },
  },
};

/**
 * POST /api/account/password {original_pwd, new_pwd, new_pwd_again}, each the md5 hex of the typed
 * text (rule 53). The server sees digests only, so it enforces what a digest allows: the original is
 * right, new ≠ original, new = confirmation, and the new one is not the default initial password.
 * Length and complexity (rules 45, 47) cannot be read from a digest: the form enforces them, and a
 * "rules passed" flag from the client would prove nothing, so none is accepted.
 * Success clears both password flags (rule 58) and signs out the account's other sessions.
 */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: PasswordChangeRequest }>(
    '/api/account/password',
    { schema, config: { beforePasswordChange: true, rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (req) => {
      const session = req.session!;
      const body = req.body;
      if (![body.original_pwd, body.new_pwd, body.new_pwd_again].every((v) => MD5.test(v))) {
        throw badRequest('PASSWORD_NOT_DIGEST', NOT_DIGEST);
      }
      const problem = checkDigests(body);
      if (problem === 'same_as_original') throw badRequest('PASSWORD_SAME_AS_ORIGINAL', PASSWORD_MESSAGES_ZH.same_as_original);
      if (problem === 'mismatch') throw badRequest('PASSWORD_MISMATCH', PASSWORD_MESSAGES_ZH.mismatch);
      if (body.new_pwd.toLowerCase() === INITIAL_DIGEST) throw badRequest('PASSWORD_INITIAL', INITIAL_NOT_ALLOWED);

      const [account] = await app.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM account WHERE tenant_id = $1 AND account_id = $2',
        [session.tenant_id, session.account_id],
      );
      if (!account || !(await verifyPassword(body.original_pwd, account.password_hash))) {
        throw badRequest('WRONG_ORIGINAL_PASSWORD', WRONG_ORIGINAL);
      }
      const hash = await hashPassword(body.new_pwd);
      // the other sessions end; this one's flags change: every cached copy goes
      const revoked = { tenant_id: session.tenant_id, account_id: session.account_id };
      await app.db.transaction(async (tx) => {
        // the hash the original password was checked against must still be the stored one: of two
        // changes from the same password only the first is made (hashing stays outside the write)
        const changed = await tx.query(
          `UPDATE account SET password_hash = $3, is_edit_password = 0, is_open_edit_password = 0,
                  updated_at = CAST($4 AS TIMESTAMP), updated_by = $5
            WHERE tenant_id = $1 AND account_id = $2 AND password_hash = $6
            RETURNING account_id`,
          [session.tenant_id, session.account_id, hash, sqlTimestamp(), session.username, account.password_hash],
        );
        if (!changed.length) throw badRequest('WRONG_ORIGINAL_PASSWORD', WRONG_ORIGINAL);
        await tx.query('DELETE FROM account_session WHERE tenant_id = $1 AND account_id = $2 AND token_hash <> $3', [
          session.tenant_id,
          session.account_id,
          session.token_hash,
        ]);
        await announceRevocation(tx, revoked);
      });
      forgetSessions(app.db, revoked);
      return ok(await loadSessionInfo(app.db, session.tenant_id, session.account_id));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { MessageItem, MessageList } from '../../engine/shell';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { MAX_ID } from '../http/limits';

const listSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      page_num: { type: 'integer', minimum: 1, maximum: 1000, default: 1 },
      page_size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      unread_only: { type: 'integer', enum: [0, 1], default: 0 },
    },
  },
};

const idSchema = { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID } } } };

/** The account's own messages (the HMT header's unread badge): list, unread count, mark read. */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const unreadCount = async (tenantId: number, accountId: number) => {
    const [{ n }] = await app.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM message WHERE tenant_id = $1 AND account_id = $2 AND is_read = 0',
      [tenantId, accountId],
    );
    return n;
  };

  app.get<{ Querystring: { page_num: number; page_size: number; unread_only: 0 | 1 } }>(
    '/api/messages',
    { schema: listSchema },
    async (req) => {
      const { tenant_id, account_id } = req.session!;
      const { page_num, page_size, unread_only } = req.query;
      const where = `WHERE tenant_id = $1 AND account_id = $2${unread_only ? ' AND is_read = 0' : ''}`;
      const [{ total }] = await app.db.query<{ total: number }>(`SELECT count(*) AS total FROM message ${where}`, [tenant_id, account_id]);
      const list = await app.db.query<MessageItem>(
        `SELECT id, title, content, is_read, created_at FROM message ${where}
          ORDER BY created_at DESC, id DESC LIMIT ${page_size} OFFSET ${(page_num - 1) * page_size}`,
        [tenant_id, account_id],
      );
      const body: MessageList = { list, total, unread: await unreadCount(tenant_id, account_id) };
      return ok(body);
    },
  );

  app.get('/api/messages/unread-count', async (req) => {
    const { tenant_id, account_id } = req.session!;
    return ok({ unread: await unreadCount(tenant_id, account_id) });
  });

  app.post<{ Params: { id: number } }>('/api/messages/:id/read', { schema: idSchema }, async (req) => {
    const { tenant_id, account_id } = req.session!;
    const [found] = await app.db.query<{ id: number }>(
      'SELECT id FROM message WHERE tenant_id = $1 AND account_id = $2 AND id = $3',
      [tenant_id, account_id, req.params.id],
    );
    if (!found) throw notFound('MESSAGE_NOT_FOUND', '消息不存在');
    // in a transaction: DuckDB queues it behind other writes of the row instead of failing on a conflict
    await app.db.transaction((tx) =>
      tx.query('UPDATE message SET is_read = 1 WHERE tenant_id = $1 AND account_id = $2 AND id = $3', [tenant_id, account_id, req.params.id]),
    );
    return ok({ unread: await unreadCount(tenant_id, account_id) });
  });

  app.post('/api/messages/read-all', async (req) => {
    const { tenant_id, account_id } = req.session!;
    await app.db.transaction((tx) =>
      tx.query('UPDATE message SET is_read = 1 WHERE tenant_id = $1 AND account_id = $2 AND is_read = 0', [tenant_id, account_id]),
    );
    return ok({ unread: 0 });
  });
}

import type { FastifyInstance } from 'fastify';
import type { ApprovalRecord } from '../../engine/shell';
import { ok } from '../http/envelope';

const schema = {
  querystring: {
    type: 'object',
    required: ['business_type', 'business_no'],
    additionalProperties: false,
    properties: {
      business_type: { type: 'string', minLength: 1, maxLength: 32 },
      business_no: { type: 'string', minLength: 1, maxLength: 32 },
    },
  },
};

/** GET /api/approval-records?business_type=&business_no= (审批记录): who, when, result, opinion; oldest first. */
export async function approvalRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { business_type: string; business_no: string } }>('/api/approval-records', { schema }, async (req) => {
    const list = await app.db.query<ApprovalRecord>(
      `SELECT id, business_type, business_no, approver_name, result, remark, created_at
         FROM approval_record
        WHERE tenant_id = $1 AND business_type = $2 AND business_no = $3
        ORDER BY created_at, id`,
      [req.session!.tenant_id, req.query.business_type, req.query.business_no],
    );
    return ok({ list });
  });
}

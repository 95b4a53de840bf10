import type { FastifyInstance } from 'fastify';
import type { ApprovalRecord } from '../../engine/shell';
import { isHeadOffice } from '../pickers/scope';
import { documentTypes } from '../documents/definitions';
import { DOCUMENT_MESSAGES, loadDocumentOfType } from '../documents/service';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';

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

/**
 * Approval records follow the scope of their document: a served document type answers exactly as
 * the document itself would (404 outside the session's scope, 403 without the right); records of
 * other business types have no document a store or supplier could open, so only the head office
 * reads them.
 */
async function requireVisible(db: Db, session: ServerSession, type: string, no: string): Promise<void> {
  if (documentTypes().all.has(type)) await loadDocumentOfType(db, session, type, no);
  else if (!isHeadOffice(session)) throw notFound('DOCUMENT_NOT_FOUND', DOCUMENT_MESSAGES.notFound);
}

/** GET /api/approval-records?business_type=&business_no= (审批记录): who, when, result, opinion; oldest first. */
export async function approvalRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { business_type: string; business_no: string } }>('/api/approval-records', { schema }, async (req) => {
    const { business_type, business_no } = req.query;
    await requireVisible(app.db, req.session!, business_type, business_no);
    const list = await app.db.query<ApprovalRecord>(
      `SELECT id, business_type, business_no, approver_name, result, remark, created_at
         FROM approval_record
        WHERE tenant_id = $1 AND business_type = $2 AND business_no = $3
        ORDER BY created_at, id`,
      [req.session!.tenant_id, business_type, business_no],
    );
    return ok({ list });
  });
}

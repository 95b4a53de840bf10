import type { FastifyInstance } from 'fastify';
import { checkComplaint, COMPLAINT_MAX_IMAGES, COMPLAINT_MESSAGES_ZH, type ComplaintForm } from '../../engine/complaint';
import type { ComplaintCreated } from '../../engine/shell';
import { IMAGE_TYPES } from '../../engine/upload';
import { sqlTimestamp } from '../clock';
import { ok } from '../http/envelope';
import { badRequest } from '../http/errors';
import { idempotent } from '../http/idempotency';
import { uploadIdOf } from './upload.logic';

export const IMAGE_NOT_FOUND = '截图不存在或已失效，请重新上传';

const schema = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      name: { type: 'string' },
      phone: { type: 'string' },
      remark: { type: 'string' },
      // one more than allowed, so "too many" gets its own message instead of a schema error
      img_url: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: COMPLAINT_MAX_IMAGES + 1 },
    },
  },
};

/**
 * POST /api/complaints (投诉举报反馈). Validated with the form's own rules (rules 62–67); every
 * screenshot must be an image this tenant uploaded.
 */
export async function complaintRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Partial<ComplaintForm> }>('/api/complaints', { schema }, idempotent(async (req, _reply, seal) => {
    const session = req.session!;
    const form: ComplaintForm = {
      name: req.body?.name ?? '',
      phone: req.body?.phone ?? '',
      remark: req.body?.remark ?? '',
      img_url: req.body?.img_url ?? [],
    };
    const problems = Object.values(checkComplaint(form));
    if (problems.length) throw badRequest('COMPLAINT_INVALID', COMPLAINT_MESSAGES_ZH[problems[0]]);

    const ids = form.img_url.map(uploadIdOf);
    if (ids.some((id) => !id) || new Set(ids).size !== ids.length) throw badRequest('COMPLAINT_IMAGE_INVALID', IMAGE_NOT_FOUND);
    const placeholders = ids.map((_, i) => `$${i + 2}`).join(', ');
    const found = await app.db.query<{ id: string; mime: string }>(
      `SELECT id, mime FROM upload_file WHERE tenant_id = $1 AND id IN (${placeholders})`,
      [session.tenant_id, ...ids],
    );
    const images = new Set(found.filter((f) => (IMAGE_TYPES as readonly string[]).includes(f.mime)).map((f) => f.id));
    if (!ids.every((id) => images.has(id!))) throw badRequest('COMPLAINT_IMAGE_INVALID', IMAGE_NOT_FOUND);

    return app.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO complaint (tenant_id, account_id, client_type, name, phone, remark, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 0, CAST($7 AS TIMESTAMP)) RETURNING id`,
        [session.tenant_id, session.account_id, session.client, form.name.trim(), form.phone.trim(), form.remark.trim(), sqlTimestamp()],
      );
      for (const [seq, url] of form.img_url.entries()) {
        await tx.query('INSERT INTO complaint_image (tenant_id, complaint_id, seq, img_url) VALUES ($1, $2, $3, $4)', [
          session.tenant_id,
          row.id,
          seq + 1,
          url,
        ]);
      }
      return seal(tx, ok<ComplaintCreated>({ id: row.id }));
    });
  }));
}

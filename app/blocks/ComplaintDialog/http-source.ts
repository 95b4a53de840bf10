import type { ComplaintCreated } from '../../../engine/shell';
import { apiPost } from '../../api/http';
import { idempotencyHeaders } from '../../api/idempotency';
import { createHttpUploadSource } from '../Upload/http-source';
import type { ComplaintSource } from './types';

export function createHttpComplaintSource(): ComplaintSource {
  return {
    ...createHttpUploadSource(),
    submit: async (form, idempotencyKey) => {
      await apiPost<ComplaintCreated>('/api/complaints', form, { headers: idempotencyHeaders(idempotencyKey) });
    },
  };
}

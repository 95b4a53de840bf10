import type { ComplaintCreated } from '../../../engine/shell';
import { apiPost } from '../../api/http';
import { createHttpUploadSource } from '../Upload/http-source';
import type { ComplaintSource } from './types';

export function createHttpComplaintSource(): ComplaintSource {
  return {
    ...createHttpUploadSource(),
    submit: async (form) => {
      await apiPost<ComplaintCreated>('/api/complaints', form);
    },
  };
}

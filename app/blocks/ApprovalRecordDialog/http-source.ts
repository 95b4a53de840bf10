import type { ApprovalRecord } from '../../../engine/shell';
import { apiGet } from '../../api/http';
import type { ApprovalRecordSource } from './types';

export function createHttpApprovalSource(): ApprovalRecordSource {
  return {
    records: async (business_type, business_no) =>
      (await apiGet<{ list: ApprovalRecord[] }>('/api/approval-records', { business_type, business_no })).list,
  };
}

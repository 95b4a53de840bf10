import type { ApprovalRecord } from '../../../engine/shell';

export interface ApprovalRecordSource {
  records(businessType: string, businessNo: string): Promise<ApprovalRecord[]>;
}

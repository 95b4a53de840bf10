import type { ApprovalRecord } from '../../../engine/shell';
import type { ApprovalRecordSource } from './types';

export const SAMPLE_RECORDS: ApprovalRecord[] = [
  { id: 0, business_type: 'purchase_order', business_no: 'CG10139001000', approver_name: '赵店长', result: '0', remark: null, created_at: '2026-01-04 17:40:00' },
  { id: 1, business_type: 'purchase_order', business_no: 'CG10139001000', approver_name: '王采购', result: '3', remark: '请补充附件后重新提交', created_at: '2026-01-05 09:12:00' },
  { id: 2, business_type: 'purchase_order', business_no: 'CG10139001000', approver_name: '李经理', result: '2', remark: '数量与合同不符，驳回', created_at: '2026-01-06 14:30:00' },
  { id: 3, business_type: 'purchase_order', business_no: 'CG10139001000', approver_name: '张总监', result: '1', remark: '同意', created_at: '2026-01-07 10:05:00' },
];

export function createMemoryApprovalSource(records: ApprovalRecord[] = SAMPLE_RECORDS): ApprovalRecordSource {
  return {
    records: async (type, no) => records.filter((r) => r.business_type === type && r.business_no === no),
  };
}

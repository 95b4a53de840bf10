/** The audit form's rules (rules 310–315). Pure. */
import type { ApprovalResult } from '../../../engine/shell';
import type { AuditForm } from '../data-source/document-types';

/** Rule 315. */
export const AUDIT_REMARK_MAX = 100;

/** Rule 311: approved by default. */
export const initialAuditForm = (): AuditForm => ({ status: '1', remark: '' });

/** Rules 312–313: the reject flag swaps reject ('2') for send back ('3'). */
export function auditChoices(rejectFlag: boolean): ApprovalResult[] {
  return rejectFlag ? ['1', '3'] : ['1', '2'];
}

export type AuditError = 'remarkRequired' | 'remarkTooLong';

/** Rule 314: a remark is required only for a rejection with the flag on; rule 315: at most 100 characters. */
export function auditError(form: AuditForm, remarkRequired: boolean): AuditError | null {
  const remark = form.remark.trim();
  if (form.status === '2' && remarkRequired && !remark) return 'remarkRequired';
  if ([...remark].length > AUDIT_REMARK_MAX) return 'remarkTooLong';
  return null;
}

/** The audit form's rules (rules 310–315). Pure. */
import type { ApprovalResult } from '../../../engine/shell';
import type { AuditForm } from '../data-source/document-types';

/** Rule 315. */
export const AUDIT_REMARK_MAX = 100;

/** Rule 311: approved by default. */
export const initialAuditForm = (): AuditForm => ({ status: '1', remark: '' });

/** Rule 312: approve or reject, unless the document offers others (send back '3'). */
export const DEFAULT_AUDIT_CHOICES: ApprovalResult[] = ['1', '2'];

export type AuditError = 'remarkRequired' | 'remarkTooLong';

/** Rule 314: a remark is required only for a rejection with the flag on; rule 315: at most 100 characters. */
export function auditError(form: AuditForm, remarkRequired: boolean): AuditError | null {
  const remark = form.remark.trim();
  if (form.status === '2' && remarkRequired && !remark) return 'remarkRequired';
  if ([...remark].length > AUDIT_REMARK_MAX) return 'remarkTooLong';
  return null;
}

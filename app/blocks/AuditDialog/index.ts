export { AuditDialog, type AuditDialogProps } from './AuditDialog';
export * from './auditDialog.logic';

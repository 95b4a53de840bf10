export { ImportDialog, type ImportDialogProps } from './ImportDialog';
export * from './importDialog.logic';

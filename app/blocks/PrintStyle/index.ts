export { PrintDialog, type PrintDialogProps } from './PrintDialog';
export { PrintStylePanel, type PrintStylePanelProps } from './PrintStylePanel';
export { StyleFormDialog } from './StyleFormDialog';
export { createHttpPrintStyleSource } from './http-source';
export type { PrintStyleSource, StyleFormValues } from './types';

export { PriceLabelDialog, type PriceLabelDialogProps } from './PriceLabelDialog';
export { createHttpPriceLabelSource } from './http-source';
export { sendToLabelDriver, type LabelOutcome } from './label-frame';
export type { LabelTemplate, PriceLabelSource } from './types';

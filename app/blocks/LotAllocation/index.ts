export { LotAllocation, type LotAllocationProps } from './LotAllocation';
export { LotPicker, type LotPickerProps } from './LotPicker';
export * from './lotAllocation.logic';

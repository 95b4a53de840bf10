export { DateRangeInput, type DateRangeInputProps } from './DateRangeInput';
export * from './dateRange.logic';

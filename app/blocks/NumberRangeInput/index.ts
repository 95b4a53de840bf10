export { NumberRangeInput, type NumberRangeInputProps } from './NumberRangeInput';
export * from './numberRange.logic';

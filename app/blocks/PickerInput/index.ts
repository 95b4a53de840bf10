export { PickerInput, type PickerInputProps } from './PickerInput';
export { AnyPicker, type AnyPickerProps } from './AnyPicker';
export * from './pickerInput.logic';

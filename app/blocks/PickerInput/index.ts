export { PickerInput, type PickerInputProps } from './PickerInput';
export { PickerCodesInput, type PickerCodesInputProps } from './PickerCodesInput';
export { AnyPicker, type AnyPickerProps } from './AnyPicker';
export * from './pickerInput.logic';

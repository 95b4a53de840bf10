export { MultiStorePicker, type MultiStorePickerProps } from './MultiStorePicker';
export * from './multiStore.logic';

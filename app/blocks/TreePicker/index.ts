export { TreePicker, type TreePickerProps } from './TreePicker';
export * from './tree.logic';

export { TextFilterInput, type TextFilterInputProps } from './TextFilterInput';
export * from './textFilter.logic';

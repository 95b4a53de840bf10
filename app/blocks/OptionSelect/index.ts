export { OptionSelect, type OptionSelectProps } from './OptionSelect';
export * from './optionSelect.logic';

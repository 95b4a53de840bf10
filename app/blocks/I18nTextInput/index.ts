export { I18nTextInput, type I18nTextInputProps, type I18nValue } from './I18nTextInput';

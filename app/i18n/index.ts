export { I18nProvider, useT, useLocale, translateStored, type TFunction } from './I18nProvider';
export { LOCALES, DEFAULT_LOCALE, dayjsLocaleOf, type Locale, type Params } from './i18n.logic';

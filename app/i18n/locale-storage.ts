import { resolveLocale, type Locale } from './i18n.logic';

export const LOCALE_STORAGE_KEY = 'hm.locale';

export function readStoredLocale(): Locale {
  try {
    return resolveLocale(globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY));
  } catch {
    // storage can be unavailable (privacy mode); the default locale is a fine answer
    return resolveLocale(null);
  }
}

export function writeStoredLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // not persisting the choice is acceptable
  }
}

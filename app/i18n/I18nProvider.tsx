import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { catalogues } from './messages';
import { dayjsLocaleOf, translate, type Locale, type Params } from './i18n.logic';
import { readStoredLocale, writeStoredLocale } from './locale-storage';

export type TFunction = (key: string, params?: Params) => string;

interface I18nValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: TFunction;
}

const I18nContext = createContext<I18nValue | null>(null);

interface Props {
  children: ReactNode;
  /** fixed start locale (stories, tests); otherwise the stored choice */
  initialLocale?: Locale;
}

export function I18nProvider({ children, initialLocale }: Props) {
  const [locale, setLocaleState] = useState<Locale>(() => initialLocale ?? readStoredLocale());

  const setLocale = useCallback((next: Locale) => {
    writeStoredLocale(next);
    setLocaleState(next);
  }, []);

  useEffect(() => {
    dayjs.locale(dayjsLocaleOf(locale));
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo<I18nValue>(
    () => ({ locale, setLocale, t: (key, params) => translate(catalogues, locale, key, params) }),
    [locale, setLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useT/useLocale need an <I18nProvider> above them');
  return value;
}

/** The translate function of the current locale: t('login.title'), t('x.y', { name }). */
export function useT(): TFunction {
  return useI18n().t;
}

export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => void } {
  const { locale, setLocale } = useI18n();
  return { locale, setLocale };
}

/** For code outside React (HTTP client messages): translate in the stored locale. */
export function translateStored(key: string, params?: Params): string {
  return translate(catalogues, readStoredLocale(), key, params);
}

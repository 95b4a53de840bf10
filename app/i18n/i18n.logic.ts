/** Pure helpers of the i18n layer: locale choice, catalogue flattening, lookup and interpolation. */

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export type Catalogue = Record<string, string>;
/** One namespace file: the same keys in every locale. */
export type NamespaceMessages = Record<Locale, Catalogue>;
export type Params = Record<string, string | number>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The stored choice if it is a known locale, else the default (zh-CN). */
export function resolveLocale(stored: string | null | undefined): Locale {
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** Merge namespace files into one catalogue per locale, keys prefixed `<namespace>.<key>`. */
export function flattenNamespaces(namespaces: Record<string, NamespaceMessages>): Record<Locale, Catalogue> {
  const out = Object.fromEntries(LOCALES.map((l) => [l, {} as Catalogue])) as Record<Locale, Catalogue>;
  for (const [ns, messages] of Object.entries(namespaces)) {
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(messages[locale])) out[locale][`${ns}.${key}`] = text;
    }
  }
  return out;
}

/** Replace `{name}` placeholders; unknown placeholders stay visible so a missing param is noticed. */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Look a key up in the locale, then in the default locale, else show the key itself. */
export function translate(catalogues: Record<Locale, Catalogue>, locale: Locale, key: string, params?: Params): string {
  const text = catalogues[locale][key] ?? catalogues[DEFAULT_LOCALE][key] ?? key;
  return interpolate(text, params);
}

/** Keys present in one locale but not the other, per direction (for the parity test). */
export function catalogueGaps(catalogues: Record<Locale, Catalogue>): { missingInEn: string[]; missingInZh: string[] } {
  const zh = Object.keys(catalogues['zh-CN']);
  const en = Object.keys(catalogues['en-US']);
  return {
    missingInEn: zh.filter((k) => !(k in catalogues['en-US'])),
    missingInZh: en.filter((k) => !(k in catalogues['zh-CN'])),
  };
}

/** dayjs locale name used by Mantine dates for an app locale. */
export function dayjsLocaleOf(locale: Locale): string {
  return locale === 'zh-CN' ? 'zh-cn' : 'en';
}

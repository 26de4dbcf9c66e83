import { languageCodes, type LanguageCode } from '@bourse/contract';

export type { LanguageCode };

/** How each language is named in itself, and its writing direction. */
const about: Record<LanguageCode, { name: string; dir: 'ltr' | 'rtl' }> = {
  en: { name: 'English', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  fr: { name: 'Français', dir: 'ltr' },
  de: { name: 'Deutsch', dir: 'ltr' },
  pt: { name: 'Português', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
};

export const languages = languageCodes.map((code) => ({ code, ...about[code] }));

export const isLanguageCode = (value: unknown): value is LanguageCode => (languageCodes as readonly unknown[]).includes(value);

export const languageOf = (code: LanguageCode) => ({ code, ...about[code] });

/**
 * The locale numbers and dates are formatted in. Arabic keeps Latin digits, as trading platforms
 * in Arabic do, so prices read the same on every screen.
 */
export const intlLocaleOf = (code: LanguageCode) => (code === 'ar' ? 'ar-u-nu-latn' : code);

/** The first of the browser's preferred languages the app speaks, English if none. */
export function preferredLanguage(navigatorLanguages: readonly string[]): LanguageCode {
  for (const tag of navigatorLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguageCode(base)) return base;
  }
  return 'en';
}

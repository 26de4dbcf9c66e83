import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { languageCodes } from '@bourse/contract';
import { STORAGE } from '@/config/constants';
import { intlLocaleOf, isLanguageCode, languageOf, preferredLanguage, type LanguageCode } from './languages';

/**
 * Message catalogues: `locales/<language>/<area>.json`, one file per area of the app, each a flat
 * map from the English message (the key) to its translation. English needs entries only for
 * plural forms. A language's files are fetched together when it is first used.
 */
const catalogues = import.meta.glob<Record<string, string>>('./locales/*/*.json', { import: 'default' });

async function loadCatalogue(language: string): Promise<Record<string, string>> {
  const files = Object.entries(catalogues).filter(([path]) => path.startsWith(`./locales/${language}/`));
  const parts = await Promise.all(files.map(([, load]) => load()));
  return Object.assign({}, ...parts);
}

function storedLanguage(): LanguageCode | null {
  try {
    const value = localStorage.getItem(STORAGE.language);
    return isLanguageCode(value) ? value : null;
  } catch {
    return null;
  }
}

/** Marks the document with the language: screen readers, hyphenation and the mirrored layout follow. */
function applyToDocument(code: LanguageCode) {
  const root = document.documentElement;
  root.lang = code;
  root.dir = languageOf(code).dir;
}

/** The language shown now. */
export const currentLanguage = (): LanguageCode => (isLanguageCode(i18next.language) ? i18next.language : 'en');

/** The locale for `Intl` number and date formats in the language shown now. */
export const currentLocale = () => intlLocaleOf(currentLanguage());

/**
 * Starts the catalogues in the language this device chose before, or the browser's preferred one;
 * resolves once its messages are in, so the first paint is already in that language.
 */
export async function startI18n(): Promise<void> {
  const language = storedLanguage() ?? preferredLanguage(navigator.languages ?? [navigator.language]);
  i18next.on('languageChanged', (code) => isLanguageCode(code) && applyToDocument(code));
  await i18next
    .use(resourcesToBackend((language: string) => loadCatalogue(language)))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...languageCodes],
      // Keys are English sentences: dots and colons in them are text, not paths.
      keySeparator: false,
      nsSeparator: false,
      returnEmptyString: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  applyToDocument(currentLanguage());
}

/** Shows the app in `code` at once and remembers it on this device. */
export async function switchLanguage(code: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(STORAGE.language, code);
  } catch {
    // Not kept on this device; a signed-in customer's settings still keep it.
  }
  if (code !== i18next.language) await i18next.changeLanguage(code);
}

/**
 * Marks a message written outside a component (option lists, column headings) for the catalogue;
 * the component shows it with `t(message)`.
 */
export const msg = <T extends string>(message: T): T => message;

export { i18next };

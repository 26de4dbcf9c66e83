import { languageCodes, type LanguageCode } from '@bourse/contract';
import { ar } from './texts/ar.ts';
import { de } from './texts/de.ts';
import { en, type MailTemplate, type MailTexts } from './texts/en.ts';
import { es } from './texts/es.ts';
import { fr } from './texts/fr.ts';
import { pt } from './texts/pt.ts';

export type { MailTemplate };
export type MailParams = Record<string, string | number>;

const catalogues: Record<LanguageCode, MailTexts> = { en, ar, de, es, fr, pt };

/** The reader's language when it is one the mails are written in, else English. */
export function mailLanguage(value: unknown): LanguageCode {
  return languageCodes.includes(value as LanguageCode) ? (value as LanguageCode) : 'en';
}

export function mailTexts(language: LanguageCode): MailTexts {
  return catalogues[language];
}

/**
 * Fills `{{name}}` placeholders; a missing parameter stays visible rather than vanishing. In a
 * right-to-left language each value is isolated (FSI … PDI), so an address or a Latin name keeps
 * its own direction and the sentence's punctuation stays where it belongs.
 */
export function fill(text: string, params: MailParams, language: LanguageCode = 'en'): string {
  const isolate = language === 'ar' ? (v: string) => `\u2068${v}\u2069` : (v: string) => v;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? isolate(String(params[name])) : whole));
}

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

/** Fills `{{name}}` placeholders; a missing parameter stays visible rather than vanishing. */
export function fill(text: string, params: MailParams): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

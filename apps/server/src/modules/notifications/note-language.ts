import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type LanguageCode, renderMessage } from '@bourse/contract';
import type { NoteText } from './notifications.service.ts';

/** The web app's message catalogues: one set of translations for the screens and the server's mails. */
const LOCALES = path.resolve(import.meta.dirname, '../../../../web/src/i18n/locales');
const catalogues = new Map<string, Record<string, string>>();

function catalogueOf(language: LanguageCode): Record<string, string> {
  let found = catalogues.get(language);
  if (!found) {
    const dir = path.join(LOCALES, language);
    found = Object.assign({}, ...readdirSync(dir).filter((n) => n.endsWith('.json')).map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as Record<string, string>));
    catalogues.set(language, found!);
  }
  return found!;
}

/**
 * A note's title or text in `language` (English when none was chosen): a keyed text through the
 * catalogue, a message it lacks in English; free text as it was written.
 */
export function noteTextIn(language: LanguageCode | undefined, text: NoteText): string {
  if (typeof text === 'string') return text;
  const catalogue = language && language !== 'en' ? catalogueOf(language) : {};
  return renderMessage(text, (key) => catalogue[key] ?? key);
}

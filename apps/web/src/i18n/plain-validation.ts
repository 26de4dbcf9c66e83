import { z } from 'zod';
import { i18next } from './i18n';

/**
 * Words for a form check whose schema gives no message of its own: zod's would read "Too small:
 * expected string to have >=1 characters". Schema messages still come first; this only replaces
 * zod's defaults, in the language shown.
 */
export function plainValidationMessage(issue: { code?: string; input?: unknown; origin?: string; minimum?: unknown }): string {
  const empty = issue.input === undefined || issue.input === null || issue.input === '';
  if (empty || (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)) return i18next.t('This field is required.');
  if (issue.code === 'too_small') return i18next.t('This value is too short or too small.');
  if (issue.code === 'too_big') return i18next.t('This value is too long or too large.');
  return i18next.t('Check this value: it is not valid.');
}

/** Makes every schema in the app answer in plain words (see plainValidationMessage). */
export function installPlainValidationMessages(): void {
  z.config({ customError: (issue) => plainValidationMessage(issue as Parameters<typeof plainValidationMessage>[0]) });
}

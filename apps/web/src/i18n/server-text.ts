import type { TFunction } from 'i18next';
import type { MessageParams } from '@bourse/contract';

/**
 * A text the server wrote, in the reader's language: its message key translated with its
 * parameters filled (a parameter that is a message of its own translated too), or, for a text
 * stored without a key (an operator's words, a note from before keys), the words it came with.
 */
export function serverText(t: TFunction, key: string | null | undefined, params: MessageParams | undefined, stored: string): string {
  if (!key) return stored;
  const values = Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, typeof value === 'object' ? t(value.key, value.params ?? {}) : value]));
  return t(key, values);
}

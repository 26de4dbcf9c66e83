import type { TFunction } from 'i18next';
import type { MessageParams } from '@bourse/contract';
import { formatNumber } from '@/lib/format';

/**
 * A text the server wrote, in the reader's language: its message key translated with its
 * parameters filled (a parameter that is a message of its own translated too), or, for a text
 * stored without a key (an operator's words, a note from before keys), the words it came with.
 * An `amount` is money the server sends as a plain decimal ("10000.00"): it reads with the
 * language's grouping and two decimals, like every other amount on screen.
 */
export function serverText(t: TFunction, key: string | null | undefined, params: MessageParams | undefined, stored: string): string {
  if (!key) return stored;
  const values = Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => {
      if (typeof value === 'object') return [name, t(value.key, value.params ?? {})];
      if (name === 'amount' && value !== '' && Number.isFinite(Number(value))) return [name, formatNumber(Number(value), { minimumFractionDigits: 2, maximumFractionDigits: 2 })];
      return [name, value];
    }),
  );
  return t(key, values);
}

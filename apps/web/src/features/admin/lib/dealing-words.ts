import { i18next, msg } from '@/i18n/i18n';
import { serverWords } from '@/lib/api-client';

/**
 * The contract's messages about groups and swap rates that carry a value (a limit) in their words,
 * so they are no fixed key of the catalogue: each is matched and said again in the reader's language.
 */
const withValues: { pattern: RegExp; key: string; names: string[] }[] = [
  { pattern: /^The commission must be between 0 and ([\d.]+)\.$/, key: msg('The commission must be between 0 and {{max}}.'), names: ['max'] },
  { pattern: /^No asset class or instrument is called (.+)\.$/, key: msg('No asset class or instrument is called {{key}}.'), names: ['key'] },
  { pattern: /^No instrument is called (.+)\.$/, key: msg('No instrument is called {{symbol}}.'), names: ['symbol'] },
  { pattern: /^The long rate must be between -([\d.]+) and [\d.]+ % a year\.$/, key: msg('The long rate must be between -{{limit}} and {{limit}} % a year.'), names: ['limit'] },
  { pattern: /^The short rate must be between -([\d.]+) and [\d.]+ % a year\.$/, key: msg('The short rate must be between -{{limit}} and {{limit}} % a year.'), names: ['limit'] },
  { pattern: /^The long rate must be between -([\d.]+) and [\d.]+ points per lot\.$/, key: msg('The long rate must be between -{{limit}} and {{limit}} points per lot.'), names: ['limit'] },
  { pattern: /^The short rate must be between -([\d.]+) and [\d.]+ points per lot\.$/, key: msg('The short rate must be between -{{limit}} and {{limit}} points per lot.'), names: ['limit'] },
];

/** The swap rate contract's fixed messages (its own words, outside a `…Messages` object). */
export const swapRateMessages = [msg('The long rate must be a number.'), msg('The short rate must be a number.')] as const;

/** The corporate action contract's fixed messages outside `corporateActionMessages`. */
export const corporateActionWords = [msg('The file is too large (1 MB at most).'), msg('expected 3 values (symbol,ex_date,amount).')] as const;

/** "Row 3: <a contract message>", as the CSV import names each bad row. */
const ROW_PROBLEM = /^Row (\d+): (.+)$/;

/** A CSV import's problem, its row named and the contract's words in the reader's language. */
export function importProblemWords(text: string): string {
  const found = ROW_PROBLEM.exec(text);
  if (!found) return dealingWords(text) ?? text;
  return i18next.t('Row {{row}}: {{problem}}', { row: found[1], problem: dealingWords(found[2]) });
}

/**
 * A message of the group or swap rate contract, from the form's own check or from the server, in the
 * reader's language: both come from the same schema, so both read the same.
 */
export function dealingWords(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  for (const { pattern, key, names } of withValues) {
    const found = pattern.exec(text);
    if (found) return i18next.t(key, Object.fromEntries(names.map((name, i) => [name, found[i + 1]])));
  }
  return serverWords(text);
}

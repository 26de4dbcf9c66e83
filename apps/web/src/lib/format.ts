import { currentLanguage, currentLocale } from '@/i18n/i18n';
import { languageOf } from '@/i18n/languages';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Money with 2 decimals (SPEC §9 "currency 2 decimals") in the language shown. Accepts the server's
 * decimal strings. Formatters are cached: rows format on every price tick.
 */
export function formatMoney(value: string | number, currency = 'USD'): string {
  const n = typeof value === 'string' ? Number(value) : value;
  const locale = currentLocale();
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(key, format);
  }
  const text = format.format(Number.isFinite(n) ? n : 0);
  // In a right-to-left page an amount reads as one left-to-right unit ("10,000.00 US$"), without
  // the direction marks that would otherwise reorder its parts.
  return languageOf(currentLanguage()).dir === 'rtl' ? `\u2066${text.replace(/[\u200e\u200f\u061c]/g, '')}\u2069` : text;
}

/** A count or amount with the language's grouping ("12,345", "12.345", "12 345"). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLocale(), options).format(value);
}

/** Prices are written with the instrument's own digits by the shared helper (see `@bourse/contract` prices). */
export { formatPrice } from '@bourse/contract';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

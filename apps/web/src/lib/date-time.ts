import { currentLocale } from '@/i18n/i18n';

const cache = new Map<string, Intl.DateTimeFormat>();

/**
 * "Nov 25, 14:05" (or with the year) in the language shown and the customer's time zone; an unknown zone falls back to
 * UTC. Formatters are cached per zone: building one is costly and rows format on every render.
 */
export function formatDateTime(iso: string, timeZone: string, withYear = false): string {
  const locale = currentLocale();
  const key = `${locale}|${timeZone}|${withYear}`;
  let format = cache.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(withYear ? { year: 'numeric' } : {}) };
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    cache.set(key, format);
  }
  return format.format(new Date(iso));
}

import { currentLocale } from '@/i18n/i18n';

/** "Nov 25, 2026" in the language shown, in the browser's time zone. */
export const formatDay = (iso: string) => new Intl.DateTimeFormat(currentLocale(), { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

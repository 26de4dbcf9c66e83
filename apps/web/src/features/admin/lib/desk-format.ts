import type { Hedge } from '@bourse/contract';
import { msg } from '@/i18n/i18n';
import { formatMoney, formatNumber } from '@/lib/format';

/** Lots with a sign where a net is meant ("+1.20", "−0.50"), a dash for none. */
export const signedLots = (n: number) => (n === 0 ? '0' : formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }));
export const lots = (n: number) => formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** USD, or a dash where the server had no price or rate. */
export const usd = (n: number | null) => (n === null ? '—' : formatMoney(n, 'USD'));
/** Green for the house's gain, red for its loss. */
export const tone = (n: number | null) => (n === null || n === 0 ? '' : n > 0 ? 'text-up' : 'text-down');

/** A hedge's state, shown with `t()`. */
export const hedgeStatusLabels: Record<Hedge['status'], string> = {
  ticket: msg('Ticket'),
  sent: msg('Sent'),
  filled: msg('Filled'),
  partial: msg('Part-filled'),
  rejected: msg('Refused'),
};
export const hedgeOriginLabels: Record<Hedge['origin'], string> = { rule: msg('Rule'), manual: msg('By hand') };

import type { TFunction } from 'i18next';
import type { MoneyRequest } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

/** Marked for the catalogue: show with `t(statusLabels[status])`. */
export const statusLabels: Record<MoneyRequest['status'], string> = {
  requested: msg('Waiting'),
  approved: msg('Approved'),
  completed: msg('Completed'),
  rejected: msg('Rejected'),
  cancelled: msg('Cancelled'),
};

export const statusTone: Record<MoneyRequest['status'], string> = {
  requested: 'bg-amber-500/15 text-amber-300',
  approved: 'bg-brand/15 text-brand',
  completed: 'bg-up/15 text-up',
  rejected: 'bg-down/15 text-down',
  cancelled: 'bg-panel-2 text-muted',
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** One line saying where the money came from or goes to, in the language shown. */
export function methodLine(r: Pick<MoneyRequest, 'method' | 'details'>, t: TFunction): string {
  const d = r.details;
  if (r.method === 'crypto') return `${str(d.coin)} · ${str(d.network)}`;
  if (r.method === 'card') return `${str(d.brand)} •••• ${str(d.last4)}`;
  if (r.method === 'bank') return t('Bank {{iban}}', { iban: str(d.iban).replace(/(.{4})/g, '$1 ').trim() });
  if (r.method === 'demo') return t('Demo top-up');
  return t('To {{account}}', { account: str(d.to_account_number) });
}

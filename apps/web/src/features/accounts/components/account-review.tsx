import { Clock, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TradingAccount } from '@bourse/contract';

/** In place of "Use this account": the account cannot be traded on yet, or at all. */
export function ReviewBadge({ status }: { status: 'pending' | 'rejected' }) {
  const { t } = useTranslation();
  return status === 'pending' ? (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-500/15 px-2.5 py-1 text-xs font-medium text-amber-300" data-testid="account-status">
      <Clock className="size-3.5" aria-hidden /> {t('Awaiting Approval')}
    </span>
  ) : (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-down/15 px-2.5 py-1 text-xs font-medium text-down" data-testid="account-status">
      <XCircle className="size-3.5" aria-hidden /> {t('Rejected')}
    </span>
  );
}

/** In place of the money actions: what happens next, or why the account was not approved. */
export function ReviewNote({ account }: { account: TradingAccount }) {
  const { t } = useTranslation();
  return (
    <p className="border-t border-line pt-3 text-sm text-muted" role="status">
      {account.status === 'pending'
        ? t('The Client Management Team reviews new live accounts. You can fund it and trade on it once it is approved; you will be notified.')
        : account.rejection_reason
          ? t('This account was not approved: {{reason}} It cannot be funded or traded on.', { reason: account.rejection_reason })
          : t('This account was not approved. It cannot be funded or traded on.')}
    </p>
  );
}

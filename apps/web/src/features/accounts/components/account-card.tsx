import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TradingAccount } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { AccountFigures } from './account-figures';
import { ReviewBadge, ReviewNote } from './account-review';

type Props = {
  account: TradingAccount;
  plan: string;
  leverage: number;
  selected: boolean;
  onSelect: () => void;
  /** The account's actions (money, reset, statements), in the card's footer. */
  actions: ReactNode;
};

/** One trading account: what it is, its live figures, whether the trading room uses it (or that it awaits approval), and what can be done with it. */
export function AccountCard({ account, plan, leverage, selected, onSelect, actions }: Props) {
  const { t } = useTranslation();
  return (
    <li
      aria-label={account.kind === 'demo' ? t('Demo account {{number}}', { number: account.number }) : t('Live account {{number}}', { number: account.number })}
      className={cn('flex flex-col gap-4 rounded-xl border bg-panel p-4 sm:p-5', selected ? 'border-brand' : 'border-line')}
      data-testid="account-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wider text-muted">
            <span className={cn('rounded px-1.5 py-0.5', account.kind === 'demo' ? 'bg-amber-500/15 text-amber-300' : 'bg-up/15 text-up')}>{account.kind === 'demo' ? t('demo') : t('live')}</span>
            <span>{account.currency}</span>
            <span aria-hidden>·</span>
            <span>
              {plan} · 1:{leverage}
            </span>
          </p>
          <p className="mt-1 text-lg font-semibold tabular-nums">{account.number}</p>
        </div>
        {account.status !== 'active' ? (
          <ReviewBadge status={account.status} />
        ) : selected ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand/15 px-2.5 py-1 text-xs font-medium text-brand">
            <Check className="size-3.5" aria-hidden /> {t('Selected')}
          </span>
        ) : (
          <Button size="sm" variant="secondary" onClick={onSelect}>
            {t('Use this account')}
          </Button>
        )}
      </div>
      <AccountFigures account={account} />
      {account.status === 'active' ? (
        <div className="flex flex-wrap items-center gap-2 border-t border-line pt-3">{actions}</div>
      ) : (
        <ReviewNote account={account} />
      )}
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import type { TradingAccount } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { useAccountSummaryQuery } from '@/stores/account-summary-store';

/** Margin level as SPEC §9 gives it; no margin in use reads as a dash (it is unbounded). */
export const marginLevelText = (level: number | null) => (level === null ? '—' : `${level.toFixed(2)}%`);

/** Balance, equity, free margin and margin level of one account, live from GET /account/summary. */
export function AccountFigures({ account }: { account: TradingAccount }) {
  const { t } = useTranslation();
  const summary = useAccountSummaryQuery(account.id);
  if (summary.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-panel-2 px-3 py-2 text-sm text-muted" role="status">
        <span>{t('Live figures could not be loaded.')}</span>
        <Button size="sm" variant="secondary" onClick={() => void summary.refetch()}>
          {t('Retry')}
        </Button>
      </div>
    );
  }
  const data = summary.data;
  const money = (value: string | undefined) => (value === undefined ? undefined : formatMoney(value, account.currency));
  const figures = [
    { label: t('Balance'), value: money(data?.balance ?? account.balance), id: 'balance' },
    { label: t('Equity'), value: money(data?.equity), id: 'equity' },
    { label: t('Free margin'), value: money(data?.freeMargin), id: 'free-margin' },
    { label: t('Margin level'), value: data ? marginLevelText(data.marginLevel) : undefined, id: 'margin-level', title: data?.marginLevel === null ? t('No margin in use') : undefined },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      {figures.map((f) => (
        <div key={f.id} className="min-w-0">
          <dt className="text-xs text-muted">{f.label}</dt>
          <dd className="truncate font-semibold tabular-nums" data-testid={`account-${f.id}`} title={f.title}>
            {f.value ?? <span className="mt-1 block h-4 w-20 animate-pulse rounded bg-panel-2"><span className="sr-only">{t('Loading')}</span></span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

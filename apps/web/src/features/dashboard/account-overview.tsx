import { useState } from 'react';
import { Link } from 'react-router';
import { type HistoryRange, historyRanges, type TradingAccount } from '@bourse/contract';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useAccountSummaryQuery } from '@/stores/account-summary-store';
import { BalanceChart, equityColor } from './balance-chart';
import { RecentActivity } from './recent-activity';
import { signTone } from './sign-tone';
import { StatementsCard } from './statements-card';
import { useAccountHistory, useOpenPositionCount } from './use-account-history';
import { useTranslation } from 'react-i18next';

const rangeLabels: Record<HistoryRange, string> = { '30d': '30D', '90d': '90D', '1y': '1Y' };

function Figure({ label, value, detail, tone }: { label: string; value: string; detail?: string; tone?: number }) {
  return (
    <div className="min-w-0 rounded-xl border border-line bg-panel p-4">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={cn('mt-1 truncate text-lg font-semibold tabular-nums', tone !== undefined && signTone(tone))}>{value}</dd>
      {detail && <dd className="mt-0.5 break-words text-xs text-muted">{detail}</dd>}
    </div>
  );
}

/** The selected account at a glance: open positions, P&L, balance and equity over time, and recent activity. */
export function AccountOverview({ account }: { account: TradingAccount }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<HistoryRange>('90d');
  const summary = useAccountSummaryQuery(account.id);
  const history = useAccountHistory(account.id, range);
  const openCount = useOpenPositionCount(account.id);
  const money = (v: string | number) => formatMoney(v, account.currency);
  const pending = '…';
  const s = summary.data;
  const h = history.data;
  return (
    <>
      <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('Profit and loss')}>
        <Figure
          label={t('Open positions')}
          value={openCount.data === undefined ? pending : String(openCount.data)}
          detail={s ? t('Margin {{amount}}', { amount: money(s.margin) }) : undefined}
        />
        <Figure
          label={t('Floating P&L')}
          value={s ? money(s.pnl) : pending}
          tone={s ? Number(s.pnl) : undefined}
          detail={s ? t('Equity {{amount}}', { amount: money(s.equity) }) : undefined}
        />
        <Figure label={t("Today's realised P&L")} value={h ? money(h.pnl_today) : pending} tone={h ? Number(h.pnl_today) : undefined} />
        <Figure label={t('Lifetime realised P&L')} value={h ? money(h.pnl_lifetime) : pending} tone={h ? Number(h.pnl_lifetime) : undefined} />
      </dl>
      <div className="mb-6 grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-label={t('Performance')} className="min-w-0 rounded-xl border border-line bg-panel p-4 sm:p-5">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-sm font-semibold">{t('Balance and equity')}</h2>
            <fieldset className="flex rounded-md border border-line p-0.5" aria-label={t('Period')}>
              {(Object.keys(historyRanges) as HistoryRange[]).map((r) => (
                <button
                  key={r}
                  type="button"
                  aria-pressed={range === r}
                  onClick={() => setRange(r)}
                  className={cn('rounded px-2.5 py-1 text-xs font-medium', range === r ? 'bg-brand-solid text-white' : 'text-muted hover:text-fg')}
                >
                  {rangeLabels[r]}
                </button>
              ))}
            </fieldset>
          </div>
          {history.isPending ? (
            <p className="flex h-56 items-center justify-center gap-2 text-sm text-muted sm:h-64">
              <Spinner className="size-4" /> {t('Loading history...')}
            </p>
          ) : history.isError ? (
            <LoadError text={t('The balance history could not be loaded.')} onRetry={() => void history.refetch()} className="h-56 justify-center sm:h-64" />
          ) : history.data.points.length === 0 ? (
            <div className="flex h-56 flex-col items-center justify-center gap-2 text-center text-sm text-muted sm:h-64">
              <p>{t('No activity yet: the balance line starts with your first deposit or trade.')}</p>
              <Link to="/main/deposit" className="font-medium text-brand hover:underline">
                {t('Deposit funds')}
              </Link>
            </div>
          ) : (
            <>
              <BalanceChart points={history.data.points} equityPoints={history.data.equity_points} equityNow={s ? Number(s.equity) : null} />
              <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
                <span className="flex items-center gap-1.5">
                  <span className="size-2 rounded-full bg-brand-solid" aria-hidden /> {t('Balance at the end of each day (UTC)')}
                </span>
                <span className="flex items-center gap-1.5">
                  <span className="size-2 rounded-full" style={{ background: equityColor }} aria-hidden /> {t('Equity (balance + open P&L)')}
                  {s && ` · ${t('now {{amount}}', { amount: money(s.equity) })}`}
                </span>
              </p>
            </>
          )}
        </section>
        <div className="flex min-w-0 flex-col gap-4">
          <RecentActivity activity={h?.activity} currency={account.currency} pending={history.isPending} error={history.isError} onRetry={() => void history.refetch()} />
          <StatementsCard account={account} />
        </div>
      </div>
    </>
  );
}

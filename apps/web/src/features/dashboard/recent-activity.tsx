import { Link } from 'react-router';
import type { AccountActivity } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { signTone } from './sign-tone';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';
import { ledgerKindText } from '@/i18n/ledger-kind';
import { serverText } from '@/i18n/server-text';

const closeReasons: Record<string, string> = {
  tp: msg('By take profit'),
  sl: msg('By stop loss'),
  stop_out: msg('By stop-out'),
  trailing: msg('By trailing stop'),
  no_margin: msg('By no margin'),
};
const sides: Record<string, string> = { buy: msg('buy'), sell: msg('sell') };

/** What a ledger entry was, in words: a closed trade names its instrument, side and size. */
function describe(a: AccountActivity, t: TFunction): { title: string; detail: string | null } {
  if (a.trade) {
    const why = a.trade.close_reason ? closeReasons[a.trade.close_reason] : undefined;
    const side = sides[a.trade.side] ? t(sides[a.trade.side]!) : a.trade.side;
    return { title: t('{{symbol}} {{side}} {{lots}} closed', { symbol: a.trade.symbol, side, lots: a.trade.lots }), detail: why ? t(why) : null };
  }
  const detail = a.kind === 'realised_pnl' ? null : serverText(t, a.detail?.key, a.detail?.params, a.reference ?? '') || null;
  return { title: ledgerKindText(a.kind, t), detail };
}

/** The account's latest ledger entries: closed trades, deposits, withdrawals and the rest. */
export function RecentActivity({ activity, currency, pending, error, onRetry }: { activity: AccountActivity[] | undefined; currency: string; pending: boolean; error: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('Recent activity')} className="flex min-w-0 flex-1 flex-col rounded-xl border border-line bg-panel">
      <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">{t('Recent activity')}</h2>
      {pending ? (
        <p className="flex items-center justify-center gap-2 p-6 text-sm text-muted">
          <Spinner className="size-4" /> {t('Loading...')}
        </p>
      ) : error ? (
        <LoadError text={t('The activity could not be loaded.')} onRetry={onRetry} />
      ) : !activity?.length ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted">
          <p>{t('Nothing yet. Deposits, withdrawals and closed trades show here.')}</p>
          <Link to="/main/deposit" className="font-medium text-brand hover:underline">
            {t('Make a first deposit')}
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-line">
          {activity.map((a) => {
            const { title, detail } = describe(a, t);
            return (
              <li key={a.id} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm" data-testid="activity">
                <div className="min-w-0">
                  <p className="truncate font-medium">{title}</p>
                  <p className="break-words text-xs text-muted">
                    <DateTime iso={a.created_at} />
                    {/* An operator's reason in a detail may be in another language: isolated, it keeps its punctuation. */}
                    {detail && (
                      <>
                        {' · '}
                        <bdi>{detail}</bdi>
                      </>
                    )}
                  </p>
                </div>
                <span className={cn('shrink-0 font-mono tabular-nums', signTone(Number(a.amount)))}>{formatMoney(a.amount, currency)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import { useState } from 'react';
import { Download, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Activity, ActivityActor, ActivityKind } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDebounced } from '@/hooks/use-debounced';
import { msg } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { priceText } from '@/components/ui/price';
import { formatMoney } from '@/lib/format';
import { usePricePrecision } from '@/stores/quotes';
import { useSelectedAccount } from '@/stores/session-store';
import { useActivityQuery, useExportActivity } from '../api/get-activity';
import { sideWord } from '@/lib/trade-words';

/** What happened, in the words the log shows; shown with `t()`. */
const kindWords: Record<ActivityKind, string> = {
  placed: msg('Order placed'),
  opened: msg('Market order filled'),
  filled: msg('Pending order filled'),
  modified: msg('Levels changed'),
  cancelled: msg('Order cancelled'),
  closed: msg('Position closed'),
};
/** Who did it; shown with `t()`. */
const actorWords: Record<ActivityActor, string> = { customer: msg('You'), robot: msg('Expert Advisor'), autotrader: msg('Auto Trader'), system: msg('Server') };
const reasonWords: Record<string, string> = {
  manual: msg('Manual'),
  tp: msg('Take profit'),
  sl: msg('Stop loss'),
  stop_out: msg('Stop out'),
  trailing: msg('Trailing stop'),
  no_margin: msg('No margin'),
};
/** Waits this long after the last key before searching the server. */
const SEARCH_DELAY_MS = 300;


function ActivityItem({ item, currency }: { item: Activity; currency: string }) {
  const { t } = useTranslation();
  const p = usePricePrecision(item.symbol);
  const levels = [item.take_profit !== null && `TP ${priceText(item.take_profit, p)}`, item.stop_loss !== null && `SL ${priceText(item.stop_loss, p)}`].filter(Boolean);
  const pnl = item.pnl === null ? null : Number(item.pnl);
  return (
    <li className="border-b border-line/60 py-1.5 text-xs" data-testid="activity-row" data-kind={item.kind}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium">{t(kindWords[item.kind])}</span>
        <span className="text-muted tabular-nums">
          <DateTime iso={item.at} />
        </span>
        <span className="ms-auto text-muted">
          {t(actorWords[item.actor])} · {item.trade_id}
        </span>
      </div>
      <p className="mt-0.5 font-mono tabular-nums">
        <span className={cn('font-semibold uppercase', item.side === 'buy' ? 'text-up' : 'text-down')}>{t(sideWord({ trade_type: item.side, order_type: item.order_type }, true))}</span>{' '}
        {t('{{lots}} lots {{symbol}}', { lots: item.lots, symbol: item.symbol })}
        {item.price !== null && ` @ ${priceText(item.price, p)}`}
        {levels.length > 0 && ` · ${levels.join(' · ')}`}
        {item.reason && ` · ${t(reasonWords[item.reason] ?? item.reason)}`}
        {pnl !== null && <span className={pnl > 0 ? 'text-up' : pnl < 0 ? 'text-down' : ''}> · {formatMoney(pnl, currency)}</span>}
      </p>
    </li>
  );
}

/** ACTIVITY tab of the positions drawer: the selected account's log, searchable, and its CSV. */
export function ActivityLog() {
  const { t } = useTranslation();
  const account = useSelectedAccount();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const log = useActivityQuery(account?.id ?? null, search);
  const exporter = useExportActivity();
  const items = log.data?.pages.flatMap((page) => page.data) ?? [];
  const currency = account?.currency ?? 'USD';
  const runExport = () =>
    exporter.mutate(
      { accountId: account?.id ?? null, accountNumber: account?.number ?? 'account', search },
      { onError: (error) => toast.error(t('Export failed'), { description: errorMessage(error, t('There was an error processing your request. Please try again.')) }) },
    );
  return (
    <div className="flex h-full flex-col px-3" data-testid="activity-log">
      <div className="flex items-center gap-2 py-1.5">
        <label className="relative min-w-0 flex-1 md:max-w-xs">
          <span className="sr-only">{t('Search activity')}</span>
          <Search className="pointer-events-none absolute start-2 top-1/2 size-3.5 -translate-y-1/2 text-muted" aria-hidden />
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('Symbol, trade or event')}
            className="h-7 w-full rounded-md border border-line bg-bg ps-7 pe-2 text-xs outline-none focus-visible:border-brand"
            data-testid="activity-search"
          />
        </label>
        <Button variant="ghost" size="sm" onClick={runExport} loading={exporter.isPending} className="ms-auto h-7 px-2 text-xs" data-testid="activity-export">
          {!exporter.isPending && <Download className="size-3.5" aria-hidden />} {t('Export CSV')}
        </Button>
      </div>
      {log.isLoading ? (
        <div className="flex justify-center p-4">
          <Spinner className="size-4" />
        </div>
      ) : log.isError && items.length === 0 ? (
        <p role="alert" className="p-4 text-center text-sm text-down">
          {t('Failed to load the activity. Please try again.')}{' '}
          <button type="button" className="underline" onClick={() => void log.refetch()}>
            {t('Retry')}
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="p-4 text-center text-sm text-muted">{search ? t('Nothing matches this search.') : t('No activity yet: your orders, fills and closes will be listed here.')}</p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-auto">
          {items.map((item) => (
            <ActivityItem key={item.id} item={item} currency={currency} />
          ))}
          {log.hasNextPage && (
            <li className="py-2 text-center">
              <Button variant="ghost" size="sm" className="h-7 text-xs" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                {t('Load more')}
              </Button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

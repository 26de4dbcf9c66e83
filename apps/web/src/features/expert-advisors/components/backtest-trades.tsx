import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BacktestTrade } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';

const PAGE = 25;
const reasons: Record<BacktestTrade['close_reason'], string> = {
  signal: msg('Signal'),
  tp: msg('Take profit'),
  sl: msg('Stop loss'),
  stop_out: msg('Stop-out'),
  end: msg('End of test'),
};
/** Column headings; the first, the trade's number, is not a word. "Open" and "Close" are prices here. */
const headingsIn = (t: TFunction) => [t('Side'), t('Lots'), t('Opened (UTC)'), t('Open', { context: 'price' }), t('Closed (UTC)'), t('Close', { context: 'price' }), t('Exit'), t('P&L')];
const when = (sec: number) => new Date(sec * 1000).toISOString().slice(0, 16).replace('T', ' ');
const price = (n: number) => (n >= 100 ? n.toFixed(2) : n.toPrecision(6));

/** The run's trades, a page at a time. */
export function BacktestTrades({ trades }: { trades: BacktestTrade[] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  if (trades.length === 0) return <p className="text-sm text-muted">{t('The strategy made no trades in this range.')}</p>;
  const pages = Math.ceil(trades.length / PAGE);
  const shown = trades.slice(page * PAGE, page * PAGE + PAGE);
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full min-w-[36rem] text-start text-xs">
          <caption className="sr-only">{t('Trades of the backtest')}</caption>
          <thead className="bg-panel-2 text-muted">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-medium">
                #
              </th>
              {headingsIn(t).map((h) => (
                <th key={h} scope="col" className="px-2 py-1.5 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((trade) => (
              <tr key={trade.id} className="border-t border-line" title={trade.reason}>
                <td className="px-2 py-1.5 text-muted">{trade.id}</td>
                <td className={cn('px-2 py-1.5 font-medium uppercase', trade.side === 'buy' ? 'text-up' : 'text-down')}>{trade.side === 'buy' ? t('buy') : t('sell')}</td>
                <td className="px-2 py-1.5">{trade.lots}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{when(trade.open_time)}</td>
                <td className="px-2 py-1.5">{price(trade.open_price)}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{when(trade.close_time)}</td>
                <td className="px-2 py-1.5">{price(trade.close_price)}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{t(reasons[trade.close_reason])}</td>
                <td className={cn('px-2 py-1.5 text-end font-medium', trade.pnl >= 0 ? 'text-up' : 'text-down')}>{trade.pnl.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="flex items-center justify-end gap-2 text-xs text-muted" aria-label={t('Trade pages')}>
          <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('Previous')}
          </Button>
          <span>
            {t('Page {{page}} of {{pages}}', { page: page + 1, pages })}
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
            {t('Next')}
          </Button>
        </nav>
      )}
    </div>
  );
}

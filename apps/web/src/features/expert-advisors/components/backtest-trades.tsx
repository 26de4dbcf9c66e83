import { useState } from 'react';
import type { BacktestTrade } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const PAGE = 25;
const reasons: Record<BacktestTrade['close_reason'], string> = { signal: 'Signal', tp: 'Take profit', sl: 'Stop loss', stop_out: 'Stop-out', end: 'End of test' };
const when = (sec: number) => new Date(sec * 1000).toISOString().slice(0, 16).replace('T', ' ');
const price = (n: number) => (n >= 100 ? n.toFixed(2) : n.toPrecision(6));

/** The run's trades, a page at a time. */
export function BacktestTrades({ trades }: { trades: BacktestTrade[] }) {
  const [page, setPage] = useState(0);
  if (trades.length === 0) return <p className="text-sm text-muted">The strategy made no trades in this range.</p>;
  const pages = Math.ceil(trades.length / PAGE);
  const shown = trades.slice(page * PAGE, page * PAGE + PAGE);
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full min-w-[36rem] text-left text-xs">
          <caption className="sr-only">Trades of the backtest</caption>
          <thead className="bg-panel-2 text-muted">
            <tr>
              {['#', 'Side', 'Lots', 'Opened (UTC)', 'Open', 'Closed (UTC)', 'Close', 'Exit', 'P&L'].map((h) => (
                <th key={h} scope="col" className="px-2 py-1.5 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((t) => (
              <tr key={t.id} className="border-t border-line" title={t.reason}>
                <td className="px-2 py-1.5 text-muted">{t.id}</td>
                <td className={cn('px-2 py-1.5 font-medium uppercase', t.side === 'buy' ? 'text-up' : 'text-down')}>{t.side}</td>
                <td className="px-2 py-1.5">{t.lots}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{when(t.open_time)}</td>
                <td className="px-2 py-1.5">{price(t.open_price)}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{when(t.close_time)}</td>
                <td className="px-2 py-1.5">{price(t.close_price)}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{reasons[t.close_reason]}</td>
                <td className={cn('px-2 py-1.5 text-right font-medium', t.pnl >= 0 ? 'text-up' : 'text-down')}>{t.pnl.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="flex items-center justify-end gap-2 text-xs text-muted" aria-label="Trade pages">
          <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

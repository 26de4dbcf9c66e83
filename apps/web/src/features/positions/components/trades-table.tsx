import { useEffect, useRef } from 'react';
import { format } from 'date-fns';
import type { Trade } from '@bourse/contract';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatMoney, formatPrice } from '@/lib/format';
import type { TradeList } from '../api/get-trades';
import { usePositions } from '../hooks/use-positions';

/** SPEC §9: 5 decimals in orders. */
const DIGITS = 5;
const when = (iso: string | null) => (iso ? format(new Date(iso), 'MMM d, HH:mm') : '—');

function LoadMoreSentinel({ onVisible }: { onVisible: () => void }) {
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onVisible());
    observer.observe(el);
    return () => observer.disconnect();
  }, [onVisible]);
  return <tr ref={ref} aria-hidden className="h-px" />;
}

function TradeRow({ trade, list }: { trade: Trade; list: TradeList }) {
  const pnl = Number(trade.pnl);
  return (
    <tr className="border-b border-line/60" data-testid="trade-row">
      <td className="py-1.5 pr-3 font-medium">{trade.asset_symbol}</td>
      <td className={cn('pr-3 uppercase', trade.trade_type === 'buy' ? 'text-up' : 'text-down')}>{trade.trade_type}</td>
      <td className="pr-3 tabular-nums">{trade.lots}</td>
      <td className="pr-3 tabular-nums">{formatPrice(trade.opening_price ?? trade.trigger_price, DIGITS)}</td>
      <td className="pr-3 tabular-nums">{formatPrice(trade.closing_price, DIGITS)}</td>
      <td className={cn('pr-3 tabular-nums', pnl >= 0 ? 'text-up' : 'text-down')}>{list === 'pending' ? '—' : formatMoney(pnl)}</td>
      <td className="text-muted">{when(list === 'closed' ? trade.close_time : trade.open_time ?? trade.created_at)}</td>
    </tr>
  );
}

/** A trade list of the selected account, or its SPEC §2 empty text. */
export function TradesTable({ list, emptyText, className }: { list: TradeList; emptyText: string; className?: string }) {
  const { trades, isLoading, hasMore, loadMore } = usePositions(list);
  if (isLoading) {
    return (
      <div className={cn('flex items-center justify-center p-4', className)}>
        <Spinner className="size-4" />
      </div>
    );
  }
  if (trades.length === 0) return <p className={cn('p-4 text-center text-sm text-muted', className)}>{emptyText}</p>;
  return (
    <div className={cn('overflow-auto', className)}>
      <table className="w-full min-w-[36rem] text-left text-xs">
        <thead className="sticky top-0 bg-panel text-[10px] tracking-wider text-muted uppercase">
          <tr>
            <th className="py-1.5 pr-3 font-semibold">Symbol</th>
            <th className="pr-3 font-semibold">Type</th>
            <th className="pr-3 font-semibold">Lots</th>
            <th className="pr-3 font-semibold">Open price</th>
            <th className="pr-3 font-semibold">{list === 'closed' ? 'Close price' : 'Price'}</th>
            <th className="pr-3 font-semibold">P/L</th>
            <th className="font-semibold">Time</th>
          </tr>
        </thead>
        <tbody>
          {trades.map((t) => (
            <TradeRow key={t.id} trade={t} list={list} />
          ))}
          {hasMore && <LoadMoreSentinel onVisible={loadMore} />}
        </tbody>
      </table>
    </div>
  );
}

/** SPEC §2 Active Orders panel: the account's pending orders. */
export function ActiveOrdersPanel() {
  return <TradesTable list="pending" emptyText="No active orders found" className="px-3" />;
}

/** SPEC §2 Trading History panel: the account's closed trades. */
export function TradingHistoryPanel() {
  return <TradesTable list="closed" emptyText="No trading history found" className="px-3" />;
}

/** ACTIVE POSITIONS tab of the positions drawer. */
export function ActivePositions() {
  return <TradesTable list="open" emptyText="No active positions found" className="h-full px-3" />;
}

/** POSITIONS HISTORY tab of the positions drawer. */
export function PositionsHistory() {
  return <TradesTable list="closed" emptyText="No historical positions found" className="h-full px-3" />;
}

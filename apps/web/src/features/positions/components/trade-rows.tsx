import { memo } from 'react';
import { format } from 'date-fns';
import type { Trade } from '@bourse/contract';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { TARGET_DECIMALS } from '@/lib/trade-targets';
import { useDisplayMoney } from '@/stores/currency-store';
import { useLiveTrade } from '../hooks/use-live-trade';
import { CancelOrderButton } from './cancel-order-button';
import { ClosePositionButton } from './close-position-dialog';
import { EditTargetsButton } from './edit-targets-dialog';

/** SPEC §9: 5 decimals in orders. */
const DIGITS = 5;
const when = (iso: string | null) => (iso ? format(new Date(iso), 'MMM d, HH:mm') : '—');
const level = (n: number | null) => formatPrice(n, TARGET_DECIMALS);
const tone = (n: number) => (n > 0 ? 'text-up' : n < 0 ? 'text-down' : '');
const closeReasons: Record<string, string> = { manual: 'Manual', tp: 'Take profit', sl: 'Stop loss', stop_out: 'Stop out', trailing: 'Trailing stop', no_margin: 'No margin' };

export const cell = 'py-1.5 pr-3 whitespace-nowrap';

function Side({ trade, kind }: { trade: Trade; kind?: boolean }) {
  const label = kind && trade.order_type !== 'market' ? `${trade.trade_type} ${trade.order_type}` : trade.trade_type;
  return <td className={cn(cell, 'font-semibold uppercase', trade.trade_type === 'buy' ? 'text-up' : 'text-down')}>{label}</td>;
}

/** Column titles of each list, in row order (the last, empty one holds the actions). */
export const columns = {
  open: ['Symbol', 'Type', 'Lots', 'Open price', 'Price', 'TP', 'SL', 'P/L', 'Time', ''],
  pending: ['Symbol', 'Type', 'Lots', 'Price', 'TP', 'SL', 'Placed', ''],
  closed: ['Symbol', 'Type', 'Lots', 'Open price', 'Close price', 'P/L', 'Reason', 'Closed'],
} as const;

/**
 * An open position whose closing price and P&L follow its instrument's ticks (SPEC §4). Memoised:
 * only the rows of an instrument that ticked re-render.
 */
export const OpenPositionRow = memo(function OpenPositionRow({ trade, currency }: { trade: Trade; currency: string }) {
  const live = useLiveTrade(trade, currency);
  const money = useDisplayMoney(currency);
  const pnl = live?.pnl ?? Number(trade.pnl);
  return (
    <tr className="border-b border-line/60" data-testid="position-row" data-trade-id={trade.id}>
      <td className={cn(cell, 'font-medium')}>{trade.asset_symbol}</td>
      <Side trade={trade} />
      <td className={cn(cell, 'tabular-nums')}>{trade.lots}</td>
      <td className={cn(cell, 'tabular-nums')}>{formatPrice(trade.opening_price, DIGITS)}</td>
      <td className={cn(cell, 'tabular-nums')} data-testid="position-price">{formatPrice(live?.closingPrice, DIGITS)}</td>
      <td className={cn(cell, 'tabular-nums')} data-testid="position-tp">{level(trade.take_profit)}</td>
      <td className={cn(cell, 'tabular-nums')} data-testid="position-sl">{level(trade.stop_loss)}</td>
      <td className={cn(cell, 'font-mono tabular-nums', tone(pnl))} data-testid="position-pnl">{money(pnl)}</td>
      <td className={cn(cell, 'text-muted')}>{when(trade.open_time)}</td>
      <td className="py-1 text-right whitespace-nowrap">
        <EditTargetsButton trade={trade} reference={live?.closingPrice ?? null} />
        <ClosePositionButton trade={trade} />
      </td>
    </tr>
  );
});

/** A pending order (Active Orders): its entry price and levels, cancel and edit. */
export function PendingOrderRow({ trade }: { trade: Trade }) {
  return (
    <tr className="border-b border-line/60" data-testid="order-row" data-trade-id={trade.id}>
      <td className={cn(cell, 'font-medium')}>{trade.asset_symbol}</td>
      <Side trade={trade} kind />
      <td className={cn(cell, 'tabular-nums')}>{trade.lots}</td>
      <td className={cn(cell, 'tabular-nums')}>{formatPrice(trade.opening_price, DIGITS)}</td>
      <td className={cn(cell, 'tabular-nums')}>{level(trade.take_profit)}</td>
      <td className={cn(cell, 'tabular-nums')}>{level(trade.stop_loss)}</td>
      <td className={cn(cell, 'text-muted')}>{when(trade.created_at)}</td>
      <td className="py-1 text-right whitespace-nowrap">
        <EditTargetsButton trade={trade} reference={trade.opening_price} />
        <CancelOrderButton trade={trade} />
      </td>
    </tr>
  );
}

/** A closed trade (history): exit price, realised P&L and why it closed. */
export function HistoryRow({ trade, currency }: { trade: Trade; currency: string }) {
  const money = useDisplayMoney(currency);
  const pnl = Number(trade.pnl);
  return (
    <tr className="border-b border-line/60" data-testid="history-row" data-trade-id={trade.id}>
      <td className={cn(cell, 'font-medium')}>{trade.asset_symbol}</td>
      <Side trade={trade} />
      <td className={cn(cell, 'tabular-nums')}>{trade.lots}</td>
      <td className={cn(cell, 'tabular-nums')}>{formatPrice(trade.opening_price, DIGITS)}</td>
      <td className={cn(cell, 'tabular-nums')}>{formatPrice(trade.closing_price, DIGITS)}</td>
      <td className={cn(cell, 'font-mono tabular-nums', tone(pnl))}>{money(pnl)}</td>
      <td className={cn(cell, 'text-muted')}>{trade.close_reason ? (closeReasons[trade.close_reason] ?? trade.close_reason) : '—'}</td>
      <td className={cn(cell, 'text-muted')}>{when(trade.close_time)}</td>
    </tr>
  );
}

/** A pending order as a card, for the narrow Active Orders panel. */
export function PendingOrderItem({ trade }: { trade: Trade }) {
  return (
    <li className="border-b border-line/60 py-2 text-xs" data-testid="order-row" data-trade-id={trade.id}>
      <div className="flex items-center gap-2">
        <span className="font-medium">{trade.asset_symbol}</span>
        <span className={cn('font-semibold uppercase', trade.trade_type === 'buy' ? 'text-up' : 'text-down')}>
          {trade.trade_type} {trade.order_type}
        </span>
        <span className="ml-auto flex">
          <EditTargetsButton trade={trade} reference={trade.opening_price} />
          <CancelOrderButton trade={trade} />
        </span>
      </div>
      <p className="mt-0.5 font-mono tabular-nums">
        {trade.lots} lots @ {formatPrice(trade.opening_price, DIGITS)}
      </p>
      <p className="text-muted tabular-nums">
        TP {level(trade.take_profit)} · SL {level(trade.stop_loss)} · {when(trade.created_at)}
      </p>
    </li>
  );
}

/** A closed trade as a card, for the narrow Trading History panel. */
export function HistoryItem({ trade, currency }: { trade: Trade; currency: string }) {
  const money = useDisplayMoney(currency);
  const pnl = Number(trade.pnl);
  return (
    <li className="border-b border-line/60 py-2 text-xs" data-testid="history-row" data-trade-id={trade.id}>
      <div className="flex items-center gap-2">
        <span className="font-medium">{trade.asset_symbol}</span>
        <span className={cn('font-semibold uppercase', trade.trade_type === 'buy' ? 'text-up' : 'text-down')}>{trade.trade_type}</span>
        <span className={cn('ml-auto font-mono tabular-nums', tone(pnl))}>{money(pnl)}</span>
      </div>
      <p className="mt-0.5 font-mono tabular-nums">
        {trade.lots} lots {formatPrice(trade.opening_price, DIGITS)} → {formatPrice(trade.closing_price, DIGITS)}
      </p>
      <p className="text-muted">
        {trade.close_reason ? (closeReasons[trade.close_reason] ?? trade.close_reason) : '—'} · {when(trade.close_time)}
      </p>
    </li>
  );
}

/** An open position as a card with its live P&L, for the narrow Active Orders panel. */
export const OpenPositionItem = memo(function OpenPositionItem({ trade, currency }: { trade: Trade; currency: string }) {
  const live = useLiveTrade(trade, currency);
  const money = useDisplayMoney(currency);
  const pnl = live?.pnl ?? Number(trade.pnl);
  return (
    <li className="border-b border-line/60 py-2 text-xs" data-testid="position-item" data-trade-id={trade.id}>
      <div className="flex items-center gap-2">
        <span className="font-medium">{trade.asset_symbol}</span>
        <span className={cn('font-semibold uppercase', trade.trade_type === 'buy' ? 'text-up' : 'text-down')}>{trade.trade_type}</span>
        <span className={cn('ml-auto font-mono tabular-nums', tone(pnl))}>{money(pnl)}</span>
        <span className="flex">
          <EditTargetsButton trade={trade} reference={live?.closingPrice ?? null} />
          <ClosePositionButton trade={trade} />
        </span>
      </div>
      <p className="mt-0.5 font-mono tabular-nums">
        {trade.lots} lots {formatPrice(trade.opening_price, DIGITS)} → {formatPrice(live?.closingPrice, DIGITS)}
      </p>
      <p className="text-muted tabular-nums">
        TP {level(trade.take_profit)} · SL {level(trade.stop_loss)} · {when(trade.open_time)}
      </p>
    </li>
  );
});

import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PricePrecision, Trade } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { PlacedByTag } from '@/features/expert-advisors/placed-by-tag';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { Price, priceText } from '@/components/ui/price';
import { useDisplayMoney } from '@/stores/currency-store';
import { usePricePrecision } from '@/stores/quotes';
import { useLiveTrade } from '../hooks/use-live-trade';
import { CancelOrderButton } from './cancel-order-button';
import { ClosePositionButton } from './close-position-dialog';
import { sideWord } from '@/lib/trade-words';
import { EditTargetsButton } from './edit-targets-dialog';
import { TradeDetailsButton } from './trade-details-dialog';

const tone = (n: number) => (n > 0 ? 'text-up' : n < 0 ? 'text-down' : '');
/** Why a trade closed, shown with `t()`; a reason the app does not know is shown as the server sends it. */
const closeReasons: Record<string, string> = {
  manual: msg('Manual'),
  tp: msg('Take profit'),
  sl: msg('Stop loss'),
  stop_out: msg('Stop out'),
  trailing: msg('Trailing stop'),
  no_margin: msg('No margin'),
};
/** Take-profit and stop-loss levels in the codes every language reads: "TP 1.10000 · SL 1.05000". */
const levels = (trade: Pick<Trade, 'take_profit' | 'stop_loss'>, p: PricePrecision | null) => `TP ${priceText(trade.take_profit, p)} · SL ${priceText(trade.stop_loss, p)}`;

function CloseReason({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  if (!reason) return '—';
  const known = closeReasons[reason];
  return known ? t(known) : reason;
}

// Narrow gaps: every column (the swap's too) fits beside a side panel and the sidebar at 1280 px.
// The table's own side room is in its first and last cells: padding on its scroll box would leave
// a strip beside the sticky actions where the scrolled columns show.
export const cell = 'py-1.5 pe-1.5 whitespace-nowrap first:ps-3';
/** The actions stay at the table's end, with a shadow on their edge, while a narrow room scrolls the other columns under them. */
export const actionsCell =
  'sticky end-0 bg-panel py-1 ps-2 pe-3 text-end whitespace-nowrap shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.6)] rtl:shadow-[6px_0_6px_-6px_rgb(0_0_0/0.6)]';

function Side({ trade, kind }: { trade: Trade; kind?: boolean }) {
  const { t } = useTranslation();
  return <td className={cn(cell, 'font-semibold uppercase', trade.trade_type === 'buy' ? 'text-up' : 'text-down')}>{t(sideWord(trade, kind))}</td>;
}

/** Column titles of each list, in row order (the last, empty one holds the actions); words are shown with `t()`, the codes TP, SL and P/L as they are. */
export const columns = {
  open: [msg('Symbol'), msg('Type'), msg('Lots'), msg('Open price'), msg('Price'), 'TP', 'SL', 'P/L', msg('Swap'), msg('Time'), ''],
  pending: [msg('Symbol'), msg('Type'), msg('Lots'), msg('Price'), 'TP', 'SL', msg('Placed'), ''],
  closed: [msg('Symbol'), msg('Type'), msg('Lots'), msg('Open price'), msg('Close price'), 'P/L', msg('Swap'), msg('Comm.'), msg('Reason'), msg('Closed'), ''],
} as const;
/** The swaps a position was charged (negative) or paid overnight so far; not part of its P/L. */
function SwapCell({ trade, money }: { trade: Trade; money: (n: number) => string }) {
  const swap = Number(trade.swap);
  return <td className={cn(cell, 'font-mono tabular-nums', tone(swap))} data-testid="position-swap">{money(swap)}</td>;
}

/** The commission a trade was charged so far (on opening, and on closing once closed); not part of its P/L. */
function CommissionCell({ trade, money }: { trade: Trade; money: (n: number) => string }) {
  const commission = Number(trade.commission);
  return <td className={cn(cell, 'font-mono tabular-nums', tone(commission))} data-testid="position-commission">{money(commission)}</td>;
}

/** Column titles shortened to fit beside a side panel at 1280 px, with the words they stand for. */
export const abbreviations: Record<string, string> = { 'Comm.': msg('Commission') };

/** Column titles that are codes, the same in every language. */
export const codeColumns: readonly string[] = ['TP', 'SL', 'P/L', ''];

/**
 * An open position whose closing price and P&L follow its instrument's ticks (SPEC §4). Memoised:
 * only the rows of an instrument that ticked re-render.
 */
export const OpenPositionRow = memo(function OpenPositionRow({ trade, currency }: { trade: Trade; currency: string }) {
  const live = useLiveTrade(trade, currency);
  const money = useDisplayMoney(currency);
  const p = usePricePrecision(trade.asset_id);
  const pnl = live?.pnl ?? Number(trade.pnl);
  return (
    // Focusable: the focused row is the selected position the C shortcut closes.
    <tr tabIndex={0} className="border-b border-line/60 outline-none focus-visible:bg-panel-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand" data-testid="position-row" data-shortcut="position" data-trade-id={trade.id}>
      <td className={cn(cell, 'font-medium')}>
        {trade.asset_symbol}
        <PlacedByTag trade={trade} />
      </td>
      <Side trade={trade} />
      <td className={cn(cell, 'tabular-nums')}>{trade.lots}</td>
      <td className={cn(cell, 'tabular-nums')} data-testid="position-open-price"><Price value={trade.opening_price} precision={p} /></td>
      <td className={cn(cell, 'tabular-nums')} data-testid="position-price"><Price value={live?.closingPrice} precision={p} /></td>
      <td className={cn(cell, 'tabular-nums')} data-testid="position-tp"><Price value={trade.take_profit} precision={p} /></td>
      <td className={cn(cell, 'tabular-nums')} data-testid="position-sl"><Price value={trade.stop_loss} precision={p} /></td>
      <td className={cn(cell, 'font-mono tabular-nums', tone(pnl))} data-testid="position-pnl">{money(pnl)}</td>
      <SwapCell trade={trade} money={money} />
      <td className={cn(cell, 'text-muted')}><DateTime iso={trade.open_time} /></td>
      <td className={actionsCell}>
        <TradeDetailsButton trade={trade} currency={currency} />
        <EditTargetsButton trade={trade} reference={live?.closingPrice ?? null} />
        <ClosePositionButton trade={trade} />
      </td>
    </tr>
  );
});

/** A pending order (Active Orders): its entry price and levels, cancel and edit. */
export function PendingOrderRow({ trade }: { trade: Trade }) {
  const p = usePricePrecision(trade.asset_id);
  return (
    <tr className="border-b border-line/60" data-testid="order-row" data-trade-id={trade.id}>
      <td className={cn(cell, 'font-medium')}>{trade.asset_symbol}</td>
      <Side trade={trade} kind />
      <td className={cn(cell, 'tabular-nums')}>{trade.lots}</td>
      <td className={cn(cell, 'tabular-nums')}><Price value={trade.opening_price} precision={p} /></td>
      <td className={cn(cell, 'tabular-nums')}><Price value={trade.take_profit} precision={p} /></td>
      <td className={cn(cell, 'tabular-nums')}><Price value={trade.stop_loss} precision={p} /></td>
      <td className={cn(cell, 'text-muted')}><DateTime iso={trade.created_at} /></td>
      <td className={actionsCell}>
        <EditTargetsButton trade={trade} reference={trade.opening_price} />
        <CancelOrderButton trade={trade} />
      </td>
    </tr>
  );
}

/** A closed trade (history): exit price, realised P&L and why it closed. */
export function HistoryRow({ trade, currency }: { trade: Trade; currency: string }) {
  const money = useDisplayMoney(currency);
  const p = usePricePrecision(trade.asset_id);
  const pnl = Number(trade.pnl);
  return (
    <tr className="border-b border-line/60" data-testid="history-row" data-trade-id={trade.id}>
      <td className={cn(cell, 'font-medium')}>
        {trade.asset_symbol}
        <PlacedByTag trade={trade} />
      </td>
      <Side trade={trade} />
      <td className={cn(cell, 'tabular-nums')}>{trade.lots}</td>
      <td className={cn(cell, 'tabular-nums')}><Price value={trade.opening_price} precision={p} /></td>
      <td className={cn(cell, 'tabular-nums')}><Price value={trade.closing_price} precision={p} /></td>
      <td className={cn(cell, 'font-mono tabular-nums', tone(pnl))}>{money(pnl)}</td>
      <SwapCell trade={trade} money={money} />
      <CommissionCell trade={trade} money={money} />
      <td className={cn(cell, 'text-muted')}>
        <CloseReason reason={trade.close_reason} />
      </td>
      <td className={cn(cell, 'text-muted')}><DateTime iso={trade.close_time} /></td>
      <td className={actionsCell}>
        <TradeDetailsButton trade={trade} currency={currency} />
      </td>
    </tr>
  );
}

/** A pending order as a card, for the narrow Active Orders panel. */
export function PendingOrderItem({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const p = usePricePrecision(trade.asset_id);
  return (
    <li className="border-b border-line/60 py-2 text-xs" data-testid="order-row" data-trade-id={trade.id}>
      <div className="flex items-center gap-2">
        <span className="font-medium">{trade.asset_symbol}</span>
        <span className={cn('font-semibold uppercase', trade.trade_type === 'buy' ? 'text-up' : 'text-down')}>
          {t(sideWord(trade, true))}
        </span>
        <span className="ms-auto flex">
          <EditTargetsButton trade={trade} reference={trade.opening_price} />
          <CancelOrderButton trade={trade} />
        </span>
      </div>
      <p className="mt-0.5 font-mono tabular-nums">
        {t('{{lots}} lots @ {{price}}', { lots: trade.lots, price: priceText(trade.opening_price, p) })}
      </p>
      <p className="text-muted tabular-nums">
        {levels(trade, p)} · <DateTime iso={trade.created_at} />
      </p>
    </li>
  );
}

/** A closed trade as a card, for the narrow Trading History panel. */
export function HistoryItem({ trade, currency }: { trade: Trade; currency: string }) {
  const { t } = useTranslation();
  const money = useDisplayMoney(currency);
  const p = usePricePrecision(trade.asset_id);
  const pnl = Number(trade.pnl);
  return (
    <li className="border-b border-line/60 py-2 text-xs" data-testid="history-row" data-trade-id={trade.id}>
      <div className="flex items-center gap-2">
        <span className="font-medium">{trade.asset_symbol}</span>
        <span className={cn('font-semibold uppercase', trade.trade_type === 'buy' ? 'text-up' : 'text-down')}>{t(sideWord(trade))}</span>
        <PlacedByTag trade={trade} />
        <span className={cn('ms-auto font-mono tabular-nums', tone(pnl))}>{money(pnl)}</span>
        <TradeDetailsButton trade={trade} currency={currency} />
      </div>
      <p className="mt-0.5 font-mono tabular-nums">
        {t('{{lots}} lots {{open}} → {{close}}', { lots: trade.lots, open: priceText(trade.opening_price, p), close: priceText(trade.closing_price, p) })}
      </p>
      <p className="text-muted">
        <CloseReason reason={trade.close_reason} /> · <DateTime iso={trade.close_time} />
      </p>
    </li>
  );
}

/** An open position as a card with its live P&L, for the narrow Active Orders panel. */
export const OpenPositionItem = memo(function OpenPositionItem({ trade, currency }: { trade: Trade; currency: string }) {
  const { t } = useTranslation();
  const live = useLiveTrade(trade, currency);
  const money = useDisplayMoney(currency);
  const p = usePricePrecision(trade.asset_id);
  const pnl = live?.pnl ?? Number(trade.pnl);
  return (
    <li className="border-b border-line/60 py-2 text-xs" data-testid="position-item" data-shortcut="position" data-trade-id={trade.id}>
      <div className="flex items-center gap-2">
        <span className="font-medium">{trade.asset_symbol}</span>
        <span className={cn('font-semibold uppercase', trade.trade_type === 'buy' ? 'text-up' : 'text-down')}>{t(sideWord(trade))}</span>
        <PlacedByTag trade={trade} />
        <span className={cn('ms-auto font-mono tabular-nums', tone(pnl))}>{money(pnl)}</span>
        <span className="flex">
          <TradeDetailsButton trade={trade} currency={currency} />
          <EditTargetsButton trade={trade} reference={live?.closingPrice ?? null} />
          <ClosePositionButton trade={trade} />
        </span>
      </div>
      <p className="mt-0.5 font-mono tabular-nums">
        {t('{{lots}} lots {{open}} → {{close}}', { lots: trade.lots, open: priceText(trade.opening_price, p), close: priceText(live?.closingPrice, p) })}
      </p>
      <p className="text-muted tabular-nums">
        {levels(trade, p)} · <DateTime iso={trade.open_time} />
      </p>
    </li>
  );
});

import type { ModifyTradeRequest, Trade } from '@bourse/contract';

/** What a line on the chart marks: a position's or order's entry, or one of its levels. */
export type TradeLineKind = 'entry' | 'tp' | 'sl';

/** A line the chart draws for a trade; `draggable` ones move the level they mark. */
export type TradeLine = {
  key: string;
  trade: Trade;
  kind: TradeLineKind;
  price: number;
  /** A pending order's entry, and every take-profit and stop-loss, can be dragged to a new price. */
  draggable: boolean;
};

/**
 * The lines of the account's open positions and pending orders on `assetId`: each entry (an open
 * position's fixed, a pending order's movable), and each take-profit and stop-loss.
 */
export function tradeLines(trades: readonly Trade[], assetId: number | null): TradeLine[] {
  const lines: TradeLine[] = [];
  for (const trade of trades) {
    if (trade.asset_id !== assetId || (trade.status !== 'open' && trade.status !== 'pending') || trade.opening_price === null) continue;
    lines.push({ key: `entry-${trade.id}`, trade, kind: 'entry', price: trade.opening_price, draggable: trade.status === 'pending' });
    if (trade.take_profit !== null) lines.push({ key: `tp-${trade.id}`, trade, kind: 'tp', price: trade.take_profit, draggable: true });
    if (trade.stop_loss !== null) lines.push({ key: `sl-${trade.id}`, trade, kind: 'sl', price: trade.stop_loss, draggable: true });
  }
  return lines;
}

/** The PATCH /trade/{id} body that moves `line` to `price`. */
export function movePatch(line: Pick<TradeLine, 'kind'>, price: number): ModifyTradeRequest {
  if (line.kind === 'tp') return { take_profit: price };
  if (line.kind === 'sl') return { stop_loss: price };
  return { price };
}

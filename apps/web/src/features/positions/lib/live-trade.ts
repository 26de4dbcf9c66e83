import type { Trade } from '@bourse/contract';
import { closingPrice, markedQuote, pnl, type BidAsk } from '@bourse/domain';

/** Where an open trade would close now and its P&L there (SPEC §4: a tick sets closing_price and recomputes pnl). */
export type LiveFigures = { closingPrice: number; pnl: number };

/**
 * Live figures of an open trade at the instrument's `quote` widened by the trade's markup (buys close
 * at the bid, sells at the ask), in the account currency through `conversion`; null when either is unknown.
 */
export function liveFigures(trade: Pick<Trade, 'trade_type' | 'volume' | 'opening_price'> & { markup?: number }, quote: BidAsk | null, conversion: number | null): LiveFigures | null {
  if (!quote || conversion === null || trade.opening_price === null) return null;
  const close = closingPrice(trade.trade_type, markedQuote(quote, trade.markup ?? 0));
  return { closingPrice: close, pnl: pnl({ side: trade.trade_type, units: trade.volume, openPrice: trade.opening_price, closePrice: close, conversion }) };
}

/** The server's figures of a trade, for before its instrument has ticked. */
export function serverFigures(trade: Pick<Trade, 'closing_price' | 'pnl'>): LiveFigures | null {
  return trade.closing_price === null ? null : { closingPrice: trade.closing_price, pnl: Number(trade.pnl) };
}

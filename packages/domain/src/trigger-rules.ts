import type { Side } from './pnl.ts';

/** How a pending order enters: a limit waits for a better price, a stop for a breakout. */
export type PendingKind = 'limit' | 'stop';

/** Bid and ask at one moment. */
export type BidAsk = { bid: number; ask: number };

/** Which of a trade's protective levels sit on the wrong side of `reference`. */
export type TargetProblems = { takeProfit: boolean; stopLoss: boolean };

/**
 * A buy's take-profit must be above and its stop-loss below `reference` (the fill, or the current
 * closing price when modifying an open trade); a sell's the other way round. 0 or null means unset.
 */
export function targetProblems(side: Side, reference: number, takeProfit?: number | null, stopLoss?: number | null): TargetProblems {
  const tp = takeProfit || null;
  const sl = stopLoss || null;
  return side === 'buy'
    ? { takeProfit: tp !== null && tp <= reference, stopLoss: sl !== null && sl >= reference }
    : { takeProfit: tp !== null && tp >= reference, stopLoss: sl !== null && sl <= reference };
}

/**
 * Pending entry sides: buy limit below the market (the ask), buy stop above it; sell limit above
 * the market (the bid), sell stop below it. True when `price` is on the allowed side.
 */
export function pendingPriceAllowed(side: Side, kind: PendingKind, price: number, market: BidAsk): boolean {
  if (side === 'buy') return kind === 'limit' ? price < market.ask : price > market.ask;
  return kind === 'limit' ? price > market.bid : price < market.bid;
}

/** Whether a take-profit fires: a buy closes at the bid, so when bid ≥ level; a sell when ask ≤ level. */
export function takeProfitHit(side: Side, level: number, quote: BidAsk): boolean {
  return side === 'buy' ? quote.bid >= level : quote.ask <= level;
}

/** Whether a stop-loss fires: a buy when bid ≤ level; a sell when ask ≥ level. */
export function stopLossHit(side: Side, level: number, quote: BidAsk): boolean {
  return side === 'buy' ? quote.bid <= level : quote.ask >= level;
}

/** Whether a pending order's entry price is reached (buys watch the ask, sells the bid). */
export function pendingHit(side: Side, kind: PendingKind, price: number, quote: BidAsk): boolean {
  if (side === 'buy') return kind === 'limit' ? quote.ask <= price : quote.ask >= price;
  return kind === 'limit' ? quote.bid >= price : quote.bid <= price;
}

/**
 * Moves a trailing stop `distance` behind the best closing price seen: a buy's stop only rises
 * (bid − distance), a sell's only falls (ask + distance). Returns the stop, unchanged when it
 * would move against the trade.
 */
export function trailStop(side: Side, stop: number | null, distance: number, quote: BidAsk): number {
  if (side === 'buy') {
    const candidate = quote.bid - distance;
    return stop === null ? candidate : Math.max(stop, candidate);
  }
  const candidate = quote.ask + distance;
  return stop === null ? candidate : Math.min(stop, candidate);
}

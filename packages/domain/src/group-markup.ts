import { roundPrice } from './pnl.ts';

/** A group's markup: points on each side of the quote, by asset class or instrument symbol. */
export type MarkupMap = Readonly<Record<string, number>>;

/**
 * The price distance a group adds on each side of an instrument's quote: the points named for its
 * symbol, else for its asset class, else none; one point is 10^-digits.
 */
export function markupDistance(markup: MarkupMap, instrument: { symbol: string; category: string; digits: number }): number {
  const points = markup[instrument.symbol] ?? markup[instrument.category] ?? 0;
  return points > 0 ? roundPrice(points / 10 ** instrument.digits) : 0;
}

/**
 * The quote a customer with a markup trades at: the bid lowered and the ask raised by `distance`.
 * Without one, the quote itself (no copy on the hot path).
 */
export function markedQuote<Q extends { bid: number; ask: number }>(quote: Q, distance: number): Q {
  if (!(distance > 0)) return quote;
  return { ...quote, bid: roundPrice(quote.bid - distance), ask: roundPrice(quote.ask + distance) };
}

/** A price an order of `side` got at a venue, moved by the group's markup: buys pay more, sells receive less. */
export function markedPrice(side: 'buy' | 'sell', price: number, distance: number): number {
  if (!(distance > 0)) return price;
  return roundPrice(side === 'buy' ? price + distance : price - distance);
}

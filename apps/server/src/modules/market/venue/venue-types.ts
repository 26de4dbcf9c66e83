/** An order for a liquidity provider: IOC or FOK, so it is done (filled, part-filled or refused) as soon as it arrives. */
export type VenueOrder = {
  /** Unique per order, for good: the provider answers a repeated ClOrdID with the first order's state. */
  clOrdId: string;
  /** As the provider names it. */
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  /** The worst price accepted (a limit order); null sends a market order, at whatever the provider's price is. */
  limitPrice: number | null;
  timeInForce: 'IOC' | 'FOK';
};

/**
 * Where an order ended up. 'partial' is a part-fill whose rest the provider cancelled; 'rejected'
 * filled nothing. 'unknown' means no final answer came in time: the order may or may not have traded,
 * and only asking the provider about the same ClOrdID (FixVenue.status) settles it.
 */
export type VenueResult = {
  status: 'filled' | 'partial' | 'rejected' | 'unknown';
  filledQuantity: number;
  /** Of the filled quantity; null when nothing filled. */
  averagePrice: number | null;
  text?: string;
};

/**
 * Price sources other than the simulator (recorded tick files, FIX liquidity providers, crypto
 * exchanges) deliver raw quotes through this interface. The market runtime passes each quote
 * through the quote filter, the failover router and the instrument's markup before it becomes the
 * customer's price.
 */

/** One top-of-book quote from a source, in the source's own symbol. */
export type RawQuote = {
  /** The source's symbol (mapped to an instrument by the feed configuration). */
  symbol: string;
  bid: number;
  ask: number;
  bidSize?: number;
  askSize?: number;
  /** Time of the quote at the source, ms since epoch. */
  at: number;
};

/** Why a quote was dropped before anything could fill at it. */
export type DropReason = 'invalid' | 'crossed' | 'spike' | 'closed' | 'unknown_symbol';

/** What a source reports about itself, for failover and the back office's health view. */
export type SourceStatus = 'connecting' | 'connected' | 'disconnected' | 'ended';

export type FeedListener = {
  quote(q: RawQuote): void;
  status(s: SourceStatus, detail?: string): void;
};

export interface PriceFeed {
  /** Unique name from the configuration, e.g. `lp1` or `eurusd-replay`. */
  readonly name: string;
  /** The kind of source: `replay`, `fix`, `exchange`. */
  readonly kind: string;
  start(listener: FeedListener): void;
  stop(): Promise<void>;
  /** Messages or frames from the source that could not be read, and were dropped. */
  readonly malformed?: number;
  /** The source's book of a symbol, best first, where it sends one. */
  depth?(symbol: string): { bids: { price: number; size: number }[]; asks: { price: number; size: number }[] } | null;
}

/**
 * The server's own prices, which every fill, margin and trigger is computed from. The market
 * module implements it (simulator by default); the trading engine and risk engine consume it.
 */
export type Quote = {
  assetId: number;
  /** Mid price. */
  price: number;
  /** price × (1 − sell_spread): where sells fill and buys close. */
  bid: number;
  /** price × (1 + buy_spread): where buys fill and sells close. */
  ask: number;
  /** Server time of the tick, ms since epoch. */
  ts: number;
};

export interface PriceSource {
  /** The latest quote, or null when the instrument is unknown or has not ticked yet. */
  quote(assetId: number): Quote | null;
  /** Called synchronously for every tick, before coalescing for clients. Returns an unsubscribe. */
  onTick(listener: (quote: Quote) => void): () => void;
  /** Whether the instrument's market is open at `at` (SPEC §9 trading hours). */
  isOpen(assetId: number, at?: Date): boolean;
  /**
   * Whether the feed has gone quiet for longer than allowed: its last prices may be far from the
   * market, so nothing fills at market until fresh ticks arrive (triggers wait for those ticks).
   * With `assetId`, also whether that instrument's own source has: one priced by an outside source
   * can go quiet while the simulator goes on ticking the rest.
   */
  stalled(now?: number, assetId?: number): boolean;
}

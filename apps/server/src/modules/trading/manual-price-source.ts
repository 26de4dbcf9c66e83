import type { PriceSource, Quote } from '../market/price-source.ts';

/**
 * A price source whose prices are set explicitly: deterministic tests, benchmarks and tools that
 * replay prices. `set` publishes a tick to listeners at once, as a live feed would.
 */
export class ManualPriceSource implements PriceSource {
  readonly #quotes = new Map<number, Quote>();
  readonly #closed = new Set<number>();
  readonly #listeners = new Set<(quote: Quote) => void>();

  /** Publishes a tick: `bid`/`ask` default to `price` (no spread). */
  set(assetId: number, price: number, spread: { bid?: number; ask?: number } = {}): Quote {
    const quote: Quote = { assetId, price, bid: spread.bid ?? price, ask: spread.ask ?? price, ts: Date.now() };
    this.#quotes.set(assetId, quote);
    for (const listener of this.#listeners) listener(quote);
    return quote;
  }

  setOpen(assetId: number, open: boolean): void {
    if (open) this.#closed.delete(assetId);
    else this.#closed.add(assetId);
  }

  quote(assetId: number): Quote | null {
    return this.#quotes.get(assetId) ?? null;
  }

  onTick(listener: (quote: Quote) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  isOpen(assetId: number): boolean {
    return !this.#closed.has(assetId);
  }

  /** Prices set by hand are as fresh as whoever sets them says. */
  stalled(): boolean {
    return false;
  }
}

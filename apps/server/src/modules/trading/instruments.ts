import type { AssetCategory } from '@bourse/contract';
import type { PriceSource } from '../market/price-source.ts';

/** What the trading engine needs to know about an instrument of the catalogue. */
export type Instrument = {
  id: number;
  symbol: string;
  name: string;
  category: AssetCategory;
  /** Units per lot. */
  contractSize: number;
  /** The instrument's leverage, also its maximum; null when the catalogue names none. */
  leverage: number | null;
  /** Currency prices are quoted in (USD for BTC/USD, JPY for USD/JPY). */
  quoteCurrency: string;
};

/** Looks instruments up; the market module's catalogue implements it on the `assets` table. */
export interface InstrumentCatalog {
  get(assetId: number): Promise<Instrument | null>;
  /** The instrument quoting `base` in `quote` (e.g. EUR, USD → EUR/USD), for currency conversion. */
  pair(base: string, quote: string): Promise<Instrument | null>;
}

/** A catalogue held in memory: instruments registered by hand (tests, benchmarks, embedding). */
export class MemoryInstrumentCatalog implements InstrumentCatalog {
  readonly #byId = new Map<number, Instrument>();
  constructor(instruments: Instrument[] = []) {
    for (const i of instruments) this.add(i);
  }
  add(instrument: Instrument): void {
    this.#byId.set(instrument.id, instrument);
  }
  async get(assetId: number): Promise<Instrument | null> {
    return this.#byId.get(assetId) ?? null;
  }
  async pair(base: string, quote: string): Promise<Instrument | null> {
    const wanted = `${base}${quote}`.toUpperCase();
    for (const i of this.#byId.values()) if (i.symbol.replace(/[^A-Za-z]/g, '').toUpperCase() === wanted) return i;
    return null;
  }
}

/**
 * Account-currency value of one unit of `quoteCurrency`, from the mid price of the pair linking the
 * two (direct or inverse); 1 when they are the same; null when no priced pair links them.
 */
export async function conversionRate(catalog: InstrumentCatalog, prices: PriceSource, quoteCurrency: string, accountCurrency: string): Promise<number | null> {
  if (quoteCurrency.toUpperCase() === accountCurrency.toUpperCase()) return 1;
  const direct = await catalog.pair(quoteCurrency, accountCurrency);
  const directQuote = direct ? prices.quote(direct.id) : null;
  if (directQuote && directQuote.price > 0) return directQuote.price;
  const inverse = await catalog.pair(accountCurrency, quoteCurrency);
  const inverseQuote = inverse ? prices.quote(inverse.id) : null;
  if (inverseQuote && inverseQuote.price > 0) return 1 / inverseQuote.price;
  return null;
}

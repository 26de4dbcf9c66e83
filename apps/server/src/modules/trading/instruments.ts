import type { AssetCategory, AssetSubcategory } from '@bourse/contract';
import type { PriceSource } from '../market/price-source.ts';

/** What the trading engine needs to know about an instrument of the catalogue. */
export type Instrument = {
  id: number;
  symbol: string;
  name: string;
  category: AssetCategory;
  /** The catalogue's finer class (an ETF among indices is a fund, not an index, to the regulators); absent when unknown. */
  subcategory?: AssetSubcategory;
  /** Units per lot. */
  contractSize: number;
  /** The instrument's leverage, also its maximum; null when the catalogue names none. */
  leverage: number | null;
  /** Currency prices are quoted in (USD for BTC/USD, JPY for USD/JPY). */
  quoteCurrency: string;
  /** Decimals of its prices: levels and pending prices with more are refused. */
  digits: number;
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

/** The pair whose price converts `quoteCurrency` into the account's: rate = price, or 1 / price when inverted. */
export type RateSource = { assetId: number; invert: boolean };

/** The priced pairs linking two currencies, direct first; empty when they are the same currency. */
async function rateSources(catalog: InstrumentCatalog, quoteCurrency: string, accountCurrency: string): Promise<RateSource[]> {
  const direct = await catalog.pair(quoteCurrency, accountCurrency);
  const inverse = await catalog.pair(accountCurrency, quoteCurrency);
  return [...(direct ? [{ assetId: direct.id, invert: false }] : []), ...(inverse ? [{ assetId: inverse.id, invert: true }] : [])];
}

/** The rate a source gives at the current quote, or null without a price. */
export function rateFrom(source: RateSource, prices: Pick<PriceSource, 'quote'>): number | null {
  const quote = prices.quote(source.assetId);
  if (!quote || !(quote.price > 0)) return null;
  return source.invert ? 1 / quote.price : quote.price;
}

/** The first linking pair that has a price now, for the risk book to re-read the rate at every check. */
export async function conversionSource(catalog: InstrumentCatalog, prices: PriceSource, quoteCurrency: string, accountCurrency: string): Promise<RateSource | null> {
  if (quoteCurrency.toUpperCase() === accountCurrency.toUpperCase()) return null;
  return (await rateSources(catalog, quoteCurrency, accountCurrency)).find((s) => rateFrom(s, prices) !== null) ?? null;
}

/**
 * Account-currency value of one unit of `quoteCurrency`, from the mid price of the pair linking the
 * two (direct or inverse); 1 when they are the same; null when no priced pair links them.
 */
export async function conversionRate(catalog: InstrumentCatalog, prices: PriceSource, quoteCurrency: string, accountCurrency: string): Promise<number | null> {
  if (quoteCurrency.toUpperCase() === accountCurrency.toUpperCase()) return 1;
  const source = await conversionSource(catalog, prices, quoteCurrency, accountCurrency);
  return source ? rateFrom(source, prices) : null;
}

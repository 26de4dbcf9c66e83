/**
 * Leverage ceilings that regulators set for retail clients' CFDs, by preset, and the class of
 * instrument each ceiling applies to. ESMA's product-intervention measures (Decision (EU) 2018/796,
 * made permanent by the national regulators), the FCA's COBS 22.5.13 and ASIC's product intervention
 * order (2021) share one table: 30:1 major currency pairs; 20:1 other pairs, gold and major indices;
 * 10:1 other commodities and other indices; 5:1 shares and any other underlying; 2:1 crypto-assets.
 */

/** The operator's choice of ceilings; `none` applies no ceiling. */
export const leveragePresets = ['esma', 'fca', 'asic', 'none'] as const;
export type LeveragePreset = (typeof leveragePresets)[number];

/** The classes of underlying the regulators' tables name, one ceiling each. */
export const regulatoryClasses = ['major_currency_pair', 'other_currency_pair', 'gold', 'major_index', 'other_commodity', 'other_index', 'share', 'crypto'] as const;
export type RegulatoryClass = (typeof regulatoryClasses)[number];

const CFD_RETAIL_CEILINGS: Readonly<Record<RegulatoryClass, number>> = Object.freeze({
  major_currency_pair: 30,
  other_currency_pair: 20,
  gold: 20,
  major_index: 20,
  other_commodity: 10,
  other_index: 10,
  share: 5,
  crypto: 2,
});

/** Each preset's ceiling per class (1:N), null for `none`. */
export const presetCeilings: Readonly<Record<LeveragePreset, Readonly<Record<RegulatoryClass, number>> | null>> = Object.freeze({
  esma: CFD_RETAIL_CEILINGS,
  // COBS 22.5.13 R: the same figures as ESMA's.
  fca: CFD_RETAIL_CEILINGS,
  // ASIC Corporations (Product Intervention Order—Contracts for Difference) Instrument 2020/986.
  asic: CFD_RETAIL_CEILINGS,
  none: null,
});

/** ESMA's major currencies: a pair of two of them is a major pair. */
export const MAJOR_CURRENCIES: readonly string[] = ['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF'];

/**
 * ESMA's major indices (FTSE 100, CAC 40, DAX, Dow Jones Industrial Average, S&P 500, NASDAQ-100,
 * NASDAQ Composite, Nikkei 225, S&P/ASX 200, EURO STOXX 50) under the symbols brokers list them by,
 * upper case without punctuation. The catalogue's own are UK100, FRA40, GER40, US30, US500,
 * US100, JPN225, AUS200 and EU50.
 */
export const MAJOR_INDEX_SYMBOLS: ReadonlySet<string> = new Set([
  'UK100', 'FTSE100', 'UKX',
  'FRA40', 'FR40', 'F40', 'CAC40', 'PX1',
  'GER40', 'GER30', 'DE40', 'DE30', 'DAX', 'DAX40', 'DAX30',
  'US30', 'DJ30', 'DJI', 'DJIA', 'WS30',
  'US500', 'SPX500', 'SPX', 'SP500',
  'US100', 'NAS100', 'NDX', 'USTEC', 'NASDAQ100',
  'IXIC', 'NASCOMP',
  'JPN225', 'JP225', 'NI225', 'N225', 'NIKKEI225',
  'AUS200', 'AU200', 'ASX200', 'XJO',
  'EU50', 'EUSTX50', 'STOXX50', 'STOXX50E', 'SX5E',
]);

/** What places an instrument in a class: its asset category (the site's leverage map keys), symbol, and sub-category when known. */
export type ClassifiedInstrument = {
  category: 'cryptos' | 'stocks' | 'indices' | 'commodities' | 'metals' | 'forex';
  symbol: string;
  /** The catalogue's sub-category (`etf` marks an exchange-traded fund listed among indices). */
  subcategory?: string | null;
};

const plain = (symbol: string) => symbol.toUpperCase().replace(/[^A-Z0-9]/g, '');

function currencyPairClass(symbol: string): RegulatoryClass {
  const letters = symbol.toUpperCase().replace(/[^A-Z]/g, '');
  if (letters.length !== 6) return 'other_currency_pair';
  const [base, quote] = [letters.slice(0, 3), letters.slice(3)];
  return base !== quote && MAJOR_CURRENCIES.includes(base) && MAJOR_CURRENCIES.includes(quote) ? 'major_currency_pair' : 'other_currency_pair';
}

/**
 * The regulators' class of an instrument. Gold is XAU against any currency (or GOLD); every other
 * metal and commodity is "other commodity". An index is major when its symbol is one of
 * MAJOR_INDEX_SYMBOLS. An ETF is no index but "another underlying", with shares.
 */
export function regulatoryClassOf(instrument: ClassifiedInstrument): RegulatoryClass {
  switch (instrument.category) {
    case 'forex':
      return currencyPairClass(instrument.symbol);
    case 'cryptos':
      return 'crypto';
    case 'stocks':
      return 'share';
    case 'metals': {
      const symbol = plain(instrument.symbol);
      return symbol.startsWith('XAU') || symbol === 'GOLD' ? 'gold' : 'other_commodity';
    }
    case 'commodities':
      return 'other_commodity';
    case 'indices':
      if (instrument.subcategory === 'etf') return 'share';
      return MAJOR_INDEX_SYMBOLS.has(plain(instrument.symbol)) ? 'major_index' : 'other_index';
  }
}

/** The most leverage a retail client may have on the instrument under the preset, or null when the preset sets none. */
export function presetCeiling(preset: LeveragePreset, instrument: ClassifiedInstrument): number | null {
  const table = presetCeilings[preset];
  return table ? table[regulatoryClassOf(instrument)] : null;
}

/** The client categories of MiFID II: retail clients have the regulators' protections, professional ones opted out of them. */
export const clientCategories = ['retail', 'professional'] as const;
export type ClientCategory = (typeof clientCategories)[number];

/**
 * The ceiling that applies to a client: the preset's for a retail client, none for a professional
 * one (whose plan and group ceilings still apply).
 */
export function clientCeiling(preset: LeveragePreset, category: ClientCategory, instrument: ClassifiedInstrument): number | null {
  return category === 'retail' ? presetCeiling(preset, instrument) : null;
}

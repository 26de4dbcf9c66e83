import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AssetSubcategory, AssetType } from '@bourse/contract';
import { hashString } from './prng.ts';
import {
  agriculture,
  cryptoPairs,
  energy,
  forexExotics,
  forexMajors,
  forexMinors,
  industrialMetals,
  preciousMetals,
  stockIndices,
  type Futures,
  type FxPair,
} from './instruments.data.ts';

/** One instrument as the catalogue defines it, before the database gives it an id. */
export type InstrumentDef = {
  symbol: string;
  name: string;
  symbolDisplay: string;
  sy: string;
  type: AssetType;
  category: AssetSubcategory;
  tvSymbol: string;
  quoteCurrency: string;
  digits: number;
  contractSize: number;
  leverage: number;
  buySpread: number;
  sellSpread: number;
  refPrice: number;
  priceDerived: boolean;
};

const dataDir = path.join(import.meta.dirname, 'data');

/** Per sub-category trading terms: spread on each side of mid (fraction) and leverage. */
const terms: Record<AssetSubcategory, { spread: number; leverage: number }> = {
  major: { spread: 0.00004, leverage: 100 },
  minor: { spread: 0.0001, leverage: 100 },
  exotic: { spread: 0.0004, leverage: 50 },
  crypto: { spread: 0.0008, leverage: 10 },
  stock: { spread: 0.0005, leverage: 20 },
  etf: { spread: 0.0004, leverage: 20 },
  index: { spread: 0.0001, leverage: 50 },
  energy: { spread: 0.0003, leverage: 50 },
  agriculture: { spread: 0.0005, leverage: 50 },
  precious: { spread: 0.0002, leverage: 100 },
  industrial: { spread: 0.0005, leverage: 50 },
};

/** Price precision: forex by convention (5, or 3 for prices above 10), others by magnitude. */
export function digitsFor(type: AssetType, price: number): number {
  if (type === 'forex') return price < 10 ? 5 : price < 1000 ? 3 : 2;
  if (type === 'stocks' || type === 'indices') return 2;
  if (price >= 1) return price < 10 ? 4 : 2;
  if (price >= 0.01) return 5;
  return 8;
}

function def(
  d: Omit<InstrumentDef, 'digits' | 'leverage' | 'buySpread' | 'sellSpread' | 'priceDerived'> & { priceDerived?: boolean },
): InstrumentDef {
  const t = terms[d.category];
  return {
    ...d,
    digits: digitsFor(d.type, d.refPrice),
    leverage: t.leverage,
    buySpread: t.spread,
    sellSpread: t.spread,
    priceDerived: d.priceDerived ?? false,
  };
}

function fx(category: AssetSubcategory) {
  return ([base, quote, price]: FxPair): InstrumentDef =>
    def({
      symbol: `${base}${quote}`,
      name: `${base}/${quote}`,
      symbolDisplay: `${base}/${quote}`,
      sy: `${base}/${quote}`,
      type: 'forex',
      category,
      tvSymbol: `FX:${base}${quote}`,
      quoteCurrency: quote,
      contractSize: 100_000,
      refPrice: price,
    });
}

function futures(type: AssetType, category: AssetSubcategory) {
  return ([symbol, name, price, contractSize, tvSymbol]: Futures): InstrumentDef =>
    def({
      symbol,
      name,
      symbolDisplay: symbol,
      sy: symbol,
      type,
      category,
      tvSymbol,
      quoteCurrency: symbol.endsWith('EUR') ? 'EUR' : 'USD',
      contractSize,
      refPrice: price,
    });
}

/** Splits a CSV text into rows of fields (RFC 4180 quoting). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

function readCsv(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(path.join(dataDir, file), 'utf8'));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/** A plausible price from the symbol alone, log-uniform between `min` and `max`: the same every run. */
export function derivedPrice(symbol: string, min: number, max: number): number {
  const u = hashString(symbol, 0x5eed) / 4294967296;
  return Math.round(Math.exp(Math.log(min) + u * (Math.log(max) - Math.log(min))) * 100) / 100;
}

function stock(symbol: string, name: string, exchange: string, price: number, priceDerived: boolean, category: 'stock' | 'etf'): InstrumentDef {
  return def({
    symbol,
    name,
    symbolDisplay: symbol,
    sy: symbol,
    type: category === 'etf' ? 'indices' : 'stocks',
    category,
    tvSymbol: `${exchange}:${symbol}`,
    quoteCurrency: 'USD',
    contractSize: 1,
    refPrice: price,
    priceDerived,
  });
}

const LEVERAGED_ETF = /\b(\d+(\.\d+)?x|bear|bull|daily|leveraged|inverse|ultra\w*|short)\b/i;
const COMMON_SHARES = /common stock|ordinary share|common share/i;

function equities(): InstrumentDef[] {
  const nasdaq = readCsv('nasdaq-listed-symbols.csv').filter((r) => r['Test Issue'] === 'N');
  const onNasdaq = new Set(nasdaq.map((r) => r.Symbol));
  const sp500 = readCsv('sp500-constituents-financials.csv').filter((r) => r.Symbol);
  const out = sp500.map((r) => {
    const listed = Number(r.Price);
    const low = Number(r['52 Week Low']);
    const high = Number(r['52 Week High']);
    const price = listed > 0 ? listed : low > 0 && high > 0 ? Math.round(Math.sqrt(low * high) * 100) / 100 : derivedPrice(r.Symbol!, 20, 400);
    return stock(r.Symbol!, r.Name!, onNasdaq.has(r.Symbol!) ? 'NASDAQ' : 'NYSE', price, !(listed > 0), 'stock');
  });
  const inSp500 = new Set(out.map((s) => s.symbol));
  for (const r of nasdaq) {
    if (inSp500.has(r.Symbol!)) continue;
    if (r.ETF === 'N' && r['Market Category'] === 'Q' && r['Financial Status'] === 'N' && COMMON_SHARES.test(r['Security Name']!)) {
      out.push(stock(r.Symbol!, r['Company Name']!, 'NASDAQ', derivedPrice(r.Symbol!, 5, 400), true, 'stock'));
    }
  }
  for (const r of nasdaq) {
    if (r.ETF === 'Y' && !LEVERAGED_ETF.test(r['Security Name']!)) {
      out.push(stock(r.Symbol!, r['Security Name']!, 'NASDAQ', derivedPrice(r.Symbol!, 10, 300), true, 'etf'));
    }
  }
  return out;
}

function nonEquities(): InstrumentDef[] {
  return [
    ...forexMajors.map(fx('major')),
    ...forexMinors.map(fx('minor')),
    ...forexExotics.map(fx('exotic')),
    ...cryptoPairs.map(([base, quote, price, tvSymbol, name]) =>
      def({
        symbol: `${base}${quote}`,
        name: quote === 'USD' ? name : `${name} / ${quote}`,
        symbolDisplay: `${base}/${quote}`,
        sy: `${base}/${quote}`,
        type: 'crypto',
        category: 'crypto',
        tvSymbol,
        quoteCurrency: quote,
        contractSize: 1,
        refPrice: price,
      }),
    ),
    ...stockIndices.map(([symbol, name, price, quoteCurrency, tvSymbol]) =>
      def({ symbol, name, symbolDisplay: symbol, sy: symbol, type: 'indices', category: 'index', tvSymbol, quoteCurrency, contractSize: 1, refPrice: price }),
    ),
    ...energy.map(futures('commodities', 'energy')),
    ...agriculture.map(futures('commodities', 'agriculture')),
    ...preciousMetals.map(futures('metals', 'precious')),
    ...industrialMetals.map(futures('metals', 'industrial')),
  ];
}

let cached: InstrumentDef[] | null = null;

/**
 * The whole catalogue in a fixed order (forex, crypto, indices, commodities, metals, S&P 500,
 * NASDAQ stocks, ETFs). Symbols are unique: a later duplicate is dropped.
 */
export function catalogue(): InstrumentDef[] {
  if (cached) return cached;
  const bySymbol = new Map<string, InstrumentDef>();
  for (const d of [...nonEquities(), ...equities()]) if (!bySymbol.has(d.symbol)) bySymbol.set(d.symbol, d);
  cached = [...bySymbol.values()];
  return cached;
}

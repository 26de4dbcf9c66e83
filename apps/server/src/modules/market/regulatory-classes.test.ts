import { describe, expect, it } from 'vitest';
import { leverageCategoryOf } from '@bourse/contract';
import { presetCeiling, regulatoryClassOf } from '@bourse/domain';
import { catalogue } from './catalogue.ts';

/** The regulators' class of every instrument the catalogue ships, as the order path sees them. */
describe('regulatory classes of the catalogue', () => {
  const classified = catalogue().map((d) => ({ ...d, class: regulatoryClassOf({ category: leverageCategoryOf[d.type], symbol: d.symbol, subcategory: d.category }) }));
  const symbolsOf = (c: string) => classified.filter((d) => d.class === c).map((d) => d.symbol).sort();

  it("finds ESMA's major indices under the catalogue's symbols, and every other index is minor", () => {
    // FTSE 100, CAC 40, DAX, DJIA, S&P 500, NASDAQ-100, Nikkei 225, ASX 200, EURO STOXX 50 (the catalogue has no NASDAQ Composite).
    expect(symbolsOf('major_index')).toEqual(['AUS200', 'EU50', 'FRA40', 'GER40', 'JPN225', 'UK100', 'US100', 'US30', 'US500']);
    expect(classified.filter((d) => d.category === 'index' && d.class !== 'major_index').every((d) => d.class === 'other_index')).toBe(true);
  });

  it('makes major pairs exactly the pairs of two of USD, EUR, JPY, GBP, CAD, CHF', () => {
    expect(symbolsOf('major_currency_pair')).toEqual(['CADCHF', 'CADJPY', 'CHFJPY', 'EURCAD', 'EURCHF', 'EURGBP', 'EURJPY', 'EURUSD', 'GBPCAD', 'GBPCHF', 'GBPJPY', 'GBPUSD', 'USDCAD', 'USDCHF', 'USDJPY']);
    // AUD/USD and NZD/USD are majors by market convention, not by ESMA's list.
    expect(classified.find((d) => d.symbol === 'AUDUSD')!.class).toBe('other_currency_pair');
  });

  it('puts gold at 20, other metals and commodities at 10, ETFs and shares at 5, crypto at 2 under ESMA', () => {
    expect(symbolsOf('gold')).toEqual(['XAUEUR', 'XAUUSD']);
    const esma = (symbol: string) => {
      const d = classified.find((i) => i.symbol === symbol)!;
      return presetCeiling('esma', { category: leverageCategoryOf[d.type], symbol: d.symbol, subcategory: d.category });
    };
    expect([esma('XAUUSD'), esma('XAGUSD'), esma('USOIL'), esma('COPPER'), esma('QQQ'), esma('AAPL'), esma('BTCUSD')]).toEqual([20, 10, 10, 10, 5, 5, 2]);
    expect(classified.filter((d) => d.category === 'etf').every((d) => d.class === 'share')).toBe(true);
    expect(classified.filter((d) => d.type === 'crypto').every((d) => d.class === 'crypto')).toBe(true);
  });
});

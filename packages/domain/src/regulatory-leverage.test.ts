import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveLeverage } from './leverage.ts';
import {
  clientCeiling,
  type ClassifiedInstrument,
  leveragePresets,
  MAJOR_CURRENCIES,
  presetCeiling,
  presetCeilings,
  regulatoryClasses,
  regulatoryClassOf,
} from './regulatory-leverage.ts';

const fx = (symbol: string): ClassifiedInstrument => ({ category: 'forex', symbol });

describe('preset tables', () => {
  it('ESMA: 30 major pairs, 20 other pairs, gold and major indices, 10 other commodities and indices, 5 shares, 2 crypto', () => {
    expect(presetCeilings.esma).toEqual({
      major_currency_pair: 30,
      other_currency_pair: 20,
      gold: 20,
      major_index: 20,
      other_commodity: 10,
      other_index: 10,
      share: 5,
      crypto: 2,
    });
  });

  it('FCA (COBS 22.5) and ASIC use the same figures as ESMA; none has no table', () => {
    expect(presetCeilings.fca).toEqual(presetCeilings.esma);
    expect(presetCeilings.asic).toEqual(presetCeilings.esma);
    expect(presetCeilings.none).toBeNull();
  });

  it('gives every class a whole ceiling from 2 to 30 in every preset with a table', () => {
    for (const preset of leveragePresets) {
      const table = presetCeilings[preset];
      if (!table) continue;
      expect(Object.keys(table).sort()).toEqual([...regulatoryClasses].sort());
      for (const ceiling of Object.values(table)) expect(Number.isInteger(ceiling) && ceiling >= 2 && ceiling <= 30).toBe(true);
    }
  });

  it('cannot be changed at run time', () => {
    expect(() => {
      (presetCeilings.esma as Record<string, number>).share = 100;
    }).toThrow();
  });
});

describe('class of an instrument', () => {
  it('makes a pair of two of USD, EUR, JPY, GBP, CAD, CHF a major pair, in any spelling', () => {
    for (const s of ['EURUSD', 'EUR/USD', 'usdjpy', 'GBPCHF', 'CADJPY', 'EURGBP', 'USD.CAD']) expect(regulatoryClassOf(fx(s)), s).toBe('major_currency_pair');
  });

  it('makes a pair with any other currency, or an unreadable symbol, another pair', () => {
    for (const s of ['AUDUSD', 'NZDUSD', 'EURAUD', 'USDTRY', 'USDZAR', 'EURNOK', 'USDUSD', 'EURUSDX']) expect(regulatoryClassOf(fx(s)), s).toBe('other_currency_pair');
  });

  it('checks every pair of the six majors and no other', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MAJOR_CURRENCIES, 'AUD', 'NZD', 'SEK'), fc.constantFrom(...MAJOR_CURRENCIES, 'AUD', 'NZD', 'SEK'), (base, quote) => {
        const major = base !== quote && MAJOR_CURRENCIES.includes(base) && MAJOR_CURRENCIES.includes(quote);
        expect(regulatoryClassOf(fx(`${base}${quote}`))).toBe(major ? 'major_currency_pair' : 'other_currency_pair');
      }),
    );
  });

  it('tells gold from other metals and commodities', () => {
    expect(regulatoryClassOf({ category: 'metals', symbol: 'XAUUSD' })).toBe('gold');
    expect(regulatoryClassOf({ category: 'metals', symbol: 'XAUEUR' })).toBe('gold');
    expect(regulatoryClassOf({ category: 'metals', symbol: 'XAU/USD' })).toBe('gold');
    for (const s of ['XAGUSD', 'XPTUSD', 'COPPER']) expect(regulatoryClassOf({ category: 'metals', symbol: s }), s).toBe('other_commodity');
    for (const s of ['USOIL', 'NGAS', 'WHEAT']) expect(regulatoryClassOf({ category: 'commodities', symbol: s }), s).toBe('other_commodity');
  });

  it("places the catalogue's indices: ESMA's majors at 20, the others at 10, an ETF with shares", () => {
    for (const s of ['UK100', 'FRA40', 'GER40', 'US30', 'US500', 'US100', 'JPN225', 'AUS200', 'EU50', 'SPX500', 'DE40']) {
      expect(regulatoryClassOf({ category: 'indices', symbol: s, subcategory: 'index' }), s).toBe('major_index');
    }
    for (const s of ['US2000', 'ESP35', 'ITA40', 'HK50', 'SUI20', 'CN50', 'IND50', 'CA60', 'NL25']) {
      expect(regulatoryClassOf({ category: 'indices', symbol: s, subcategory: 'index' }), s).toBe('other_index');
    }
    expect(regulatoryClassOf({ category: 'indices', symbol: 'QQQ', subcategory: 'etf' })).toBe('share');
    // An ETF named like an index is still a fund.
    expect(regulatoryClassOf({ category: 'indices', symbol: 'SPX', subcategory: 'etf' })).toBe('share');
  });

  it('makes stocks shares and crypto crypto', () => {
    expect(regulatoryClassOf({ category: 'stocks', symbol: 'AAPL' })).toBe('share');
    expect(regulatoryClassOf({ category: 'cryptos', symbol: 'BTCUSD' })).toBe('crypto');
  });
});

describe('ceiling for a client', () => {
  const cases: [ClassifiedInstrument, number][] = [
    [fx('EURUSD'), 30],
    [fx('AUDUSD'), 20],
    [{ category: 'metals', symbol: 'XAUUSD' }, 20],
    [{ category: 'indices', symbol: 'US500' }, 20],
    [{ category: 'indices', symbol: 'HK50' }, 10],
    [{ category: 'commodities', symbol: 'USOIL' }, 10],
    [{ category: 'metals', symbol: 'XAGUSD' }, 10],
    [{ category: 'stocks', symbol: 'MSFT' }, 5],
    [{ category: 'cryptos', symbol: 'ETHUSD' }, 2],
  ];

  it('applies the preset to a retail client, none to a professional one, nothing under none', () => {
    for (const [instrument, ceiling] of cases) {
      for (const preset of ['esma', 'fca', 'asic'] as const) {
        expect(presetCeiling(preset, instrument), `${preset} ${instrument.symbol}`).toBe(ceiling);
        expect(clientCeiling(preset, 'retail', instrument)).toBe(ceiling);
        expect(clientCeiling(preset, 'professional', instrument)).toBeNull();
      }
      expect(presetCeiling('none', instrument)).toBeNull();
      expect(clientCeiling('none', 'retail', instrument)).toBeNull();
    }
  });

  it('caps the resolved leverage over a higher plan and category, never raises a lower one', () => {
    expect(resolveLeverage({ category: 100, asset: 100, plan: 500, instrumentMax: 100, planMax: 500, regulatoryMax: 30 })).toBe(30);
    expect(resolveLeverage({ category: 100, asset: 10, plan: 500, instrumentMax: 10, planMax: 500, regulatoryMax: 30 })).toBe(10);
    expect(resolveLeverage({ category: 100, instrumentMax: 10, regulatoryMax: 2, requested: 100 })).toBe(2);
    expect(resolveLeverage({ category: 100, instrumentMax: 100, regulatoryMax: null })).toBe(100);
  });
});

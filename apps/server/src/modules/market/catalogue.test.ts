import { describe, expect, it } from 'vitest';
import { assetSubcategories, assetTypes } from '@bourse/contract';
import { catalogue, derivedPrice, parseCsv } from './catalogue.ts';

describe('catalogue', () => {
  const all = catalogue();

  it('holds more than 2,000 instruments with unique symbols across the six types', () => {
    expect(all.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(all.map((d) => d.symbol)).size).toBe(all.length);
    expect(new Set(all.map((d) => d.symbolDisplay)).size).toBe(all.length);
    for (const type of assetTypes) expect(all.filter((d) => d.type === type).length, type).toBeGreaterThan(0);
    for (const category of assetSubcategories) expect(all.filter((d) => d.category === category).length, category).toBeGreaterThan(0);
  });

  it('has the SPEC defaults and every S&P 500 constituent', () => {
    expect(all.find((d) => d.tvSymbol === 'BITSTAMP:BTCUSD')).toMatchObject({ symbolDisplay: 'BTC/USD', sy: 'BTC/USD', type: 'crypto' });
    expect(all.find((d) => d.sy === 'AUD/JPY')).toMatchObject({ type: 'forex', quoteCurrency: 'JPY', digits: 3, contractSize: 100_000 });
    expect(all.find((d) => d.symbol === 'AAPL')).toMatchObject({ type: 'stocks', tvSymbol: 'NASDAQ:AAPL', refPrice: 309.35, priceDerived: false });
    expect(all.find((d) => d.symbol === 'MMM')).toMatchObject({ tvSymbol: 'NYSE:MMM', refPrice: 178.96 });
    expect(all.filter((d) => d.type === 'stocks' && d.tvSymbol.startsWith('NYSE:')).length).toBeGreaterThan(300);
    expect(all.find((d) => d.symbol === 'XAUUSD')).toMatchObject({ type: 'metals', contractSize: 100 });
    expect(all.find((d) => d.symbol === 'USOIL')).toMatchObject({ type: 'commodities', contractSize: 1000 });
  });

  it('lists ETFs as indices with category etf, without leveraged products or test issues', () => {
    const etfs = all.filter((d) => d.category === 'etf');
    expect(etfs.length).toBeGreaterThan(500);
    expect(etfs.every((d) => d.type === 'indices')).toBe(true);
    expect(etfs.find((d) => d.symbol === 'QQQ')).toBeDefined();
    expect(etfs.some((d) => /\b(2x|3x|bull|bear)\b/i.test(d.name))).toBe(false);
    expect(all.some((d) => /test stock/i.test(d.name) || d.symbol.startsWith('File Creation'))).toBe(false);
  });

  it('derives missing prices deterministically and says so', () => {
    const brk = all.find((d) => d.symbol === 'BRK.B')!;
    expect(brk.priceDerived).toBe(true);
    expect(brk.refPrice).toBe(derivedPrice('BRK.B', 20, 400));
    expect(derivedPrice('ZTWO', 10, 300)).toBe(derivedPrice('ZTWO', 10, 300));
    for (const d of all) expect(d.refPrice, d.symbol).toBeGreaterThan(0);
  });

  it('parses quoted CSV fields', () => {
    expect(parseCsv('a,"b, c","d ""e"""\r\n1,2,3\n')).toEqual([
      ['a', 'b, c', 'd "e"'],
      ['1', '2', '3'],
    ]);
  });
});

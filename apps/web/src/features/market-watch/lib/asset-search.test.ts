import { describe, expect, it } from 'vitest';
import { assetFixture } from '@/testing/asset-fixture';
import { marketWatchRows, matchesAddPair, matchesMarketWatch, pairSearchResults, pairTabLists } from './asset-search';

const eurusd = assetFixture({ symbol_display: 'EUR/USD', name: 'Euro / US Dollar' });
const btc = assetFixture({ symbol_display: 'BTC/USD', name: 'Bitcoin', type: 'crypto', category: 'crypto' });
const aapl = assetFixture({ symbol_display: 'AAPL', symbol: 'AAPL', sy: 'AAPL', name: 'Apple Inc.', type: 'stocks', category: 'stock' });
const spy = assetFixture({ symbol_display: 'SPY', symbol: 'SPY', sy: 'SPY', name: 'SPDR S&P 500 ETF', type: 'indices', category: 'etf' });
const gold = assetFixture({ symbol_display: 'XAUUSD', symbol: 'XAUUSD', sy: 'XAU/USD', name: 'Gold', type: 'metals', category: 'precious' });
const oil = assetFixture({ symbol_display: 'USOIL', symbol: 'USOIL', sy: 'USOIL', name: 'Crude Oil', type: 'commodities', category: 'energy' });
const all = [eurusd, btc, aapl, spy, gold, oil];

describe('market watch search (name, symbol, sy)', () => {
  it('matches any of the three fields, ignoring case and surrounding spaces', () => {
    expect(matchesMarketWatch(btc, '  bitcoin ')).toBe(true);
    expect(matchesMarketWatch(eurusd, 'eurusd')).toBe(true);
    expect(matchesMarketWatch(gold, 'xau/')).toBe(true);
    expect(matchesMarketWatch(gold, 'xauusd')).toBe(true);
  });
  it('matches everything with an empty query and nothing unrelated', () => {
    expect(matchesMarketWatch(aapl, '')).toBe(true);
    expect(matchesMarketWatch(aapl, 'tesla')).toBe(false);
  });
  it('does not search symbol_display', () => {
    const odd = assetFixture({ symbol_display: 'ODD-DISPLAY', symbol: 'X1', sy: 'X1', name: 'Odd' });
    expect(matchesMarketWatch(odd, 'odd-display')).toBe(false);
  });
});

describe('add-pair search (name, symbol, symbol_display)', () => {
  it('matches symbol_display but not sy', () => {
    const odd = assetFixture({ symbol_display: 'GOLD', symbol: 'XAUUSD', sy: 'XAU/USD', name: 'Spot gold' });
    expect(matchesAddPair(odd, 'gold')).toBe(true);
    expect(matchesAddPair(odd, 'xau/')).toBe(false);
    expect(matchesAddPair(odd, 'xauusd')).toBe(true);
  });
});

describe('market watch rows', () => {
  it('lists categories in order with their instruments and counts', () => {
    const rows = marketWatchRows(all, '', new Set());
    expect(rows.map((r) => (r.kind === 'category' ? `#${r.type}:${r.count}` : r.asset.symbol_display))).toEqual([
      '#forex:1', 'EUR/USD', '#crypto:1', 'BTC/USD', '#indices:1', 'SPY', '#stocks:1', 'AAPL', '#commodities:1', 'USOIL', '#metals:1', 'XAUUSD',
    ]);
  });
  it('leaves out the instruments of collapsed categories but keeps their header', () => {
    const rows = marketWatchRows(all, '', new Set(['forex', 'crypto'] as const));
    expect(rows.slice(0, 3)).toEqual([
      { kind: 'category', type: 'forex', count: 1, expanded: false },
      { kind: 'category', type: 'crypto', count: 1, expanded: false },
      { kind: 'category', type: 'indices', count: 1, expanded: true },
    ]);
  });
  it('shows only matching categories, opened, while searching', () => {
    const rows = marketWatchRows(all, 'usd', new Set(['forex'] as const));
    const headers = rows.flatMap((r) => (r.kind === 'category' ? [[r.type, r.expanded]] : []));
    expect(headers).toEqual([['forex', true], ['crypto', true], ['metals', true]]);
    expect(rows).toHaveLength(6);
  });
  it('is empty when nothing matches', () => expect(marketWatchRows(all, 'zzz', new Set())).toEqual([]));
});

describe('add-pair tabs', () => {
  it('puts each instrument in its tab; commodities take metals and ETFs take indices', () => {
    const tabs = pairTabLists(all, '', []);
    const names = Object.fromEntries(Object.entries(tabs).map(([t, l]) => [t, l.map((a) => a.symbol_display)]));
    expect(names).toEqual({ Watchlist: [], Forex: ['EUR/USD'], Stock: ['AAPL'], Crypto: ['BTC/USD'], Commodities: ['XAUUSD', 'USOIL'], ETFs: ['SPY'] });
  });
  it('the Watchlist tab holds starred instruments by symbol_display, filtered by the search', () => {
    const tabs = pairTabLists(all, 'bit', ['BTC/USD', 'AAPL']);
    expect(tabs.Watchlist).toEqual([btc]);
    expect(tabs.Crypto).toEqual([btc]);
    expect(tabs.Stock).toEqual([]);
  });
});

describe('add-pair search results', () => {
  const eth = assetFixture({ symbol_display: 'ETH/USD', symbol: 'ETHUSD', sy: 'ETH/USD', name: 'Ethereum', type: 'crypto', category: 'crypto' });
  const method = assetFixture({ symbol_display: 'MTH', symbol: 'MTH', sy: 'MTH', name: 'Meritage Homes (ETH)', type: 'stocks', category: 'stock' });
  const ethan = assetFixture({ symbol_display: 'ETD', symbol: 'ETD', sy: 'ETD', name: 'Ethan Allen', type: 'stocks', category: 'stock' });

  it('finds matches of every category, symbols that start with the search first', () => {
    expect(pairSearchResults([eurusd, method, ethan, btc, eth], 'eth')).toEqual([eth, ethan, method]);
    expect(pairSearchResults(all, 'us').map((a) => a.symbol_display)).toEqual(['USOIL', 'EUR/USD', 'BTC/USD', 'XAUUSD']);
  });
  it('is empty without a search, when the tabs list by category', () => {
    expect(pairSearchResults(all, '  ')).toEqual([]);
  });
});

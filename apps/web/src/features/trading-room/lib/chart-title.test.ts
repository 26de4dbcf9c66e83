import { describe, expect, it } from 'vitest';
import { chartTitle } from './chart-title';

describe('chartTitle', () => {
  it('names a currency pair once', () => {
    expect(chartTitle({ symbol_display: 'EUR/USD', name: 'EUR/USD' })).toBe('EUR/USD');
    expect(chartTitle({ symbol_display: 'EUR/USD', name: 'EURUSD' })).toBe('EUR/USD');
    expect(chartTitle({ symbol_display: 'AAPL', name: '' })).toBe('AAPL');
  });

  it('adds a name that says more than the symbol', () => {
    expect(chartTitle({ symbol_display: 'BTC/USD', name: 'Bitcoin' })).toBe('BTC/USD · Bitcoin');
    expect(chartTitle({ symbol_display: 'AAPL', name: 'Apple Inc.' })).toBe('AAPL · Apple Inc.');
  });
});

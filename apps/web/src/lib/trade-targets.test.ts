import { describe, expect, it } from 'vitest';
import { tradingMessages as msg } from '@bourse/contract';
import { firstTargetError, overDigits, parseLevel, presetPercents, presetTargets, roundAway, targetErrors } from './trade-targets';

describe('TP/SL presets', () => {
  it('default is 0.1 % from the entry (SPEC §9): buy TP above and SL below, sell reversed', () => {
    expect(presetTargets('default', 'buy', 3, 1000)).toEqual({ takeProfit: 1001, stopLoss: 999 });
    expect(presetTargets('default', 'sell', 3, 1000)).toEqual({ takeProfit: 999, stopLoss: 1001 });
  });
  it('conservative is tighter and aggressive wider than the default', () => {
    expect(presetTargets('conservative', 'buy', 3, 1000)).toEqual({ takeProfit: 1000.5, stopLoss: 999.5 });
    expect(presetTargets('aggressive', 'buy', 3, 1000)).toEqual({ takeProfit: 1003, stopLoss: 998.5 });
    expect(presetTargets('aggressive', 'sell', 3, 1000)).toEqual({ takeProfit: 997, stopLoss: 1001.5 });
    expect(presetPercents.conservative.takeProfit).toBeLessThan(presetPercents.default.takeProfit);
    expect(presetPercents.aggressive.takeProfit).toBeGreaterThan(presetPercents.default.takeProfit);
  });
  it('rounds to the instrument’s digits away from the entry, so a level never lands on the wrong side', () => {
    expect(presetTargets('default', 'buy', 3, 1.10012)).toEqual({ takeProfit: 1.102, stopLoss: 1.099 });
    expect(presetTargets('default', 'sell', 3, 1.10012)).toEqual({ takeProfit: 1.099, stopLoss: 1.102 });
    for (const side of ['buy', 'sell'] as const) {
      for (const preset of ['default', 'conservative', 'aggressive'] as const) {
        expect(firstTargetError(side, 1.10012, presetTargets(preset, side, 3, 1.10012))).toBeNull();
      }
    }
  });
  it('measures the stop-loss from the closing price, outside the spread', () => {
    expect(presetTargets('default', 'buy', 3, 1000, 998)).toEqual({ takeProfit: 1001, stopLoss: 997.002 });
    expect(presetTargets('default', 'sell', 3, 998, 1000)).toEqual({ takeProfit: 997.002, stopLoss: 1001 });
  });
  it('leaves a stop-loss that would round to 0 unset', () => expect(presetTargets('default', 'buy', 3, 0.0009).stopLoss).toBeNull());
  it('puts a currency pair’s levels on its 5-decimal grid, a coin’s on its 2', () => {
    expect(presetTargets('default', 'buy', 5, 1.08514)).toEqual({ takeProfit: 1.08623, stopLoss: 1.08405 });
    expect(presetTargets('default', 'sell', 2, 65_193.2)).toEqual({ takeProfit: 65_128, stopLoss: 65_258.4 });
  });
  it('rounding helpers', () => {
    expect(roundAway(1.2, -1, 3)).toBe(1.2);
    expect(roundAway(1.2001, 1, 3)).toBe(1.201);
    expect(roundAway(1.085141, 1, 5)).toBe(1.08515);
    expect(roundAway(1.085149, -1, 5)).toBe(1.08514);
  });
  it('flags a typed price with more decimals than the instrument has', () => {
    expect(overDigits('1.08514', 5)).toBe(false);
    expect(overDigits('1.085142', 5)).toBe(true);
    expect(overDigits('151.2345', 3)).toBe(true);
    expect(overDigits('65193.2', 2)).toBe(false);
    expect(overDigits('', 2)).toBe(false);
  });
});

describe('side rules (SPEC messages)', () => {
  it('buy: take-profit above and stop-loss below the entry', () => {
    expect(targetErrors('buy', 100, { takeProfit: 99, stopLoss: 101 })).toEqual({ takeProfit: msg.takeProfitBuy, stopLoss: msg.stopLossBuy });
    expect(targetErrors('buy', 100, { takeProfit: 101, stopLoss: 99 })).toEqual({});
  });
  it('sell: take-profit below and stop-loss above the entry', () => {
    expect(targetErrors('sell', 100, { takeProfit: 101, stopLoss: 99 })).toEqual({ takeProfit: msg.takeProfitSell, stopLoss: msg.stopLossSell });
    expect(targetErrors('sell', 100, { takeProfit: 99, stopLoss: null })).toEqual({});
  });
  it('an open position is checked against its current price', () => {
    expect(targetErrors('buy', 100, { takeProfit: 100, stopLoss: null }, true)).toEqual({ takeProfit: msg.takeProfitBuyOpen });
    expect(targetErrors('sell', 100, { takeProfit: null, stopLoss: 100 }, true)).toEqual({ stopLoss: msg.stopLossSellOpen });
  });
  it('unset levels are never wrong', () => expect(firstTargetError('buy', 100, { takeProfit: null, stopLoss: null })).toBeNull());
  it('reads a typed level', () => {
    expect(parseLevel('')).toBeNull();
    expect(parseLevel('0')).toBeNull();
    expect(parseLevel('abc')).toBeNull();
    expect(parseLevel('1.5')).toBe(1.5);
  });
});

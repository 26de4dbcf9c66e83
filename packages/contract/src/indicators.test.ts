import { describe, expect, it } from 'vitest';
import { defaultIndicatorParams, type Indicator, indicatorKinds, indicatorMessages, indicatorSchema, indicatorsByInstrument, MAX_INDICATORS, mergeIndicators } from './indicators.ts';
import { preferencesSchema, preferencesUpdate } from './preferences.ts';

const ema: Indicator = { id: 'e', kind: 'ema', color: 'blue', params: { period: 20 } };
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('indicator settings', () => {
  it('accept every indicator with its defaults', () => {
    for (const kind of indicatorKinds) expect(indicatorSchema.safeParse({ id: kind, kind, color: 'teal', params: defaultIndicatorParams(kind) }).success, kind).toBe(true);
  });

  it('take whole periods from 1 to 500, and fractions within their bounds', () => {
    const period = (p: number) => indicatorSchema.safeParse({ ...ema, params: { period: p } }).success;
    expect([1, 500].map(period)).toEqual([true, true]);
    expect([0, 501, 2.5, -3, Number.NaN].map(period)).toEqual([false, false, false, false, false]);
    const bands = (deviations: number) => indicatorSchema.safeParse({ id: 'b', kind: 'bollinger', color: 'red', params: { period: 20, deviations } }).success;
    expect([0.1, 2.5, 10].map(bands)).toEqual([true, true, true]);
    expect([0, 10.5].map(bands)).toEqual([false, false]);
  });

  it('take exactly the settings of the indicator, a colour of the palette and a short id', () => {
    expect(indicatorSchema.safeParse({ ...ema, params: {} }).success).toBe(false);
    expect(indicatorSchema.safeParse({ ...ema, params: { period: 20, signal: 9 } }).success).toBe(false);
    expect(indicatorSchema.safeParse({ ...ema, params: { length: 20 } }).success).toBe(false);
    expect(indicatorSchema.safeParse({ ...ema, color: '#ff0000' }).success).toBe(false);
    expect(indicatorSchema.safeParse({ ...ema, id: 'x'.repeat(17) }).success).toBe(false);
    expect(indicatorSchema.safeParse({ ...ema, kind: 'zigzag' }).success).toBe(false);
    expect(indicatorSchema.safeParse({ ...ema, extra: 1 }).success).toBe(false);
  });

  it('hold the rules between settings: a fast MACD period under the slow one, a SAR step within its maximum', () => {
    const macd = (fast: number, slow: number) => indicatorSchema.safeParse({ id: 'm', kind: 'macd', color: 'blue', params: { fast, slow, signal: 9 } });
    expect(macd(12, 26).success).toBe(true);
    expect(messagesOf(macd(26, 26))).toEqual([indicatorMessages.fastSlow]);
    const sar = (step: number, max: number) => indicatorSchema.safeParse({ id: 's', kind: 'psar', color: 'blue', params: { step, max } });
    expect(sar(0.2, 0.2).success).toBe(true);
    expect(messagesOf(sar(0.3, 0.2))).toEqual([indicatorMessages.stepMax]);
  });

  it(`keep at most ${MAX_INDICATORS} per instrument, each id once, by symbol`, () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...ema, id: `e${i}` }));
    expect(indicatorsByInstrument.safeParse({ EURUSD: many(MAX_INDICATORS) }).success).toBe(true);
    expect(messagesOf(indicatorsByInstrument.safeParse({ EURUSD: many(MAX_INDICATORS + 1) }))).toEqual([indicatorMessages.limit]);
    expect(indicatorsByInstrument.safeParse({ EURUSD: [ema, ema] }).success).toBe(false);
    expect(indicatorsByInstrument.safeParse({ 'BRK.B': [ema], 'EUR/USD': [ema] }).success).toBe(true);
    expect(indicatorsByInstrument.safeParse({ __proto__x: [ema] }).success).toBe(false);
    expect(indicatorsByInstrument.safeParse({ '': [ema] }).success).toBe(false);
  });
});

describe('indicators in the preferences', () => {
  it('change only the instruments named, an empty list removing one', () => {
    const rsi: Indicator = { id: 'r', kind: 'rsi', color: 'purple', params: { period: 14 } };
    const current = { EURUSD: [ema], BTCUSD: [rsi] };
    expect(mergeIndicators(current, { BTCUSD: [rsi, ema] })).toEqual({ EURUSD: [ema], BTCUSD: [rsi, ema] });
    expect(mergeIndicators(current, { EURUSD: [] })).toEqual({ BTCUSD: [rsi] });
    expect(mergeIndicators(undefined, { GOLD: [ema] })).toEqual({ GOLD: [ema] });
    expect(current).toEqual({ EURUSD: [ema], BTCUSD: [rsi] });
  });

  it('are absent until set, and kept ones a later version refuses are dropped without the other settings', () => {
    expect(preferencesSchema.parse({}).indicators).toBeUndefined();
    const read = preferencesSchema.parse({ sound: false, language: 'de', indicators: { EURUSD: [{ ...ema, params: { period: 9999 } }] } });
    expect(read).toMatchObject({ sound: false, language: 'de' });
    expect(read.indicators).toBeUndefined();
    expect(preferencesUpdate.safeParse({ indicators: { EURUSD: [ema] } }).success).toBe(true);
    expect(preferencesUpdate.safeParse({ indicators: { EURUSD: [{ ...ema, params: { period: 0 } }] } }).success).toBe(false);
  });
});

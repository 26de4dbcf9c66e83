import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Indicator, indicatorColors, indicatorKinds, indicatorSchema } from '@bourse/contract';
import { indicatorLabel, listedKinds, matchIndicators, newIndicator, palette } from './indicator-catalog';

const t = (key: string) => key;

/** WCAG contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the indicator list', () => {
  it('lists every indicator once, those over the price first', () => {
    expect([...listedKinds].sort()).toEqual([...indicatorKinds].sort());
    expect(listedKinds.slice(0, 8)).toEqual(['sma', 'ema', 'wma', 'bollinger', 'vwap', 'ichimoku', 'psar', 'volume']);
  });

  it('finds indicators by code and by name, every word somewhere', () => {
    expect(matchIndicators('exp', t)).toEqual(['ema']);
    expect(matchIndicators('RSI', t)).toEqual(['rsi']);
    expect(matchIndicators('index', t)).toEqual(['rsi', 'adx', 'cci']);
    expect(matchIndicators('moving average', t)).toEqual(['sma', 'ema', 'wma', 'macd']);
    expect(matchIndicators('', t)).toEqual(listedKinds);
    expect(matchIndicators('zigzag', t)).toEqual([]);
  });

  it('finds by the English name in another language too', () => {
    const german = (key: string) => (key === 'Relative Strength Index' ? 'Relative-Stärke-Index' : key);
    expect(matchIndicators('stärke', german)).toEqual(['rsi']);
    expect(matchIndicators('strength', german)).toEqual(['rsi']);
  });

  it('labels an indicator with its code and settings in their own order, whatever order they were stored in', () => {
    const ichimoku: Indicator = { id: 'i', kind: 'ichimoku', color: 'blue', params: { base: 26, span: 52, conversion: 9, displacement: 26 } };
    expect(indicatorLabel(ichimoku, t)).toBe('Ichimoku 9 26 52 26');
    expect(indicatorLabel({ id: 's', kind: 'psar', color: 'red', params: { max: 0.2, step: 0.02 } }, t)).toBe('SAR 0.02 0.2');
    expect(indicatorLabel({ id: 'v', kind: 'volume', color: 'red', params: {} }, (k) => (k === 'Volume' ? 'Volumen' : k))).toBe('Volumen');
  });

  it('adds an indicator with its defaults, in a colour the others do not use, under an id of its own', () => {
    const first = newIndicator('ema', []);
    expect(first).toMatchObject({ kind: 'ema', color: 'blue', params: { period: 20 } });
    expect(indicatorSchema.safeParse(first).success).toBe(true);
    const second = newIndicator('macd', [first]);
    expect(second).toMatchObject({ color: 'orange', params: { fast: 12, slow: 26, signal: 9 } });
    expect(second.id).not.toBe(first.id);
  });

  it('draws every colour of the palette at 3:1 or more against the chart of the theme it is drawn on', () => {
    const css = readFileSync(new URL('../../../index.css', import.meta.url), 'utf8');
    const background = (block: string) => new RegExp(`${block.replace(/[[\]()']/g, '\\$&')}\\s*\\{[^}]*--color-bg:\\s*(#[0-9a-f]{6})`, 'i').exec(css)![1]!;
    // Dark is the default theme (@theme); light overrides it on the document.
    const themes = { dark: background('@theme'), light: background(":root[data-theme='light']") };
    for (const theme of ['dark', 'light'] as const) {
      for (const color of indicatorColors) expect(contrast(palette[theme][color], themes[theme]), `${theme} ${color}`).toBeGreaterThanOrEqual(3);
    }
  });
});

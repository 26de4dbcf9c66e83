import { describe, expect, it } from 'vitest';
import { defaultIndicatorParams, type Indicator, indicatorKinds, type IndicatorKind } from '@bourse/contract';
import { ema, ichimoku } from '@bourse/domain/indicators';
import type { FeedBar } from './bar-feed';
import { palette } from './indicator-catalog';
import { computePlot, valueAt, withAlpha } from './indicator-plots';

const TF = 60;
const T0 = 1_700_000_040;
/** A wavy series of 200 one-minute bars with volume. */
const bars: FeedBar[] = Array.from({ length: 200 }, (_, i) => {
  const close = 100 + 5 * Math.sin(i / 7) + i * 0.02;
  const open = 100 + 5 * Math.sin((i - 1) / 7) + (i - 1) * 0.02;
  return { time: T0 + i * TF, open, high: Math.max(open, close) + 0.4, low: Math.min(open, close) - 0.4, close, volume: 10 + (i % 5) };
});
const colors = { shades: palette.dark, up: '#22c55e', down: '#f87171' };
const of = (kind: IndicatorKind, params = defaultIndicatorParams(kind)): Indicator => ({ id: kind, kind, color: 'blue', params });

describe('indicator plots', () => {
  it('draw every indicator over the bars, each line in time order with finite values', () => {
    for (const kind of indicatorKinds) {
      const plot = computePlot(of(kind), bars, TF, colors);
      expect(plot.lines.length, kind).toBeGreaterThan(0);
      for (const line of plot.lines) {
        expect(line.points.length, `${kind} ${line.key}`).toBeGreaterThan(0);
        expect(line.points.every((p, i) => Number.isFinite(p.value) && (i === 0 || p.time > line.points[i - 1]!.time)), `${kind} ${line.key}`).toBe(true);
      }
    }
  });

  it('draw nothing, without failing, before the bars have loaded', () => {
    for (const kind of indicatorKinds) expect(computePlot(of(kind), [], TF, colors).lines.every((l) => l.points.length === 0), kind).toBe(true);
  });

  it('line each value up with the bar it belongs to, leaving out the warm-up', () => {
    const line = computePlot(of('ema', { period: 20 }), bars, TF, colors).lines[0]!;
    const expected = ema(bars.map((b) => b.close), 20);
    expect(line.points).toHaveLength(200 - 19);
    expect(line.points[0]).toEqual({ time: bars[19]!.time, value: expected[19] });
    expect(line.points.at(-1)).toEqual({ time: bars[199]!.time, value: expected[199] });
    expect(line.color).toBe(palette.dark.blue);
  });

  it('draw the Ichimoku leading spans ahead and the lagging span back by the displacement less one bar', () => {
    const plot = computePlot(of('ichimoku'), bars, TF, colors);
    const cloud = ichimoku({ high: bars.map((b) => b.high), low: bars.map((b) => b.low), close: bars.map((b) => b.close) }, 9, 26, 52);
    const [spanA, spanB, lagging] = ['spanA', 'spanB', 'lagging'].map((k) => plot.lines.find((l) => l.key === k)!);
    // 25 bars past the last one, at the interval's spacing.
    expect(spanA!.points.at(-1)).toEqual({ time: bars[199]!.time + 25 * TF, value: cloud.spanA[199] });
    expect(spanB!.points[0]).toEqual({ time: bars[51 + 25]!.time, value: cloud.spanB[51] });
    expect(lagging!.points[0]).toEqual({ time: bars[0]!.time, value: bars[25]!.close });
    expect(lagging!.points.at(-1)).toEqual({ time: bars[199 - 25]!.time, value: bars[199]!.close });
  });

  it('draw volume under the candles, bars without a volume left out, down bars fainter', () => {
    const some: FeedBar[] = [
      { time: 60, open: 1, high: 2, low: 1, close: 2, volume: 5 },
      { time: 120, open: 2, high: 2, low: 1, close: 1, volume: 8 },
      { time: 180, open: 1, high: 2, low: 1, close: 2 },
      { time: 240, open: 2, high: 3, low: 2, close: 3, volume: 2 },
    ];
    const [line] = computePlot(of('volume'), some, TF, colors).lines;
    expect(line!.ownScale).toBe(true);
    expect(line!.points.map((p) => [p.time, p.value])).toEqual([[60, 5], [120, 8], [240, 2]]);
    expect(line!.points[0]!.color).toBe(line!.points[2]!.color);
    expect(line!.points[1]!.color).not.toBe(line!.points[0]!.color);
  });

  it('give oscillators their levels and fixed scales', () => {
    expect(computePlot(of('rsi'), bars, TF, colors)).toMatchObject({ levels: [30, 70], range: [0, 100], format: 'fixed' });
    expect(computePlot(of('stochastic'), bars, TF, colors)).toMatchObject({ levels: [20, 80], range: [0, 100] });
    expect(computePlot(of('cci'), bars, TF, colors)).toMatchObject({ levels: [-100, 100], format: 'fixed' });
    expect(computePlot(of('atr'), bars, TF, colors)).toMatchObject({ levels: [], format: 'price' });
  });

  it('colour the MACD histogram by its sign', () => {
    const histogram = computePlot(of('macd'), bars, TF, colors).lines.find((l) => l.key === 'histogram')!;
    for (const p of histogram.points) expect(p.color).toBe(withAlpha(p.value >= 0 ? colors.up : colors.down, 0.5));
  });

  it('read a line at a bar, none where it has no value', () => {
    const line = computePlot(of('sma', { period: 10 }), bars, TF, colors).lines[0]!;
    expect(valueAt(line, bars[50]!.time)).toBe(line.points.find((p) => p.time === bars[50]!.time)!.value);
    expect(valueAt(line, bars[3]!.time)).toBeNull();
    expect(valueAt(line, bars[50]!.time + 1)).toBeNull();
  });

  it('write a colour at an opacity', () => {
    expect(withAlpha('#60a5fa', 0.5)).toBe('rgba(96, 165, 250, 0.5)');
  });
});

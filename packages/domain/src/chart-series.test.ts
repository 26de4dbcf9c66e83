import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { heikinAshi, heikinAshiNext, type OhlcBar, percentChange, priceAtPercent, rebasedPercent, valueAt } from './chart-series.ts';

const bar = (time: number, open: number, high: number, low: number, close: number): OhlcBar => ({ time, open, high, low, close });

describe('heikinAshi', () => {
  it('computes four bars by hand', () => {
    const bars = [bar(0, 10, 12, 9, 11), bar(60, 11, 13, 10.5, 12.5), bar(120, 12.5, 12.6, 11, 11.2), bar(180, 11.2, 11.3, 10, 10.1)];
    const ha = heikinAshi(bars);
    // First: close (10 + 12 + 9 + 11) / 4 = 10.5, open (10 + 11) / 2 = 10.5; high and low its own.
    expect(ha[0]).toEqual(bar(0, 10.5, 12, 9, 10.5));
    // Open (10.5 + 10.5) / 2 = 10.5, close (11 + 13 + 10.5 + 12.5) / 4 = 11.75.
    expect(ha[1]).toEqual(bar(60, 10.5, 13, 10.5, 11.75));
    // Open (10.5 + 11.75) / 2 = 11.125, close (12.5 + 12.6 + 11 + 11.2) / 4 = 11.825.
    expect(ha[2]!.open).toBeCloseTo(11.125, 12);
    expect(ha[2]!.close).toBeCloseTo(11.825, 12);
    expect([ha[2]!.high, ha[2]!.low]).toEqual([12.6, 11]);
    // Open (11.125 + 11.825) / 2 = 11.475 is above the bar's own high (11.3): the high stretches to it.
    expect(ha[3]!.open).toBeCloseTo(11.475, 12);
    expect(ha[3]!.close).toBeCloseTo(10.65, 12);
    expect(ha[3]!.high).toBeCloseTo(11.475, 12);
    expect(ha[3]!.low).toBe(10);
    expect(ha.map((b) => b.time)).toEqual([0, 60, 120, 180]);
  });

  it('steps the live bar from the previous Heikin-Ashi bar as the whole series does', () => {
    const bars = [bar(0, 10, 12, 9, 11), bar(60, 11, 13, 10.5, 12.5)];
    const ha = heikinAshi(bars);
    const live = bar(60, 11, 13.5, 10.5, 13.4);
    expect(heikinAshiNext(ha[0]!, live)).toEqual(heikinAshi([bars[0]!, live])[1]);
    expect(heikinAshi([])).toEqual([]);
  });

  it('keeps every Heikin-Ashi bar within its own high and low', () => {
    const arbBar = fc
      .tuple(fc.double({ min: 1, max: 1000, noNaN: true }), fc.double({ min: 1, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([a, b, u, v]) => {
        const low = Math.min(a, b);
        const high = Math.max(a, b);
        return { open: low + (high - low) * u, close: low + (high - low) * v, high, low };
      });
    fc.assert(
      fc.property(fc.array(arbBar, { maxLength: 30 }), (raw) => {
        const ha = heikinAshi(raw.map((b, i) => ({ time: i * 60, ...b })));
        for (const b of ha) expect(b.low <= Math.min(b.open, b.close) && b.high >= Math.max(b.open, b.close)).toBe(true);
      }),
    );
  });
});

describe('percent rebasing', () => {
  const other = [
    { time: 0, value: 100 },
    { time: 60, value: 102 },
    { time: 120, value: 99 },
    { time: 180, value: 105 },
  ];

  it('measures percent change from a base', () => {
    expect(percentChange(1.1, 1)).toBeCloseTo(10, 12);
    expect(percentChange(99, 102)).toBeCloseTo(-2.941176470588, 10);
    expect(priceAtPercent(percentChange(1.0837, 1.0812), 1.0812)).toBeCloseTo(1.0837, 12);
    expect(() => percentChange(1, 0)).toThrow(RangeError);
  });

  it('finds the value at or before a time', () => {
    expect(valueAt(other, -1)).toBeNull();
    expect(valueAt(other, 0)).toBe(100);
    expect(valueAt(other, 119)).toBe(102);
    expect(valueAt(other, 500)).toBe(105);
    expect(valueAt([], 0)).toBeNull();
  });

  it("rebases the other instrument to percent from the chart's first visible bar, on the chart's bars", () => {
    // Base at 60: 102. Then 99 → −2.9412 %, 105 → +2.9412 %; the chart's bar at 240 repeats 105.
    const rebased = rebasedPercent(other, [60, 120, 180, 240], 60);
    expect(rebased.map((p) => p.time)).toEqual([60, 120, 180, 240]);
    expect(rebased[0]!.value).toBe(0);
    expect(rebased[1]!.value).toBeCloseTo(-2.941176470588, 10);
    expect(rebased[2]!.value).toBeCloseTo(2.941176470588, 10);
    expect(rebased[3]!.value).toBeCloseTo(2.941176470588, 10);
  });

  it('fills the bars the other instrument lacks with its last close, and starts where it starts', () => {
    const gappy = [other[1]!, other[3]!];
    // No bar at 120: it stays at 102 (0 %) until 180.
    expect(rebasedPercent(gappy, [60, 120, 180], 60).map((p) => Math.round(p.value * 1e4) / 1e4)).toEqual([0, 0, 2.9412]);
    // The base bar is before the other's first: its first value is the base, and nothing is drawn before it.
    expect(rebasedPercent(gappy, [0, 30, 60, 180], 0)).toEqual([
      { time: 60, value: 0 },
      { time: 180, value: percentChange(105, 102) },
    ]);
    expect(rebasedPercent([], [0, 60], 0)).toEqual([]);
  });
});

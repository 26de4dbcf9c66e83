import { describe, expect, it } from 'vitest';
import { timeAxis } from './time-axis';

// Minute bars with a gap: 10:00, 10:01, 10:02, then 10:10 (a pause in the market).
const T = 1_767_258_000;
const times = [T, T + 60, T + 120, T + 600];
const axis = timeAxis(times, 60);

describe('time axis', () => {
  it('puts each bar time at its index and times between bars between them', () => {
    expect(times.map((t) => axis.toLogical(t))).toEqual([0, 1, 2, 3]);
    expect(axis.toLogical(T + 30)).toBe(0.5);
    // Across the gap, the index moves evenly from bar 2 to bar 3.
    expect(axis.toLogical(T + 120 + 240)).toBe(2.5);
  });

  it('steps on by the interval before the first bar and after the last', () => {
    expect(axis.toLogical(T - 120)).toBe(-2);
    expect(axis.toLogical(T + 600 + 300)).toBe(8);
    expect(axis.toTime(-2)).toBe(T - 120);
    expect(axis.toTime(8)).toBe(T + 900);
  });

  it('turns an index back into the time it came from', () => {
    for (const time of [T - 3600, T, T + 17, T + 90, T + 121, T + 599, T + 600, T + 86_400]) {
      expect(axis.toTime(axis.toLogical(time))).toBeCloseTo(time, 6);
    }
  });

  it('works with one bar', () => {
    const one = timeAxis([T], 300);
    expect(one.toLogical(T + 600)).toBe(2);
    expect(one.toTime(-1)).toBe(T - 300);
  });
});

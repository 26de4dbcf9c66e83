import { describe, expect, it } from 'vitest';
import { equitySeries } from './equity-series';

const balance = [
  { date: '2026-03-01', balance: '100.00' },
  { date: '2026-03-02', balance: '150.00' },
];

describe('equitySeries', () => {
  it('ends at the live equity, in place of the day recorded today', () => {
    const recorded = [
      { date: '2026-03-01', equity: '98.50' },
      { date: '2026-03-02', equity: '151.25' },
    ];
    expect(equitySeries(balance, recorded, 160.4)).toEqual([
      { time: '2026-03-01', value: 98.5 },
      { time: '2026-03-02', value: 160.4 },
    ]);
  });

  it('adds today when nothing was recorded yet, and keeps the records without a live figure', () => {
    expect(equitySeries(balance, [{ date: '2026-03-01', equity: '99.00' }], 149)).toEqual([
      { time: '2026-03-01', value: 99 },
      { time: '2026-03-02', value: 149 },
    ]);
    expect(equitySeries(balance, [{ date: '2026-03-01', equity: '99.00' }], null)).toEqual([{ time: '2026-03-01', value: 99 }]);
    expect(equitySeries([], [], 10)).toEqual([]);
  });
});

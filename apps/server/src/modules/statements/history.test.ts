import { describe, expect, it } from 'vitest';
import { dailyCloses } from './history.ts';

describe('dailyCloses', () => {
  it('gives every day of the range, carrying the last close over days without entries', () => {
    expect(dailyCloses([{ date: '2026-03-02', balance: '150.00' }], '100.00', '2026-03-01', '2026-03-04')).toEqual([
      { date: '2026-03-01', balance: '100.00' },
      { date: '2026-03-02', balance: '150.00' },
      { date: '2026-03-03', balance: '150.00' },
      { date: '2026-03-04', balance: '150.00' },
    ]);
  });

  it('starts at the first entry of an account younger than the range, across a month end', () => {
    expect(dailyCloses([{ date: '2026-02-28', balance: '5.00' }, { date: '2026-03-01', balance: '7.50' }], null, '2026-02-26', '2026-03-02')).toEqual([
      { date: '2026-02-28', balance: '5.00' },
      { date: '2026-03-01', balance: '7.50' },
      { date: '2026-03-02', balance: '7.50' },
    ]);
  });

  it('is empty for an account without entries', () => {
    expect(dailyCloses([], null, '2026-01-01', '2026-01-30')).toEqual([]);
  });
});

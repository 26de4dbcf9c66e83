import { describe, expect, it } from 'vitest';
import {
  defaultTripleDay,
  isoWeekday,
  isTimeZone,
  localDay,
  parseRolloverTime,
  rolloverAt,
  rolloversBetween,
  swapAmount,
  swapDayCount,
  swapNights,
  swapPerUnit,
} from './swaps.ts';

const FIVE_PM = { hour: 17, minute: 0 };
const NY = 'America/New_York';

describe('swap nights', () => {
  it('charges three nights on the triple day, one on other weekdays and none at the weekend', () => {
    // 2026-03-02 is a Monday.
    const week = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'];
    expect(week.map(isoWeekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(week.map((d) => swapNights(d, 3))).toEqual([1, 1, 3, 1, 1, 0, 0]);
    expect(week.map((d) => swapNights(d, 5))).toEqual([1, 1, 1, 1, 3, 0, 0]);
    // No triple day: every calendar day once (crypto).
    expect(week.map((d) => swapNights(d, null))).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('defaults to Wednesday for forex and metals, Friday for indices, shares and commodities, none for crypto', () => {
    expect(['forex', 'metals', 'indices', 'stocks', 'commodities', 'crypto'].map((t) => defaultTripleDay(t as never))).toEqual([3, 3, 5, 5, 5, null]);
    expect(['forex', 'metals', 'indices', 'stocks', 'commodities', 'crypto'].map((t) => swapDayCount(t as never))).toEqual([360, 360, 365, 365, 365, 365]);
  });
});

describe('swap amounts', () => {
  it('charges percent a year of the notional over the day count', () => {
    // 1 lot of EUR/USD (100,000 units) at 1.1, -3.6% a year over 360 days: -11.00 a night.
    const perUnit = swapPerUnit({ unit: 'percent', rate: '-3.6', dayCount: 360, digits: 5 }, { price: 1.1, nights: 1, conversion: 1 });
    expect(swapAmount(100_000, perUnit).toFixed(2)).toBe('-11.00');
    // Three nights on the triple day.
    const triple = swapPerUnit({ unit: 'percent', rate: '-3.6', dayCount: 360, digits: 5 }, { price: 1.1, nights: 3, conversion: 1 });
    expect(swapAmount(100_000, triple).toFixed(2)).toBe('-33.00');
  });

  it('converts to the account currency and credits a positive rate', () => {
    // 0.1 lot of USD/JPY at 150, +2.7% a year: 10,000 × 150 × 0.027 / 360 = 112.5 JPY, at 1/150 USD per yen.
    const perUnit = swapPerUnit({ unit: 'percent', rate: '2.7', dayCount: 360, digits: 3 }, { price: 150, nights: 1, conversion: 1 / 150 });
    expect(swapAmount(10_000, perUnit).toFixed(2)).toBe('0.75');
  });

  it('charges points per lot per night, a point being the last price digit', () => {
    // Gold, 2 digits, contract 100: -50 points on 0.5 lot (50 oz) is -50 × 0.01 × 50 = -25.00.
    const perUnit = swapPerUnit({ unit: 'points', rate: '-50', dayCount: 360, digits: 2 }, { price: 2345, nights: 1, conversion: 1 });
    expect(swapAmount(50, perUnit).toFixed(2)).toBe('-25.00');
  });

  it('rounds to the cent, halves away from zero, and a night of nothing is nothing', () => {
    expect(swapAmount(1, '0.005').toFixed(2)).toBe('0.01');
    expect(swapAmount(1, '-0.005').toFixed(2)).toBe('-0.01');
    expect(swapAmount(1000, swapPerUnit({ unit: 'percent', rate: '-3', dayCount: 360, digits: 5 }, { price: 1.1, nights: 0, conversion: 1 })).isZero()).toBe(true);
  });
});

describe('the rollover clock', () => {
  it('reads HH:MM and knows time zones', () => {
    expect(parseRolloverTime('17:00')).toEqual(FIVE_PM);
    expect(parseRolloverTime('00:30')).toEqual({ hour: 0, minute: 30 });
    expect(['24:00', '5pm', '17:60', ''].map(parseRolloverTime)).toEqual([null, null, null, null]);
    expect(isTimeZone(NY)).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('puts 17:00 New York at 22:00 UTC in winter and 21:00 UTC in summer', () => {
    expect(new Date(rolloverAt('2026-01-14', FIVE_PM, NY)).toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(new Date(rolloverAt('2026-07-15', FIVE_PM, NY)).toISOString()).toBe('2026-07-15T21:00:00.000Z');
    // The days the clocks change (8 March and 1 November 2026).
    expect(new Date(rolloverAt('2026-03-08', FIVE_PM, NY)).toISOString()).toBe('2026-03-08T21:00:00.000Z');
    expect(new Date(rolloverAt('2026-11-01', FIVE_PM, NY)).toISOString()).toBe('2026-11-01T22:00:00.000Z');
    expect(new Date(rolloverAt('2026-01-14', { hour: 0, minute: 0 }, 'UTC')).toISOString()).toBe('2026-01-14T00:00:00.000Z');
    expect(localDay(NY, Date.parse('2026-01-15T03:00:00Z'))).toBe('2026-01-14');
  });

  it('lists the rollovers between two instants, the first excluded and the last included', () => {
    const from = Date.parse('2026-01-13T22:00:00Z'); // Tuesday's rollover
    const to = Date.parse('2026-01-16T22:00:00Z'); // Friday's
    expect(rolloversBetween(from, to, FIVE_PM, NY).map((r) => r.day)).toEqual(['2026-01-14', '2026-01-15', '2026-01-16']);
    expect(rolloversBetween(from, from, FIVE_PM, NY)).toEqual([]);
    expect(rolloversBetween(from - 1, from, FIVE_PM, NY)).toEqual([{ day: '2026-01-13', at: from }]);
    // Across the change to summer time: one rollover a day still.
    const days = rolloversBetween(Date.parse('2026-03-05T00:00:00Z'), Date.parse('2026-03-12T00:00:00Z'), FIVE_PM, NY);
    expect(days.map((r) => r.day)).toEqual(['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11']);
    expect(days.map((r) => new Date(r.at).getUTCHours())).toEqual([22, 22, 22, 21, 21, 21, 21]);
  });
});

import { describe, expect, it } from 'vitest';
import { isEasternDaylightTime, isMarketOpen, isSessionOpen, lastSessionOpen, nextSessionOpen, sessionOf } from './trading-hours.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('trading hours', () => {
  it('keeps crypto open at every hour of a week', () => {
    for (let h = 0; h < 24 * 7; h++) expect(isMarketOpen('crypto', utc('2026-03-01T00:00:00') + h * 3_600_000)).toBe(true);
  });

  it('opens forex Sunday 22:00 UTC and closes it Friday 22:00 UTC', () => {
    expect(isMarketOpen('forex', utc('2026-11-22T21:59:00'))).toBe(false); // Sunday
    expect(isMarketOpen('forex', utc('2026-11-22T22:00:00'))).toBe(true);
    expect(isMarketOpen('forex', utc('2026-11-25T03:00:00'))).toBe(true); // Wednesday night
    expect(isMarketOpen('forex', utc('2026-11-27T21:59:00'))).toBe(true); // Friday
    expect(isMarketOpen('forex', utc('2026-11-27T22:00:00'))).toBe(false);
    expect(isMarketOpen('forex', utc('2026-11-28T12:00:00'))).toBe(false); // Saturday
  });

  it('follows New York 09:30-16:00 for stocks and indices, across daylight saving', () => {
    // Winter (EST, UTC-5): 09:30 local is 14:30 UTC.
    expect(isMarketOpen('stocks', utc('2026-11-23T14:29:00'))).toBe(false);
    expect(isMarketOpen('stocks', utc('2026-11-23T14:30:00'))).toBe(true);
    expect(isMarketOpen('indices', utc('2026-11-23T20:59:00'))).toBe(true);
    expect(isMarketOpen('indices', utc('2026-11-23T21:00:00'))).toBe(false);
    // Summer (EDT, UTC-4): 09:30 local is 13:30 UTC.
    expect(isMarketOpen('stocks', utc('2026-07-15T13:30:00'))).toBe(true);
    expect(isMarketOpen('stocks', utc('2026-07-15T20:00:00'))).toBe(false);
    expect(isMarketOpen('stocks', utc('2026-11-21T15:00:00'))).toBe(false); // Saturday
  });

  it('switches daylight saving on the US dates', () => {
    expect(isEasternDaylightTime(utc('2026-03-08T06:59:00'))).toBe(false);
    expect(isEasternDaylightTime(utc('2026-03-08T07:00:00'))).toBe(true);
    expect(isEasternDaylightTime(utc('2026-11-01T05:59:00'))).toBe(true);
    expect(isEasternDaylightTime(utc('2026-11-01T06:00:00'))).toBe(false);
  });

  it('gives commodities a daily 17:00-18:00 break and a Friday 17:00 close', () => {
    // November 2026 is EST: 17:00 local = 22:00 UTC.
    expect(isMarketOpen('commodities', utc('2026-11-24T21:59:00'))).toBe(true); // Tuesday
    expect(isMarketOpen('commodities', utc('2026-11-24T22:30:00'))).toBe(false);
    expect(isMarketOpen('commodities', utc('2026-11-24T23:00:00'))).toBe(true);
    expect(isMarketOpen('commodities', utc('2026-11-27T22:30:00'))).toBe(false); // Friday after close
    expect(isMarketOpen('commodities', utc('2026-11-28T23:30:00'))).toBe(false); // Saturday
    expect(isMarketOpen('commodities', utc('2026-11-29T22:59:00'))).toBe(false); // Sunday before 18:00
    expect(isMarketOpen('commodities', utc('2026-11-29T23:00:00'))).toBe(true);
  });

  it('keeps metals to Monday-Friday 09:00-17:00', () => {
    expect(sessionOf('metals')).toBe('standard');
    expect(isMarketOpen('metals', utc('2026-11-23T13:59:00'))).toBe(false);
    expect(isMarketOpen('metals', utc('2026-11-23T14:00:00'))).toBe(true);
    expect(isMarketOpen('metals', utc('2026-11-23T21:59:00'))).toBe(true);
    expect(isMarketOpen('metals', utc('2026-11-23T22:00:00'))).toBe(false);
  });

  it('finds the next opening, or the moment itself when open', () => {
    const saturday = utc('2026-11-28T12:10:00');
    expect(nextSessionOpen('forex', saturday)).toBe(utc('2026-11-29T22:00:00'));
    expect(nextSessionOpen('us-equities', saturday)).toBe(utc('2026-11-30T14:30:00'));
    expect(nextSessionOpen('always', saturday)).toBe(saturday);
    const open = utc('2026-11-24T15:07:13');
    expect(nextSessionOpen('us-equities', open)).toBe(open);
    expect(isSessionOpen('futures', nextSessionOpen('futures', utc('2026-11-24T22:05:00')))).toBe(true);
  });

  it('finds the last open moment before a closed market', () => {
    const saturday = utc('2026-11-28T10:17:00');
    expect(lastSessionOpen('forex', saturday)).toBe(utc('2026-11-27T22:00:00') - 1);
    // Friday's close in New York is 21:00 UTC in winter.
    expect(lastSessionOpen('us-equities', saturday)).toBe(utc('2026-11-27T21:00:00') - 1);
    expect(lastSessionOpen('us-equities', utc('2026-11-25T05:00:00'))).toBe(utc('2026-11-24T21:00:00') - 1);
    expect(lastSessionOpen('always', saturday)).toBe(saturday);
    const open = utc('2026-11-24T15:07:13');
    expect(lastSessionOpen('us-equities', open)).toBe(open);
    expect(isSessionOpen('futures', lastSessionOpen('futures', utc('2026-11-24T22:35:00')))).toBe(true);
  });
});

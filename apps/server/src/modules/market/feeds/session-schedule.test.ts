import { describe, expect, it } from 'vitest';
import { sessionSchedule } from '@bourse/contract';
import type { FeedListener, PriceFeed, SourceStatus } from './feed-types.ts';
import { ScheduledFeed } from './scheduled-feed.ts';
import { withinSchedule } from './session-schedule.ts';

const at = (iso: string) => new Date(iso);

describe('session schedule', () => {
  it('runs from start to end on the days listed', () => {
    const s = sessionSchedule.parse({ start: '08:00', end: '17:30', days: ['mon', 'tue', 'wed', 'thu', 'fri'] });
    expect(withinSchedule(s, at('2026-11-27T08:00:00Z'))).toBe(true); // a Friday
    expect(withinSchedule(s, at('2026-11-27T17:29:00Z'))).toBe(true);
    expect(withinSchedule(s, at('2026-11-27T17:30:00Z'))).toBe(false);
    expect(withinSchedule(s, at('2026-11-27T07:59:00Z'))).toBe(false);
    expect(withinSchedule(s, at('2026-11-28T12:00:00Z'))).toBe(false); // Saturday
  });

  it('runs past midnight when the end comes before the start, counting the day it began', () => {
    // FX: Sunday 22:05 to Friday 21:55 UTC, as daily windows from Sunday to Thursday.
    const s = sessionSchedule.parse({ start: '22:05', end: '21:55', days: ['sun', 'mon', 'tue', 'wed', 'thu'] });
    expect(withinSchedule(s, at('2026-11-29T22:04:00Z'))).toBe(false); // Sunday before the open
    expect(withinSchedule(s, at('2026-11-29T22:05:00Z'))).toBe(true);
    expect(withinSchedule(s, at('2026-11-30T03:00:00Z'))).toBe(true); // Monday night, Sunday's window
    expect(withinSchedule(s, at('2026-11-30T22:00:00Z'))).toBe(false); // the daily break
    expect(withinSchedule(s, at('2026-11-27T21:54:00Z'))).toBe(true); // Friday, Thursday's window
    expect(withinSchedule(s, at('2026-11-27T21:55:00Z'))).toBe(false);
    expect(withinSchedule(s, at('2026-11-28T12:00:00Z'))).toBe(false); // Saturday
  });

  it('reads the hours in the schedule’s time zone', () => {
    const s = sessionSchedule.parse({ start: '09:30', end: '16:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'], time_zone: 'America/New_York' });
    expect(withinSchedule(s, at('2026-11-27T14:30:00Z'))).toBe(true); // 09:30 EST
    expect(withinSchedule(s, at('2026-11-27T14:29:00Z'))).toBe(false);
    expect(withinSchedule(s, at('2026-07-10T13:30:00Z'))).toBe(true); // 09:30 EDT
    expect(sessionSchedule.safeParse({ start: '9:30', end: '16:00' }).success).toBe(false);
    expect(sessionSchedule.safeParse({ start: '09:30', end: '16:00', time_zone: 'Mars/Olympus' }).success).toBe(false);
  });
});

describe('a source with session hours', () => {
  /** A source that records being started and stopped. */
  function recorder() {
    const calls: string[] = [];
    const feed: PriceFeed = {
      name: 'lp',
      kind: 'fix',
      start: (l) => {
        calls.push('start');
        l.status('connected');
      },
      stop: async () => void calls.push('stop'),
    };
    return { feed, calls };
  }

  it('starts in its hours, stops outside them, and tells the hub it is closed once', async () => {
    const { feed, calls } = recorder();
    let now = at('2026-11-27T07:00:00Z');
    const statuses: [SourceStatus, string | undefined][] = [];
    const listener: FeedListener = { quote: () => {}, status: (s, d) => void statuses.push([s, d]) };
    const scheduled = new ScheduledFeed(feed, sessionSchedule.parse({ start: '08:00', end: '17:00' }), () => now);
    scheduled.start(listener);
    scheduled.check();
    expect(calls).toEqual([]);
    expect(statuses).toEqual([['disconnected', 'outside its session hours (08:00–17:00 UTC, mon tue wed thu fri sat sun)']]);

    now = at('2026-11-27T08:00:00Z');
    scheduled.check();
    scheduled.check();
    expect(calls).toEqual(['start']);
    expect(statuses.at(-1)).toEqual(['connected', undefined]);

    now = at('2026-11-27T17:00:00Z');
    scheduled.check();
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual(['start', 'stop']);
    expect(statuses.at(-1)![0]).toBe('disconnected');
    await scheduled.stop();
    expect(calls).toEqual(['start', 'stop']);
  });
});

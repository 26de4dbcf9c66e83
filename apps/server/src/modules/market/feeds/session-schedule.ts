import { type SessionSchedule, weekdays } from '@bourse/contract';

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

const formats = new Map<string, Intl.DateTimeFormat>();
/** Weekday (0 = Monday) and minute of the day at `at` in `zone`. */
function localTime(at: Date, zone: string): { day: number; minute: number } {
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const day = weekdays.indexOf(String(parts.weekday).toLowerCase().slice(0, 3) as (typeof weekdays)[number]);
  return { day, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Whether `at` falls in one of the schedule's windows (one that started yesterday and runs past midnight counts too). */
export function withinSchedule(schedule: SessionSchedule, at: Date): boolean {
  const { day, minute } = localTime(at, schedule.time_zone);
  const start = minutesOf(schedule.start);
  const end = minutesOf(schedule.end);
  const opensOn = (d: number) => schedule.days.includes(weekdays[(d + 7) % 7]!);
  if (start < end) return opensOn(day) && minute >= start && minute < end;
  // Past midnight (or a whole day when they are equal): today's window from `start`, or the tail of yesterday's until `end`.
  return (opensOn(day) && minute >= start) || (opensOn(day - 1) && minute < end);
}

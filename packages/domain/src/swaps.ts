import { Decimal } from 'decimal.js';
import type { MarketType } from './trading-hours.ts';

/**
 * Swaps (overnight financing). A position open at the daily rollover is charged, or credited, its
 * instrument's swap for that day: the long rate for a buy, the short rate for a sell, a positive rate
 * being paid to the trader. A rate is either
 * - `percent`: percent a year of the position's notional (units × price), over a day count of 360
 *   days for forex and metals (the money-market convention) and 365 for everything else; or
 * - `points`: points per lot per night, a point being the instrument's smallest price step
 *   (10^-digits), so one night is rate × point × units in the quote currency.
 * The triple day carries the weekend: on it a position pays three nights. Instruments with a triple
 * day roll over Monday to Friday only; an instrument without one (crypto, which trades every day)
 * rolls over every calendar day at 1×.
 */
export type SwapUnit = 'percent' | 'points';

/** ISO day of the week: 1 Monday … 7 Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Largest rate accepted, per unit: above it a rate is a typing mistake, not a market. */
export const SWAP_RATE_LIMITS: Record<SwapUnit, number> = { percent: 100, points: 100_000 };

/** The triple day of an instrument type when the back office has not set one. */
export function defaultTripleDay(type: MarketType): IsoWeekday | null {
  switch (type) {
    case 'forex':
    case 'metals':
      // Spot settles two days later: Wednesday's rollover moves the value date over the weekend.
      return 3;
    case 'crypto':
      return null;
    default:
      // Index, share and commodity CFDs: Friday's rollover carries Saturday and Sunday.
      return 5;
  }
}

/** Days in the year a `percent` rate is divided by: 360 for forex and metals, 365 otherwise. */
export function swapDayCount(type: MarketType): 360 | 365 {
  return type === 'forex' || type === 'metals' ? 360 : 365;
}

/** The ISO weekday of a calendar day `YYYY-MM-DD`. */
export function isoWeekday(day: string): IsoWeekday {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const sunday0 = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as IsoWeekday;
}

/**
 * How many nights the rollover of `day` charges: 3 on the triple day, 1 on other weekdays, 0 on a
 * Saturday or Sunday; with no triple day, 1 every day.
 */
export function swapNights(day: string, tripleDay: number | null): 0 | 1 | 3 {
  if (tripleDay === null) return 1;
  const weekday = isoWeekday(day);
  if (weekday >= 6) return 0;
  return weekday === tripleDay ? 3 : 1;
}

export type SwapRate = {
  unit: SwapUnit;
  /** Percent a year, or points per lot per night; positive is paid to the trader. */
  rate: Decimal.Value;
  dayCount: number;
  /** Price decimals of the instrument: a point is 10^-digits. */
  digits: number;
};

/**
 * One rollover's swap per unit of the position, in the account currency: `nights` (see swapNights)
 * at `rate`, on `price` (quote currency per unit; used by `percent` only), converted at
 * `conversion` (account currency per unit of quote currency). Not rounded.
 */
export function swapPerUnit(rate: SwapRate, opts: { price: Decimal.Value; nights: number; conversion: Decimal.Value }): Decimal {
  const perNight =
    rate.unit === 'percent'
      ? new Decimal(opts.price).times(rate.rate).dividedBy(100).dividedBy(rate.dayCount)
      : new Decimal(rate.rate).times(new Decimal(10).pow(-rate.digits));
  return perNight.times(opts.nights).times(opts.conversion);
}

/** The money a position of `units` is charged (negative) or paid: per unit × units, to the cent, halves away from zero. */
export function swapAmount(units: Decimal.Value, perUnit: Decimal.Value): Decimal {
  return new Decimal(units).times(perUnit).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

// The rollover clock: a local time of day in an IANA time zone (17:00 America/New_York by default).

export type RolloverTime = { hour: number; minute: number };

/** `HH:MM` (24-hour) as a time of day; null when it is not one. */
export function parseRolloverTime(text: string): RolloverTime | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

/** Whether `zone` names a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock of `zone` at `utcMs`, as the UTC instant with the same fields. */
function wallClock(zone: string, utcMs: number): number {
  const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The calendar day `YYYY-MM-DD` in `zone` at `utcMs`. */
export function localDay(zone: string, utcMs: number): string {
  return new Date(wallClock(zone, utcMs)).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The instant (UTC ms) of the rollover of calendar day `day` at `time` in `zone`, daylight saving applied. */
export function rolloverAt(day: string, time: RolloverTime, zone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, time.hour, time.minute);
  const offset = (utcMs: number) => wallClock(zone, utcMs) - utcMs;
  // The zone's offset at a first guess, then at the instant that gives: right across a DST change.
  return wall - offset(wall - offset(wall));
}

/** The rollovers after `fromMs` up to `toMs` included, oldest first, each with its calendar day. */
export function rolloversBetween(fromMs: number, toMs: number, time: RolloverTime, zone: string): { day: string; at: number }[] {
  const out: { day: string; at: number }[] = [];
  if (!(toMs > fromMs)) return out;
  const last = addDays(localDay(zone, toMs), 1);
  for (let day = addDays(localDay(zone, fromMs), -1); day <= last; day = addDays(day, 1)) {
    const at = rolloverAt(day, time, zone);
    if (at > fromMs && at <= toMs) out.push({ day, at });
  }
  return out;
}

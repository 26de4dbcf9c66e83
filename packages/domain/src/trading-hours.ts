/**
 * Trading hours (SPEC §9). Forex is defined in UTC (Sunday 22:00 to Friday 22:00). Every other
 * clock rule is New York local time (America/New_York, daylight saving applied), because US stock,
 * index and futures sessions are quoted in Eastern time and shift with it. Exchange holidays are
 * not modelled: every weekday is a trading day.
 */

/** Instrument types of the catalogue (SPEC §3 Asset `type`). */
export type MarketType = 'forex' | 'stocks' | 'indices' | 'crypto' | 'commodities' | 'metals';

/** One schedule shared by several instrument types. */
export type TradingSession = 'always' | 'forex' | 'us-equities' | 'futures' | 'standard';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Which schedule an instrument type follows: crypto 24/7, stocks and indices (ETFs too) US hours, others 09:00-17:00. */
export function sessionOf(type: MarketType): TradingSession {
  switch (type) {
    case 'crypto':
      return 'always';
    case 'forex':
      return 'forex';
    case 'stocks':
    case 'indices':
      return 'us-equities';
    case 'commodities':
      return 'futures';
    default:
      return 'standard';
  }
}

/** The schedule as shown in the asset info dialog. */
export const tradingScheduleText: Record<TradingSession, string> = {
  always: '24/7',
  forex: '24/5: Sunday 22:00 to Friday 22:00 UTC',
  'us-equities': 'Monday to Friday 09:30-16:00 New York time',
  futures: 'Sunday 18:00 to Friday 17:00 New York time, daily break 17:00-18:00',
  standard: 'Monday to Friday 09:00-17:00 New York time',
};

/** Whether US Eastern daylight saving time applies at `utcMs` (second Sunday of March to first Sunday of November, 2:00 local). */
export function isEasternDaylightTime(utcMs: number): boolean {
  const year = new Date(utcMs).getUTCFullYear();
  const marchFirst = new Date(Date.UTC(year, 2, 1)).getUTCDay();
  const start = Date.UTC(year, 2, 1 + ((7 - marchFirst) % 7) + 7, 7);
  const novemberFirst = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const end = Date.UTC(year, 10, 1 + ((7 - novemberFirst) % 7), 6);
  return utcMs >= start && utcMs < end;
}

/** Day of week (0 = Sunday) and minute of day of `utcMs` shifted by `offsetMs`. */
function clock(utcMs: number, offsetMs: number): { day: number; minute: number } {
  const local = utcMs + offsetMs;
  const day = (Math.floor(local / DAY) + 4) % 7; // 1970-01-01 was a Thursday
  const minute = Math.floor((((local % DAY) + DAY) % DAY) / MINUTE);
  return { day: (day + 7) % 7, minute };
}

function newYorkClock(utcMs: number) {
  return clock(utcMs, (isEasternDaylightTime(utcMs) ? -4 : -5) * HOUR);
}

const at = (h: number, m = 0) => h * 60 + m;

/** Whether a market following `session` is open at `when`. */
export function isSessionOpen(session: TradingSession, when: number | Date): boolean {
  const ms = typeof when === 'number' ? when : when.getTime();
  switch (session) {
    case 'always':
      return true;
    case 'forex': {
      const { day, minute } = clock(ms, 0);
      if (day === 6) return false;
      if (day === 5) return minute < at(22);
      if (day === 0) return minute >= at(22);
      return true;
    }
    case 'us-equities': {
      const { day, minute } = newYorkClock(ms);
      return day >= 1 && day <= 5 && minute >= at(9, 30) && minute < at(16);
    }
    case 'futures': {
      const { day, minute } = newYorkClock(ms);
      if (day === 6) return false;
      if (day === 0) return minute >= at(18);
      if (day === 5) return minute < at(17);
      return minute < at(17) || minute >= at(18);
    }
    case 'standard': {
      const { day, minute } = newYorkClock(ms);
      return day >= 1 && day <= 5 && minute >= at(9) && minute < at(17);
    }
  }
}

/** Whether an instrument of `type` trades at `when` (now by default). */
export function isMarketOpen(type: MarketType, when: number | Date = Date.now()): boolean {
  return isSessionOpen(sessionOf(type), when);
}

const STEP = 30 * MINUTE;

/**
 * The first moment at or after `from` when `session` is open, in ms. Every session boundary falls
 * on a full or half hour, so the search walks half hours; it never looks further than 8 days.
 */
export function nextSessionOpen(session: TradingSession, from: number): number {
  if (isSessionOpen(session, from)) return from;
  let t = Math.ceil(from / STEP) * STEP;
  for (const limit = from + 8 * DAY; t <= limit; t += STEP) {
    if (isSessionOpen(session, t)) return t;
  }
  return t;
}

/**
 * The last moment at or before `at` when `session` was open, in ms: `at` itself when open, else
 * the last millisecond before the latest close (within 8 days, like `nextSessionOpen`). A chart of
 * a closed market ends there, not at an empty stretch of the weekend.
 */
export function lastSessionOpen(session: TradingSession, at: number): number {
  if (isSessionOpen(session, at)) return at;
  for (let t = Math.floor(at / STEP) * STEP, limit = at - 8 * DAY; t >= limit; t -= STEP) {
    if (isSessionOpen(session, t - 1)) return t - 1;
  }
  return at;
}

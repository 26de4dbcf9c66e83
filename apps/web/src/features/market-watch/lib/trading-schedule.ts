import type { AssetType } from '@bourse/contract';
import { isSessionOpen, sessionOf, type TradingSession } from '@bourse/domain/trading-hours';
import { msg } from '@/i18n/i18n';

/** SPEC §9 "Trading hours shown", per schedule; shown with `t()`. */
const scheduleText: Record<TradingSession, string> = {
  always: msg('24/7'),
  forex: msg('24/5: opens Sunday 22:00, closes Friday 22:00 (UTC)'),
  'us-equities': msg('Monday to Friday 09:30-16:00 (New York time)'),
  futures: msg('Daily break 17:00-18:00, closes Friday 17:00 (New York time)'),
  standard: msg('Monday to Friday 09:00-17:00 (New York time)'),
};

/** The schedule the asset info dialog shows for an instrument type, and whether it is open now. */
export function tradingSchedule(type: AssetType, now: Date = new Date()): { text: string; open: boolean } {
  const session = sessionOf(type);
  return { text: scheduleText[session], open: isSessionOpen(session, now) };
}

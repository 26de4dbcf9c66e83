import type { AccountHistory } from '@bourse/contract';

/**
 * The equity line's points: the recorded end-of-day equity, with today's replaced by the live
 * figure when there is one, so the line ends where the account is now.
 */
export function equitySeries(points: AccountHistory['points'], equityPoints: AccountHistory['equity_points'], equityNow: number | null) {
  const data = equityPoints.map((p) => ({ time: p.date, value: Number(p.equity) }));
  const today = points.at(-1)?.date ?? equityPoints.at(-1)?.date;
  if (today === undefined || equityNow === null) return data;
  return [...data.filter((p) => p.time !== today), { time: today, value: equityNow }];
}

import { deskDayPnl, deskDays } from '../../../db/schema/index.ts';
import type { AppContext } from '../../../app-context.ts';
import { exposureOf } from './exposure.ts';
import { dailyPnl, type Span } from './reports.repository.ts';

const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) `ms` falls in, and its span. */
export function utcDay(ms: number): { day: string; span: Span } {
  const start = Math.floor(ms / DAY_MS) * DAY_MS;
  return { day: new Date(start).toISOString().slice(0, 10), span: { from: new Date(start), to: new Date(start + DAY_MS) } };
}

/**
 * Keeps the end-of-day snapshot of the UTC day before `nowMs`: its P&L by group, instrument and
 * currency (live accounts) and the open exposure now. Once per day: the day's row is written with
 * its figures in one transaction, and a second run (a restart, another node) finds it and writes nothing.
 */
export async function takeDaySnapshot(ctx: AppContext, nowMs: number): Promise<boolean> {
  const { day, span } = utcDay(nowMs - DAY_MS);
  const exposure = await exposureOf(ctx, 'live');
  return ctx.db.transaction(async (tx) => {
    const [kept] = await tx.insert(deskDays).values({ day, exposure }).onConflictDoNothing().returning({ day: deskDays.day });
    if (!kept) return false;
    const rows = await dailyPnl(tx, span, 'live');
    if (rows.length) {
      await tx.insert(deskDayPnl).values(
        rows.map((r) => ({
          day: r.day,
          groupId: r.group_id,
          groupName: r.group_name,
          assetId: r.asset_id,
          assetSymbol: r.symbol,
          currency: r.currency,
          trades: r.trades,
          lots: r.lots,
          spreadIncome: r.spread_income,
          commissions: r.commissions,
          swaps: r.swaps,
          realisedPnl: r.realised_pnl,
          housePnl: r.house_pnl,
        })),
      );
    }
    return true;
  });
}

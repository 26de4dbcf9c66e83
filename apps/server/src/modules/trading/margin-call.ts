import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { localized, notices } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { customerGroups, tradingAccounts } from '../../db/schema/index.ts';
import { tell } from '../preferences/preferences.service.ts';
import type { GroupLevels } from './risk-book.ts';

/**
 * Points above the margin-call level an account must climb back to before another crossing counts:
 * a level hovering on the line would otherwise send a notice on every wobble.
 */
export const MARGIN_CALL_REARM_POINTS = 5;

/** Every customer group's margin levels, for the risk engine. */
export async function groupLevels(ctx: AppContext): Promise<Map<number, GroupLevels>> {
  const rows = await ctx.db.select({ id: customerGroups.id, call: customerGroups.marginCallLevel, stopOut: customerGroups.stopOutLevel }).from(customerGroups);
  return new Map(rows.map((r) => [r.id, { marginCall: Number(r.call), stopOut: Number(r.stopOut) }]));
}

/**
 * An account reached its margin-call level: marks it, and when it was not marked already (this
 * crossing's notice not sent yet, here or on another node, before or since a restart) tells its
 * owner in the app and by email, per their notification settings. Whether a notice went out.
 */
export async function marginCalled(ctx: AppContext, accountId: number, level: number, levels: GroupLevels): Promise<boolean> {
  const [row] = await ctx.db
    .update(tradingAccounts)
    .set({ marginCallAt: sql`now()` })
    .where(and(eq(tradingAccounts.id, accountId), isNull(tradingAccounts.marginCallAt)))
    .returning({ userId: tradingAccounts.userId, number: tradingAccounts.number });
  if (!row) return false;
  const params = { account: row.number, level: level.toFixed(1), call: String(levels.marginCall), stopOut: String(levels.stopOut) };
  await tell(ctx, row.userId, 'trading', { title: localized(notices.marginCallTitle), message: localized(notices.marginCall, params), color: 'danger' });
  ctx.log.info({ accountId, level }, 'margin call');
  return true;
}

/** The account is back above its margin-call level (with the re-arm margin): the next crossing sends a notice again. */
export async function marginCallCleared(ctx: AppContext, accountId: number): Promise<void> {
  await ctx.db.update(tradingAccounts).set({ marginCallAt: null }).where(and(eq(tradingAccounts.id, accountId), isNotNull(tradingAccounts.marginCallAt)));
}

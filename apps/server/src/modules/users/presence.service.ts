import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { announceUserChanged } from '../chat/admin-feed.ts';
import { isOnline, ONLINE_WINDOW_MS } from './presence.ts';

/**
 * Records that a user is here (a heartbeat, or a new live connection) and tells the admin chat
 * when a customer has just come online.
 */
export async function markSeen(ctx: AppContext, userId: number): Promise<void> {
  const [before] = await ctx.db.select({ role: users.role, lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, userId));
  if (!before) return;
  await ctx.db.update(users).set({ lastSeenAt: sql`now()` }).where(eq(users.id, userId));
  if (before.role === 'customer' && !isOnline(before.lastSeenAt)) announceUserChanged(ctx, userId);
}

/** A live connection counts as a heartbeat: refreshes everyone connected in one statement. */
export async function keepSeen(ctx: AppContext, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await ctx.db.update(users).set({ lastSeenAt: sql`now()` }).where(inArray(users.id, userIds));
}

/**
 * Customers whose last sign of life left the online window in (since, until]: they have just gone
 * offline. Returns the new `until` for the next sweep.
 */
export async function announceExpired(ctx: AppContext, since: Date, now = Date.now()): Promise<Date> {
  const until = new Date(now - ONLINE_WINDOW_MS);
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'customer'), gt(users.lastSeenAt, since), lte(users.lastSeenAt, until)));
  for (const row of rows) announceUserChanged(ctx, row.id);
  return until;
}

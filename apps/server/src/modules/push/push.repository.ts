import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Most devices a user keeps push on for: past it, the longest-subscribed is let go. */
export const MAX_DEVICES = 20;

/**
 * Keeps a device's subscription for `userId`. The endpoint names one browser profile: when another
 * user signs in on it and turns push on, the row becomes theirs (the previous user's pushes would
 * otherwise show on a device they left).
 */
export async function saveSubscription(db: DbOrTx, userId: number, body: PushSubscriptionBody): Promise<void> {
  const values = { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: values.p256dh, auth: values.auth, createdAt: new Date() } });
  // Every push goes to every device: a user cannot make the server post to any number of addresses.
  const kept = db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id)).limit(MAX_DEVICES);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
}

/** Removes the user's own subscription at `endpoint`; false when they have none there. */
export async function deleteOwnSubscription(db: DbOrTx, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Forgets a subscription the push service no longer knows. */
export async function deleteSubscriptionById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Whether the user has any device to push to (one indexed probe). */
export async function hasSubscriptions(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1);
  return row !== undefined;
}

export async function subscriptionsOf(db: DbOrTx, userId: number): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

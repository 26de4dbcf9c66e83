import { and, eq } from 'drizzle-orm';
import { channels, events } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { notifications, users } from '../../db/schema/index.ts';

export type NewNotification = { title: string; message: string; color?: 'danger' | 'success' | 'warning' | 'info' };

/** Stores a notification and pushes it live on the user's notification channel. */
export async function notify(ctx: AppContext, userId: number, note: NewNotification): Promise<void> {
  const [row] = await ctx.db
    .insert(notifications)
    .values({ userId, title: note.title, message: note.message, color: note.color ?? 'info' })
    .returning();
  if (!row) return;
  await ctx.broadcaster.publish(channels.notification(userId), events.notification, {
    id: row.id,
    title: row.title,
    message: row.message,
    color: row.color,
  });
}

/** Sends one notification to every customer. */
export async function notifyAllCustomers(ctx: AppContext, note: NewNotification): Promise<number> {
  const customers = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'customer'));
  for (const c of customers) await notify(ctx, c.id, note);
  return customers.length;
}

export async function markRead(ctx: AppContext, userId: number, id: number): Promise<boolean> {
  const rows = await ctx.db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

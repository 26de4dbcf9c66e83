import { eq } from 'drizzle-orm';
import { alertWindowLabels, alertWindows, channels, describeAlert, events, formatPrice, type AlertWindow, alertWindowMs } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { preferencesOf, tell } from '../preferences/preferences.service.ts';
import { isOnline } from '../users/presence.ts';
import type { AlertRow, AlertWithAsset } from './alerts.repository.ts';

export function windowOf(ms: number | null): AlertWindow | null {
  return alertWindows.find((w) => alertWindowMs[w] === ms) ?? null;
}

const pct = (fraction: number) => `${Number((Math.abs(fraction) * 100).toFixed(2))}%`;

/** What the customer reads when an alert fires: the condition met and the price then. */
export function firedText(alert: AlertWithAsset, price: number, move: number | null): { title: string; message: string } {
  const now = formatPrice(price, alert.digits);
  let what: string;
  if (alert.kind === 'level') {
    what = `${alert.symbol} crossed ${alert.direction === 'below' ? 'below' : 'above'} ${formatPrice(alert.level ?? 0, alert.digits)} (now ${now}).`;
  } else {
    const window = alertWindowLabels[windowOf(alert.windowMs) ?? '1h'];
    what = `${alert.symbol} moved ${(move ?? 0) < 0 ? 'down' : 'up'} ${pct(move ?? 0)} within ${window} (now ${now}).`;
  }
  return { title: `Price alert: ${alert.symbol}`, message: alert.note ? `${what}\n${alert.note}` : what };
}

export function cancelledText(alert: AlertWithAsset): { title: string; message: string } {
  const condition = describeAlert({ ...alert, window: windowOf(alert.windowMs) });
  return {
    title: 'Price alert cancelled',
    message: `Your alert on ${alert.symbol} (${condition}) was cancelled: ${alert.symbol} is no longer traded.`,
  };
}

/**
 * Tells the customer, the ways they chose for price alerts (in the app and/or by email), and
 * pushes `alert.changed` so an open app refreshes its list and shows a browser notification. An
 * alert set to email when offline also mails a customer who is not online, when email is not
 * already their choice.
 */
export async function deliver(ctx: AppContext, alert: AlertRow & { symbol: string }, reason: 'triggered' | 'cancelled', text: { title: string; message: string }): Promise<void> {
  await tell(ctx, alert.userId, 'alerts', { ...text, color: reason === 'triggered' ? 'info' : 'warning' });
  try {
    await ctx.broadcaster.publish(channels.notification(alert.userId), events.alertChanged, { id: alert.id, asset_id: alert.assetId, reason, ...text });
  } catch (error) {
    // The notification is stored; a lost push only means the list refreshes on its next poll.
    ctx.log.warn({ err: error, alertId: alert.id }, 'alert event not delivered');
  }
  if (!alert.emailOffline || (await preferencesOf(ctx.db, alert.userId)).notifications.alerts.email) return;
  const [user] = await ctx.db.select({ email: users.email, lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, alert.userId));
  if (user && !isOnline(user.lastSeenAt)) await ctx.mailer.send({ to: user.email, subject: text.title, text: text.message });
}

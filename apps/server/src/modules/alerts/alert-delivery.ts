import { eq } from 'drizzle-orm';
import { alertWindowLabels, alertWindows, channels, describeAlert, events, formatPrice, type AlertWindow, alertWindowMs, type LocalizedText, localized, notices } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { noteColumns, noteTextIn } from '../notifications/notifications.service.ts';
import { preferencesOf, tell } from '../preferences/preferences.service.ts';
import { isOnline } from '../users/presence.ts';
import type { AlertRow, AlertWithAsset } from './alerts.repository.ts';

export function windowOf(ms: number | null): AlertWindow | null {
  return alertWindows.find((w) => alertWindowMs[w] === ms) ?? null;
}

const pct = (fraction: number) => `${Number((Math.abs(fraction) * 100).toFixed(2))}%`;

/** What the customer reads when an alert fires: the condition met and the price then. */
type AlertText = { title: LocalizedText; message: LocalizedText };

export function firedText(alert: AlertWithAsset, price: number, move: number | null): AlertText {
  const params = { symbol: alert.symbol, now: formatPrice(price, alert.digits) };
  let what: LocalizedText;
  if (alert.kind === 'level') {
    what = localized(alert.direction === 'below' ? notices.alertBelow : notices.alertAbove, { ...params, level: formatPrice(alert.level ?? 0, alert.digits) });
  } else {
    const window = { key: alertWindowLabels[windowOf(alert.windowMs) ?? '1h'] };
    what = localized((move ?? 0) < 0 ? notices.alertDown : notices.alertUp, { ...params, percent: pct(move ?? 0), window });
  }
  // The customer's own note follows as they wrote it.
  const message = alert.note ? localized(notices.alertWithNote, { text: { key: what.key, params: plain(what) }, note: alert.note }) : what;
  return { title: localized(notices.alertTitle, { symbol: alert.symbol }), message };
}

/** A message's parameters that are plain values (an alert's are), for nesting it in another message. */
const plain = (text: LocalizedText) => Object.fromEntries(Object.entries(text.params).filter((e): e is [string, string | number] => typeof e[1] !== 'object'));

export function cancelledText(alert: AlertWithAsset): AlertText {
  const condition = describeAlert({ ...alert, window: windowOf(alert.windowMs) });
  return { title: localized(notices.alertCancelledTitle), message: localized(notices.alertCancelled, { symbol: alert.symbol, condition }) };
}

function eventText(text: AlertText) {
  const { title, message, titleKey, messageKey, params } = noteColumns(text);
  return { title, message, title_key: titleKey, message_key: messageKey, params };
}

/**
 * Tells the customer, the ways they chose for price alerts (in the app and/or by email), and
 * pushes `alert.changed` so an open app refreshes its list and shows a browser notification. An
 * alert set to email when offline also mails a customer who is not online, when email is not
 * already their choice.
 */
export async function deliver(ctx: AppContext, alert: AlertRow & { symbol: string }, reason: 'triggered' | 'cancelled', text: AlertText): Promise<void> {
  await tell(ctx, alert.userId, 'alerts', { ...text, color: reason === 'triggered' ? 'info' : 'warning' });
  try {
    await ctx.broadcaster.publish(channels.notification(alert.userId), events.alertChanged, { id: alert.id, asset_id: alert.assetId, reason, ...eventText(text) });
  } catch (error) {
    // The notification is stored; a lost push only means the list refreshes on its next poll.
    ctx.log.warn({ err: error, alertId: alert.id }, 'alert event not delivered');
  }
  const { notifications: chosen, language } = await preferencesOf(ctx.db, alert.userId);
  if (!alert.emailOffline || chosen.alerts.email) return;
  const [user] = await ctx.db.select({ email: users.email, lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, alert.userId));
  if (user && !isOnline(user.lastSeenAt)) await ctx.mailer.send({ to: user.email, subject: noteTextIn(language, text.title), text: noteTextIn(language, text.message) });
}

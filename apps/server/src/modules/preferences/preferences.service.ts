import { eq, sql } from 'drizzle-orm';
import { indicatorMessages, MAX_INDICATOR_INSTRUMENTS, mergeIndicators, type NotificationTopic, type Preferences, type PreferencesUpdate, preferencesSchema } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { statement } from '../../db/statement.ts';
import { invalid } from '../../http/errors.ts';
import { users } from '../../db/schema/index.ts';
import { audit } from '../audit/audit.service.ts';
import { noteTextIn, notify, type NewNotification } from '../notifications/notifications.service.ts';
import { sendPush } from '../push/push.service.ts';

const storedPreferences = statement('user_preferences', (db) =>
  db.select({ preferences: users.preferences }).from(users).where(eq(users.id, sql.placeholder('userId'))),
);

export async function preferencesOf(db: DbOrTx, userId: number): Promise<Preferences> {
  const [row] = await storedPreferences(db, { userId });
  // Stored settings a later version no longer accepts fall back to their defaults.
  const parsed = preferencesSchema.safeParse(row?.preferences ?? {});
  return parsed.success ? parsed.data : preferencesSchema.parse({});
}

export async function updatePreferences(db: DbOrTx, userId: number, patch: PreferencesUpdate): Promise<Preferences> {
  const current = await preferencesOf(db, userId);
  // The chart's indicators and style are how the customer looks at prices, not settings of the account: not audited.
  const { indicators: indicatorPatch, chart_style: chartStyle, ...settings } = patch;
  // The chart's indicators change per instrument: the instruments not named keep theirs.
  const indicators = indicatorPatch ? mergeIndicators(current.indicators, indicatorPatch) : current.indicators;
  if (indicators && Object.keys(indicators).length > MAX_INDICATOR_INSTRUMENTS) throw invalid('indicators', indicatorMessages.instruments);
  const next = preferencesSchema.parse({
    ...current,
    ...settings,
    notifications: { ...current.notifications, ...settings.notifications },
    indicators: indicators && Object.keys(indicators).length ? indicators : undefined,
    chart_style: chartStyle ?? current.chart_style,
  });
  await db.update(users).set({ preferences: next }).where(eq(users.id, userId));
  if (Object.keys(settings).length) {
    await audit(db, { userId, role: 'customer' }, { action: 'preferences.updated', subjectType: 'user', subjectId: userId, userId, details: { ...settings } });
  }
  return next;
}

/**
 * Tells the customer about something, the ways they chose for its topic: an in-app notification
 * (with its realtime event, and a Web Push to each device they turned push on for) and/or an email
 * in the language they chose.
 */
export async function tell(ctx: AppContext, userId: number, topic: NotificationTopic, note: NewNotification): Promise<void> {
  const { notifications: chosen, language } = await preferencesOf(ctx.db, userId);
  const prefs = chosen[topic];
  if (prefs.in_app) {
    await notify(ctx, userId, note);
    sendPush(ctx, userId, { ...note, language });
  }
  if (!prefs.email) return;
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (user) await ctx.mailer.send({ to: user.email, subject: noteTextIn(language, note.title), text: noteTextIn(language, note.message) });
}

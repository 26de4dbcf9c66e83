import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { channels, events, type LanguageCode, type LocalizedText, type MessageParams, renderMessage } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { notifications, users } from '../../db/schema/index.ts';
import { statement } from '../../db/statement.ts';

/** A notification's title or text: a message key with its parameters, or free text (an operator's). */
export type NoteText = string | LocalizedText;
export type NewNotification = { title: NoteText; message: NoteText; color?: 'danger' | 'success' | 'warning' | 'info' };

/** The English words of a note's title or text. */
export const englishOf = (text: NoteText): string => (typeof text === 'string' ? text : renderMessage(text));

/** How a note is stored: its English words, and its keys and parameters for other languages. */
export function noteColumns(note: NewNotification): { title: string; message: string; titleKey: string | null; messageKey: string | null; params: MessageParams } {
  const keyOf = (text: NoteText) => (typeof text === 'string' ? null : text.key);
  const paramsOf = (text: NoteText) => (typeof text === 'string' ? {} : text.params);
  return {
    title: englishOf(note.title),
    message: englishOf(note.message),
    titleKey: keyOf(note.title),
    messageKey: keyOf(note.message),
    params: { ...paramsOf(note.title), ...paramsOf(note.message) },
  };
}

/** A stored note as the API and the realtime event give it. */
export const noteView = (row: typeof notifications.$inferSelect) => ({
  id: row.id,
  title: row.title,
  message: row.message,
  color: row.color,
  title_key: row.titleKey,
  message_key: row.messageKey,
  params: row.params,
});

/** Stores a notification and pushes it live on the user's notification channel. */
export async function notify(ctx: AppContext, userId: number, note: NewNotification): Promise<void> {
  const [row] = await ctx.db
    .insert(notifications)
    .values({ userId, ...noteColumns(note), color: note.color ?? 'info' })
    .returning();
  if (!row) return;
  await ctx.broadcaster.publish(channels.notification(userId), events.notification, noteView(row));
}

/** Sends one notification to every customer. */
export async function notifyAllCustomers(ctx: AppContext, note: NewNotification): Promise<number> {
  const customers = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'customer'));
  for (const c of customers) await notify(ctx, c.id, note);
  return customers.length;
}

const markReadStatement = statement('notification_read', (db) =>
  db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, sql.placeholder('id')), eq(notifications.userId, sql.placeholder('userId'))))
    .returning({ id: notifications.id }),
);

export async function markRead(ctx: AppContext, userId: number, id: number): Promise<boolean> {
  const rows = await markReadStatement(ctx.db, { id, userId });
  return rows.length > 0;
}

/** The web app's message catalogues: one set of translations for the screens and the server's mails. */
const LOCALES = path.resolve(import.meta.dirname, '../../../../web/src/i18n/locales');
const catalogues = new Map<string, Record<string, string>>();

function catalogueOf(language: LanguageCode): Record<string, string> {
  let found = catalogues.get(language);
  if (!found) {
    const dir = path.join(LOCALES, language);
    found = Object.assign({}, ...readdirSync(dir).filter((n) => n.endsWith('.json')).map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as Record<string, string>));
    catalogues.set(language, found!);
  }
  return found!;
}

/**
 * A note's title or text in `language` (English when none was chosen): a keyed text through the
 * catalogue, a message it lacks in English; free text as it was written.
 */
export function noteTextIn(language: LanguageCode | undefined, text: NoteText): string {
  if (typeof text === 'string') return text;
  const catalogue = language && language !== 'en' ? catalogueOf(language) : {};
  return renderMessage(text, (key) => catalogue[key] ?? key);
}

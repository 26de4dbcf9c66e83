import { eq } from 'drizzle-orm';
import { channels, events, localized, notices } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { type NewNotification, noteTextIn, notify } from '../notifications/notifications.service.ts';
import { preferencesOf } from '../preferences/preferences.service.ts';
import type { DocumentRow } from './verification.repository.ts';

function notesFor(row: DocumentRow, label: string, outcome: { allApproved: boolean; activated: boolean }): NewNotification[] {
  // The document's name is a message of its own, so a reader in another language sees it translated.
  const document = { key: label };
  if (row.status === 'rejected') {
    const reason = row.reason?.replace(/[.!\s]+$/, '') ?? '';
    return [{ title: localized(notices.documentRejectedTitle), message: localized(notices.documentRejected, { document, reason }), color: 'warning' }];
  }
  const notes: NewNotification[] = [{ title: localized(notices.documentApprovedTitle), message: localized(notices.documentApproved, { document }), color: 'success' }];
  if (outcome.allApproved) {
    notes.push({
      title: localized(notices.identityVerifiedTitle),
      message: localized(outcome.activated ? notices.identityVerifiedActive : notices.identityVerified),
      color: 'success',
    });
  }
  return notes;
}

/**
 * Tells the customer about a decision: in the app, by email, and on their user channel so open
 * screens refetch (the account status may have changed). Runs after the decision is committed; a
 * mail server that fails does not undo it.
 */
export async function announceDecision(ctx: AppContext, row: DocumentRow, label: string, outcome: { allApproved: boolean; activated: boolean }): Promise<void> {
  const notes = notesFor(row, label, outcome);
  for (const note of notes) await notify(ctx, row.userId, note);
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  const last = notes.at(-1)!;
  if (user) {
    const { language } = await preferencesOf(ctx.db, row.userId);
    await ctx.mailer
      .send({ to: user.email, subject: noteTextIn(language, last.title), text: notes.map((n) => noteTextIn(language, n.message)).join('\n\n') })
      .catch((err: Error) => ctx.log.warn({ err: err.message }, 'verification mail failed'));
  }
  await ctx.broadcaster.publish(channels.user(row.userId), events.userUpdated, { id: row.userId });
}

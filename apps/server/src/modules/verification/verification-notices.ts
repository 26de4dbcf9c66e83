import { eq } from 'drizzle-orm';
import { channels, events } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { type NewNotification, notify } from '../notifications/notifications.service.ts';
import type { DocumentRow } from './verification.repository.ts';

function notesFor(row: DocumentRow, label: string, outcome: { allApproved: boolean; activated: boolean }): NewNotification[] {
  if (row.status === 'rejected') {
    return [{ title: 'Document rejected', message: `Your ${label.toLowerCase()} was rejected: ${row.reason?.replace(/[.!\s]+$/, '')}. Please upload a new one on the Verification page.`, color: 'warning' }];
  }
  const notes: NewNotification[] = [{ title: 'Document approved', message: `Your ${label.toLowerCase()} has been approved.`, color: 'success' }];
  if (outcome.allApproved) {
    notes.push({
      title: 'Identity verified',
      message: outcome.activated ? 'Your identity has been verified and your account is approved. You can now trade.' : 'Your identity has been verified.',
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
    await ctx.mailer
      .send({ to: user.email, subject: last.title, text: notes.map((n) => n.message).join('\n\n') })
      .catch((err: Error) => ctx.log.warn({ err: err.message }, 'verification mail failed'));
  }
  await ctx.broadcaster.publish(channels.user(row.userId), events.userUpdated, { id: row.userId });
}

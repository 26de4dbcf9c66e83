import { channels, events, localized, messages, personalMessages as msg, notices, type PasswordChange, type SessionInfo } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.service.ts';
import { createOneTimeToken } from '../auth/auth.repository.ts';
import { notify } from '../notifications/notifications.service.ts';
import { preferencesOf } from '../preferences/preferences.service.ts';
import { findUserByEmail, findUserById, setPasswordHash, type UserRow } from '../users/users.repository.ts';
import {
  deleteOtherSessions,
  deleteOwnSession,
  findLiveToken,
  liveSessionsOf,
  retireTokens,
  setEmail,
  useToken,
} from './personal.repository.ts';

const EMAIL_CHANGE_TTL_MINUTES = 60;
const INVALID_LINK = 'This link is invalid or has expired.';

/** The caller's row after their password was checked; a wrong password is a 422 on `field`. */
export async function withPassword(ctx: AppContext, userId: number, password: string, field = 'password'): Promise<UserRow> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw notFound();
  if (!(await verifyPassword(row.passwordHash, password))) throw invalid(field, msg.currentPasswordWrong);
  return row;
}

/** Changes the password and signs every other device out; the session in use stays. */
export async function changePassword(ctx: AppContext, caller: AuthInfo, body: PasswordChange): Promise<number> {
  const row = await withPassword(ctx, caller.userId, body.current_password, 'current_password');
  if (await verifyPassword(row.passwordHash, body.password)) throw invalid('password', msg.samePassword);
  const hash = await hashPassword(body.password);
  const ended = await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, caller.userId, hash);
    // Reset links asked for before the change would undo it.
    await retireTokens(tx, caller.userId, 'reset');
    const n = await deleteOtherSessions(tx, caller.userId, caller.sessionId);
    await audit(tx, caller, { action: 'security.password_changed', subjectType: 'user', subjectId: caller.userId, userId: caller.userId, details: { sessions_ended: n } });
    return n;
  });
  await notify(ctx, caller.userId, { title: localized(notices.passwordChangedTitle), message: localized(notices.passwordChanged), color: 'warning' });
  await ctx.mailer.send({ to: row.email, template: 'passwordChanged' });
  return ended;
}

export async function sessionsOf(ctx: AppContext, caller: AuthInfo): Promise<SessionInfo[]> {
  const rows = await liveSessionsOf(ctx.db, caller.userId);
  return rows.map((s) => ({
    id: s.id,
    created_at: s.createdAt.toISOString(),
    last_used_at: s.lastUsedAt?.toISOString() ?? null,
    user_agent: s.userAgent,
    ip: s.ip,
    current: s.id === caller.sessionId,
  }));
}

export async function endSession(ctx: AppContext, caller: AuthInfo, sessionId: number): Promise<void> {
  if (sessionId === caller.sessionId) throw invalid('id', msg.currentSession);
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteOwnSession(tx, caller.userId, sessionId))) throw notFound(msg.sessionNotFound);
    await audit(tx, caller, { action: 'security.session_ended', subjectType: 'session', subjectId: sessionId, userId: caller.userId });
  });
}

export async function endOtherSessions(ctx: AppContext, caller: AuthInfo): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const n = await deleteOtherSessions(tx, caller.userId, caller.sessionId);
    await audit(tx, caller, { action: 'security.other_sessions_ended', subjectType: 'user', subjectId: caller.userId, userId: caller.userId, details: { sessions_ended: n } });
    return n;
  });
}

/**
 * Sends a confirmation link to the new address and a notice to the current one; the email
 * changes only when the link is opened. A newer request replaces an older one.
 */
export async function requestEmailChange(ctx: AppContext, caller: AuthInfo, email: string, password: string): Promise<void> {
  const row = await withPassword(ctx, caller.userId, password);
  if (row.email === email) throw invalid('email', msg.emailSame);
  if (await findUserByEmail(ctx.db, email)) throw invalid('email', messages.emailTaken);
  const { token } = await ctx.db.transaction(async (tx) => {
    await retireTokens(tx, caller.userId, 'email_change');
    await audit(tx, caller, { action: 'security.email_change_requested', subjectType: 'user', subjectId: caller.userId, userId: caller.userId, details: { from: row.email, to: email } });
    return createOneTimeToken(tx, caller.userId, 'email_change', EMAIL_CHANGE_TTL_MINUTES, email);
  });
  // The new address belongs to no account yet: it hears in the language of the one asking.
  const language = (await preferencesOf(ctx.db, caller.userId)).language;
  const link = `${ctx.config.publicUrl}/confirm-email?token=${token}`;
  await ctx.mailer.send({ to: email, language, template: 'emailChangeConfirm', params: { minutes: EMAIL_CHANGE_TTL_MINUTES, email }, link });
  await ctx.mailer.send({ to: row.email, template: 'emailChangeRequested', params: { email } });
}

/** Applies an email change from its link; the link works once. */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<string> {
  const { userId, from, to } = await ctx.db.transaction(async (tx) => {
    const found = await findLiveToken(tx, token, 'email_change');
    if (!found?.payload || !(await useToken(tx, found.id))) throw invalid('token', INVALID_LINK);
    const user = await findUserById(tx, found.userId);
    if (!user) throw invalid('token', INVALID_LINK);
    const other = await findUserByEmail(tx, found.payload);
    if (other && other.id !== user.id) throw invalid('email', messages.emailTaken);
    await setEmail(tx, user.id, found.payload);
    await audit(tx, { userId: user.id, role: user.role }, { action: 'security.email_changed', subjectType: 'user', subjectId: user.id, userId: user.id, details: { from: user.email, to: found.payload } });
    return { userId: user.id, from: user.email, to: found.payload };
  }).catch((err: unknown) => {
    if (String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505') throw invalid('email', messages.emailTaken);
    throw err;
  });
  await notify(ctx, userId, { title: localized(notices.emailChangedTitle), message: localized(notices.emailChanged, { email: to }), color: 'info' });
  await ctx.mailer.send({ to: from, language: (await preferencesOf(ctx.db, userId)).language, template: 'emailChanged', params: { email: to } });
  await ctx.broadcaster.publish(channels.user(userId), events.userUpdated, { id: userId });
  return to;
}

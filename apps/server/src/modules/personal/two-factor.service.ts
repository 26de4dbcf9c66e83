import { localized, personalMessages as msg, notices, type User } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { conflict, HttpError, invalid, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { clearSessionsTwoFactor, createOneTimeToken, createSession, markSessionTwoFactor, type SessionOrigin } from '../auth/auth.repository.ts';
import { notify } from '../notifications/notifications.service.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import { userView } from '../users/users.service.ts';
import {
  claimTotpStep,
  countWrongCode,
  findLiveToken,
  markTwoFactorEnabled,
  replaceRecoveryCodes,
  setTotpSecret,
  unusedRecoveryCodeCount,
  useRecoveryCode,
  useToken,
} from './personal.repository.ts';
import { withPassword } from './security.service.ts';
import { checkTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp.ts';

const CHALLENGE_TTL_MINUTES = 5;
const CHALLENGE_MAX_WRONG = 5;

/** Starts set-up after the password is confirmed: a new secret waits for its first code. */
export async function startSetup(ctx: AppContext, caller: AuthInfo, password: string) {
  const row = await withPassword(ctx, caller.userId, password);
  if (row.twoFactorEnabledAt) throw conflict(msg.twoFactorAlreadyOn);
  const issuer = (await getSiteSettings(ctx.db)).name;
  const { secret, uri } = newTotpSecret(issuer, row.email);
  await setTotpSecret(ctx.db, caller.userId, secret);
  return { secret, otpauth_url: uri };
}

/** Turns two-factor on with the first code from the app; returns the recovery codes, shown once. */
export async function confirmSetup(ctx: AppContext, caller: AuthInfo, code: string): Promise<string[]> {
  const row = await findUserById(ctx.db, caller.userId);
  if (!row) throw notFound();
  if (row.twoFactorEnabledAt) throw conflict(msg.twoFactorAlreadyOn);
  if (!row.totpSecret) throw invalid('code', msg.twoFactorNotStarted);
  const step = await checkTotp(row.totpSecret, code, null);
  if (step === null) throw invalid('code', msg.codeInvalid);
  const codes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    await markTwoFactorEnabled(tx, caller.userId, step);
    // The code just given proves this session; the user's other sessions prove nothing yet.
    await markSessionTwoFactor(tx, caller.sessionId);
    await replaceRecoveryCodes(tx, caller.userId, codes.map(recoveryCodeHash));
    await audit(tx, caller, { action: 'security.two_factor_enabled', subjectType: 'user', subjectId: caller.userId, userId: caller.userId });
  });
  await notify(ctx, caller.userId, { title: localized(notices.twoFactorOnTitle), message: localized(notices.twoFactorOn), color: 'success' });
  await ctx.mailer.send({ to: row.email, template: 'twoFactorOn' });
  return codes;
}

/**
 * Whether `code` (a TOTP newer than the last one accepted, or an unused recovery code) proves
 * the second factor; a correct code is used up.
 */
export async function useSecondFactor(ctx: AppContext, row: UserRow, code: string): Promise<boolean> {
  if (!row.totpSecret || !row.twoFactorEnabledAt) return false;
  if (/^\d{6}$/.test(code.trim())) {
    const step = await checkTotp(row.totpSecret, code.trim(), row.totpLastStep);
    return step !== null && (await claimTotpStep(ctx.db, row.id, step));
  }
  return useRecoveryCode(ctx.db, row.id, recoveryCodeHash(code));
}

/** Turns two-factor off; needs the password and a code (or a recovery code). */
export async function disableTwoFactor(ctx: AppContext, caller: AuthInfo, password: string, code: string): Promise<void> {
  const row = await withPassword(ctx, caller.userId, password);
  if (!row.twoFactorEnabledAt) throw conflict(msg.twoFactorOff);
  if (!(await useSecondFactor(ctx, row, code))) throw invalid('code', msg.codeInvalid);
  await ctx.db.transaction(async (tx) => {
    await setTotpSecret(tx, caller.userId, null);
    await clearSessionsTwoFactor(tx, caller.userId);
    await replaceRecoveryCodes(tx, caller.userId, []);
    await audit(tx, caller, { action: 'security.two_factor_disabled', subjectType: 'user', subjectId: caller.userId, userId: caller.userId });
  });
  await notify(ctx, caller.userId, { title: localized(notices.twoFactorOffTitle), message: localized(notices.twoFactorOff), color: 'warning' });
  await ctx.mailer.send({ to: row.email, template: 'twoFactorOff' });
}

/** After a right password or a login link, with two-factor on: a short-lived challenge instead of a session. */
export async function loginChallenge(ctx: AppContext, row: UserRow) {
  const { token } = await createOneTimeToken(ctx.db, row.id, 'two_factor', CHALLENGE_TTL_MINUTES);
  return { two_factor_required: true as const, challenge: token, message: 'Enter the 6-digit code from your authenticator app, or a recovery code.' };
}

/** Completes a sign-in with its challenge and a code; five wrong codes end the challenge. */
export async function completeLogin(ctx: AppContext, challenge: string, code: string, origin: SessionOrigin): Promise<{ user: User; token: string }> {
  const found = await findLiveToken(ctx.db, challenge, 'two_factor');
  if (!found) throw new HttpError(422, msg.challengeExpired, { challenge: [msg.challengeExpired] });
  const row = await findUserById(ctx.db, found.userId);
  if (!row) throw new HttpError(422, msg.challengeExpired, { challenge: [msg.challengeExpired] });
  if (!(await useSecondFactor(ctx, row, code))) {
    await countWrongCode(ctx.db, found.id, CHALLENGE_MAX_WRONG);
    throw invalid('code', msg.codeInvalid);
  }
  if (!(await useToken(ctx.db, found.id))) throw new HttpError(422, msg.challengeExpired, { challenge: [msg.challengeExpired] });
  const token = await createSession(ctx.db, row.id, ctx.config.tokenTtlHours, origin, true);
  if (!/^\d{6}$/.test(code.trim())) await tellRecoveryCodeUsed(ctx, row);
  return { user: await userView(ctx, row), token };
}

/** A recovery code in use may mean a lost phone, or someone else: the owner hears of it either way. */
async function tellRecoveryCodeUsed(ctx: AppContext, row: UserRow): Promise<void> {
  const left = await unusedRecoveryCodeCount(ctx.db, row.id);
  await audit(ctx.db, { userId: row.id, role: row.role }, { action: 'security.recovery_code_used', subjectType: 'user', subjectId: row.id, userId: row.id, details: { left } });
  await notify(ctx, row.id, { title: localized(notices.recoveryCodeUsedTitle), message: localized(left === 1 ? notices.recoveryCodeUsedLastOne : notices.recoveryCodeUsed, { left }), color: 'warning' });
  await ctx.mailer.send({ to: row.email, template: 'recoveryCodeUsed', params: { left } });
}

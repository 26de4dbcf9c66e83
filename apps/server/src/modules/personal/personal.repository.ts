import { and, desc, eq, gt, isNull, ne, or, lt, sql } from 'drizzle-orm';
import type { ProfileUpdate } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { oneTimeTokens, recoveryCodes, sessions, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { TokenPurpose } from '../auth/auth.repository.ts';

export async function updateProfileRow(db: DbOrTx, userId: number, p: ProfileUpdate) {
  const [row] = await db
    .update(users)
    .set({
      firstName: p.first_name,
      lastName: p.last_name,
      countryCode: p.country_code,
      phone: p.phone,
      addressLine1: p.address_line1,
      addressLine2: p.address_line2,
      city: p.city,
      postalCode: p.postal_code,
      country: p.country,
      dateOfBirth: p.date_of_birth || null,
    })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

export async function setAvatar(db: DbOrTx, userId: number, avatar: string | null): Promise<void> {
  await db.update(users).set({ avatar }).where(eq(users.id, userId));
}

export function isAvatarInUse(db: DbOrTx, avatar: string) {
  return db.select({ id: users.id }).from(users).where(eq(users.avatar, avatar)).limit(1);
}

export function liveSessionsOf(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`));
}

/** Ends one of the user's sessions; false when it is not theirs or already gone. */
export async function deleteOwnSession(db: DbOrTx, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId))).returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the user but `keep`; returns how many ended. */
export async function deleteOtherSessions(db: DbOrTx, userId: number, keep: number): Promise<number> {
  const rows = await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keep))).returning({ id: sessions.id });
  return rows.length;
}

export async function setTotpSecret(db: DbOrTx, userId: number, secret: string | null): Promise<void> {
  await db.update(users).set({ totpSecret: secret, twoFactorEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
}

export async function markTwoFactorEnabled(db: DbOrTx, userId: number, step: number): Promise<void> {
  await db.update(users).set({ twoFactorEnabledAt: sql`now()`, totpLastStep: step }).where(eq(users.id, userId));
}

/**
 * Records `step` as the last accepted TOTP step, only if it is newer than the stored one: of two
 * requests racing with one code, one wins.
 */
export async function claimTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses up one unused recovery code; false when it is wrong or already used. */
export async function useRecoveryCode(db: DbOrTx, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function unusedRecoveryCodeCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A live, unused token of `purpose`, without using it up. */
export async function findLiveToken(db: DbOrTx, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Marks a token used; false when someone else used it first. */
export async function useToken(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.update(oneTimeTokens).set({ usedAt: sql`now()` }).where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt))).returning({ id: oneTimeTokens.id });
  return rows.length > 0;
}

/** Counts a wrong code against a challenge and ends it after `max` wrong codes. */
export async function countWrongCode(db: DbOrTx, id: number, max: number): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1`, usedAt: sql`case when ${oneTimeTokens.attempts} + 1 >= ${max} then now() else null end` })
    .where(eq(oneTimeTokens.id, id));
}

/** The newest unused email change of the user, to show it as pending. */
export async function pendingEmailOf(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ payload: oneTimeTokens.payload })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, 'email_change'), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  return row?.payload ?? null;
}

/** Withdraws every unused token of `purpose` (a newer email change replaces the older one). */
export async function retireTokens(db: DbOrTx, userId: number, purpose: TokenPurpose): Promise<void> {
  await db.update(oneTimeTokens).set({ usedAt: sql`now()` }).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

export async function setEmail(db: DbOrTx, userId: number, email: string): Promise<void> {
  await db.update(users).set({ email }).where(eq(users.id, userId));
}

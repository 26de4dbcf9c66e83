import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oneTimeTokens, sessions } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** Where a sign-in came from, shown in the customer's sessions list. */
export type SessionOrigin = { userAgent?: string | null; ip?: string | null };

/** A new session; `twoFactor` only when a second factor was given for this very sign-in. */
export async function createSession(db: DbOrTx, userId: number, ttlHours: number, origin: SessionOrigin = {}, twoFactor = false): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
    ip: origin.ip ?? null,
    twoFactorAt: twoFactor ? new Date() : null,
  });
  return token;
}

/** Records that a second factor was given in this session (turning two-factor on proves one). */
export async function markSessionTwoFactor(db: DbOrTx, sessionId: number): Promise<void> {
  await db.update(sessions).set({ twoFactorAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Turning two-factor off unproves every session, so turning it on again starts from none. */
export async function clearSessionsTwoFactor(db: DbOrTx, userId: number): Promise<void> {
  await db.update(sessions).set({ twoFactorAt: null }).where(eq(sessions.userId, userId));
}

export async function deleteSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionsOf(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export async function createOneTimeToken(db: DbOrTx, userId: number, purpose: TokenPurpose, ttlMinutes: number, payload: string | null = null) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  await db.insert(oneTimeTokens).values({ userId, purpose, tokenHash: hash, expiresAt, payload });
  return { token, expiresAt };
}

/** Marks a live token used and returns its user; a second use finds nothing. */
export async function consumeOneTimeToken(db: DbOrTx, token: string, purpose: TokenPurpose): Promise<number | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId ?? null;
}

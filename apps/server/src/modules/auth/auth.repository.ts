import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oneTimeTokens, sessions } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

export async function createSession(db: DbOrTx, userId: number, ttlHours: number): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({ userId, tokenHash: hash, expiresAt: new Date(Date.now() + ttlHours * 3_600_000) });
  return token;
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

export async function createOneTimeToken(db: DbOrTx, userId: number, purpose: 'reset' | 'login', ttlMinutes: number) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  await db.insert(oneTimeTokens).values({ userId, purpose, tokenHash: hash, expiresAt });
  return { token, expiresAt };
}

/** Marks a live token used and returns its user; a second use finds nothing. */
export async function consumeOneTimeToken(db: DbOrTx, token: string, purpose: 'reset' | 'login'): Promise<number | null> {
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

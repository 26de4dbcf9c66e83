import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailVerifications } from '../../db/schema/index.ts';

/** Opens a code for `email`, closing the ones it replaces. */
export async function openCode(db: DbOrTx, email: string, codeHash: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(emailVerifications).set({ closedAt: sql`now()` }).where(and(eq(emailVerifications.email, email), isNull(emailVerifications.closedAt)));
    await tx.insert(emailVerifications).values({ email, codeHash, expiresAt });
  });
}

/**
 * Counts one try against the newest open, live code of `email` before the code is compared, so
 * guesses sent at the same moment cannot share one try. Null when there is no such code.
 */
export async function claimAttempt(db: DbOrTx, email: string, maxAttempts: number) {
  const newest = db
    .select({ id: emailVerifications.id })
    .from(emailVerifications)
    .where(eq(emailVerifications.email, email))
    .orderBy(desc(emailVerifications.id))
    .limit(1);
  const [row] = await db
    .update(emailVerifications)
    .set({ attempts: sql`${emailVerifications.attempts} + 1` })
    .where(
      and(
        eq(emailVerifications.id, sql`(${newest})`),
        isNull(emailVerifications.closedAt),
        gt(emailVerifications.expiresAt, sql`now()`),
        lt(emailVerifications.attempts, maxAttempts),
      ),
    )
    .returning({ id: emailVerifications.id, codeHash: emailVerifications.codeHash, attempts: emailVerifications.attempts });
  return row ?? null;
}

/** Whether the newest code of `email` ran out of tries (rather than time). */
export async function newestExhausted(db: DbOrTx, email: string, maxAttempts: number): Promise<boolean> {
  const [row] = await db
    .select({ attempts: emailVerifications.attempts, proof: emailVerifications.proofHash })
    .from(emailVerifications)
    .where(eq(emailVerifications.email, email))
    .orderBy(desc(emailVerifications.id))
    .limit(1);
  return !!row && !row.proof && row.attempts >= maxAttempts;
}

/**
 * Closes a code: with the proof its right answer earned, or without one when its tries are spent.
 * False when it was closed meanwhile (replaced, or answered by a request at the same moment).
 */
export async function closeCode(db: DbOrTx, id: number, proofHash: string | null): Promise<boolean> {
  const rows = await db
    .update(emailVerifications)
    .set({ closedAt: sql`now()`, proofHash })
    .where(and(eq(emailVerifications.id, id), isNull(emailVerifications.closedAt)))
    .returning({ id: emailVerifications.id });
  return rows.length > 0;
}

/** Uses a proof for `email` once, if it was earned within `maxAgeHours`. */
export async function useProof(db: DbOrTx, email: string, proofHash: string, maxAgeHours: number): Promise<boolean> {
  const rows = await db
    .update(emailVerifications)
    .set({ proofUsedAt: sql`now()` })
    .where(
      and(
        eq(emailVerifications.proofHash, proofHash),
        eq(emailVerifications.email, email),
        isNull(emailVerifications.proofUsedAt),
        gt(emailVerifications.closedAt, sql`now() - interval '1 hour' * ${maxAgeHours}`),
      ),
    )
    .returning({ id: emailVerifications.id });
  return rows.length > 0;
}

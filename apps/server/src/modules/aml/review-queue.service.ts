import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AmlHit, type AmlHitStatus, amlMessages, amlRules } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { amlHits, users } from '../../db/schema/index.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';

type HitRow = typeof amlHits.$inferSelect;
const deciders = alias(users, 'deciders');
const ruleOf = (rule: string | null) => (amlRules as readonly string[]).includes(rule ?? '') ? (rule as AmlHit['rule']) : null;

function hitView(h: HitRow, customer: string, email: string, decidedBy: string | null): AmlHit {
  return {
    id: h.id,
    kind: h.kind,
    status: h.status,
    user_id: h.userId,
    customer,
    email,
    screened_name: h.screenedName,
    screened_birth_date: h.screenedBirthDate,
    source: h.source,
    entry_reference: h.entryReference,
    matched_name: h.matchedName,
    score: h.score === null ? null : Number(h.score),
    rule: ruleOf(h.rule),
    money_request_id: h.moneyRequestId,
    details: h.details,
    reason: h.reason,
    decided_by: decidedBy,
    decided_at: h.decidedAt?.toISOString() ?? null,
    created_at: h.createdAt.toISOString(),
  };
}

/** The review queue, newest first, optionally one status; or one customer's items. */
export async function listHits(db: DbOrTx, filter: { status?: AmlHitStatus; id?: number; userId?: number }): Promise<AmlHit[]> {
  const rows = await db
    .select({ hit: amlHits, customer: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, email: users.email, decidedBy: deciders.email })
    .from(amlHits)
    .innerJoin(users, eq(users.id, amlHits.userId))
    .leftJoin(deciders, eq(deciders.id, amlHits.decidedBy))
    .where(
      and(
        filter.status ? eq(amlHits.status, filter.status) : undefined,
        filter.id !== undefined ? eq(amlHits.id, filter.id) : undefined,
        filter.userId !== undefined ? eq(amlHits.userId, filter.userId) : undefined,
      ),
    )
    .orderBy(desc(amlHits.createdAt), desc(amlHits.id))
    .limit(500);
  return rows.map((r) => hitView(r.hit, r.customer, r.email, r.decidedBy));
}

/**
 * An admin clears an open item as a false positive or confirms it, with the reason; both audited
 * in the same transaction. A confirmed sanctions hit keeps the customer's withdrawals blocked; an
 * item decided already, by another admin too, is refused.
 */
export async function decideHit(ctx: AppContext, by: Pick<AuthInfo, 'userId' | 'role'>, id: number, status: 'cleared' | 'confirmed', reason: string): Promise<AmlHit> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(amlHits)
      .set({ status, reason, decidedBy: by.userId, decidedAt: new Date() })
      .where(and(eq(amlHits.id, id), eq(amlHits.status, 'open')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: amlHits.id }).from(amlHits).where(eq(amlHits.id, id));
      throw exists ? new HttpError(409, amlMessages.notOpen) : notFound(amlMessages.notFound);
    }
    await audit(tx, by, {
      action: status === 'cleared' ? 'aml.hit_cleared' : 'aml.hit_confirmed',
      subjectType: 'aml_hit',
      subjectId: row.id,
      userId: row.userId,
      details: { kind: row.kind, reason, source: row.source, entry: row.entryReference, rule: row.rule, money_request_id: row.moneyRequestId },
    });
  });
  const [hit] = await listHits(ctx.db, { id });
  return hit!;
}

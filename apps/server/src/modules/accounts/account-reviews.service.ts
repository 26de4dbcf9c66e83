import { and, eq } from 'drizzle-orm';
import { accountReviewMessages as msg, localized, notices } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { tradingAccounts } from '../../db/schema/index.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { publishUserUpdated } from '../users/user-updates.service.ts';
import { tell } from '../preferences/preferences.service.ts';

export type AccountDecision = { approve: true } | { approve: false; reason: string };

/**
 * Approves or rejects a live account waiting for review. The conditional update decides: of two
 * operators deciding at once, the second gets a 409, and the audit entry is written in the same
 * transaction as the decision. The customer is told afterwards, the ways they chose.
 */
export async function decideAccount(ctx: AppContext, by: Pick<AuthInfo, 'userId' | 'role'>, accountId: number, decision: AccountDecision): Promise<void> {
  const decided = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(tradingAccounts)
      .set({ status: decision.approve ? 'active' : 'rejected', reviewReason: decision.approve ? null : decision.reason, decidedBy: by.userId, decidedAt: new Date() })
      .where(and(eq(tradingAccounts.id, accountId), eq(tradingAccounts.status, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: tradingAccounts.id }).from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
      throw exists ? conflict(msg.notPending) : notFound(msg.notFound);
    }
    await audit(tx, by, {
      action: decision.approve ? 'account.approved' : 'account.rejected',
      subjectType: 'trading_account',
      subjectId: row.id,
      userId: row.userId,
      details: { number: row.number, kind: row.kind, currency: row.currency, ...(decision.approve ? {} : { reason: decision.reason }) },
    });
    return row;
  });
  await tell(
    ctx,
    decided.userId,
    'account',
    decision.approve
      ? { title: localized(notices.liveApprovedTitle), message: localized(notices.liveApproved, { number: decided.number }), color: 'success' }
      : { title: localized(notices.liveRejectedTitle), message: localized(notices.liveRejected, { number: decided.number, reason: decision.reason }), color: 'warning' },
  );
  await publishUserUpdated(ctx, decided.userId);
}

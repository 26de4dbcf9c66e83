import { type LocalizedText, localized, moneyMessages as msg, notices } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { postEntry } from '../accounts/ledger.repository.ts';
import { ensureDepositReleasable } from '../aml/source-of-funds.service.ts';
import { audit, type AuditActor } from '../audit/audit.service.ts';
import { publishUserUpdated } from '../users/user-updates.service.ts';
import { tell } from '../preferences/preferences.service.ts';
import { cents, reference } from './money-common.ts';
import { type MoneyRow, requestById, updateRequestIf } from './money.repository.ts';

type Operator = Pick<AuthInfo, 'userId' | 'role'>;
type Step = { from: MoneyRow['status']; set: Partial<MoneyRow>; action: string; note: { title: LocalizedText; message: LocalizedText; color: 'success' | 'warning' | 'info' } };

const sum = (row: MoneyRow) => ({ amount: row.amount, currency: row.currency });

/**
 * Moves one request from the state it is in to the next, with the journal entry that step makes,
 * the audit entry and the customer's notification (in the app and/or by email, as they chose). Done once: a second operator, or a
 * second click, finds the request moved on and is refused.
 */
async function step(ctx: AppContext, actor: AuditActor, id: number, expect: (row: MoneyRow) => Step, money?: (tx: DbOrTx, row: MoneyRow) => Promise<void>): Promise<MoneyRow> {
  const current = await requestById(ctx.db, id);
  if (!current) throw notFound(msg.notFound);
  const s = expect(current);
  const done = await ctx.db.transaction(async (tx) => {
    const row = await updateRequestIf(tx, id, s.from, s.set);
    if (!row) throw conflict(msg.notPending);
    await money?.(tx, row);
    await audit(tx, actor, { action: s.action, subjectType: 'money_request', subjectId: row.id, userId: row.userId, details: { amount: row.amount, credited: row.creditedAmount, reason: row.reason } });
    return row;
  });
  await tell(ctx, done.userId, 'money', s.note);
  await publishUserUpdated(ctx, done.userId);
  return done;
}

const decided = (by: Operator) => ({ decidedBy: by.userId, decidedAt: new Date() });
const releaseHold = (tx: DbOrTx, row: MoneyRow) => postEntry(tx, { accountId: row.accountId, kind: 'withdrawal', amount: row.amount, reference: reference(row, 'released') });

/** An operator confirms a crypto deposit with the amount that arrived, which is credited at once. */
export function approveDeposit(ctx: AppContext, by: Operator, id: number, credited: number): Promise<MoneyRow> {
  const amount = cents(credited);
  return step(
    ctx,
    by,
    id,
    (row) => {
      if (row.kind !== 'deposit' || row.method !== 'crypto') throw conflict(msg.notPending);
      return {
        from: 'requested',
        set: { status: 'completed', creditedAmount: amount, ...decided(by), completedAt: new Date() },
        action: 'deposit.approved',
        note: { title: localized(notices.depositCreditedTitle), message: localized(notices.depositCredited, { amount, currency: row.currency }), color: 'success' },
      };
    },
    async (tx, row) => {
      // A deposit past the source-of-funds threshold waits for the customer's approved declaration.
      await ensureDepositReleasable(tx, row);
      await postEntry(tx, { accountId: row.accountId, kind: 'deposit', amount, reference: reference(row) });
    },
  );
}

/** An operator approves a withdrawal for payment; the money stays held until it is paid. */
export function approveWithdrawal(ctx: AppContext, by: Operator, id: number): Promise<MoneyRow> {
  return step(ctx, by, id, (row) => {
    if (row.kind !== 'withdrawal') throw conflict(msg.notPending);
    return {
      from: 'requested',
      set: { status: 'approved', ...decided(by) },
      action: 'withdrawal.approved',
      note: { title: localized(notices.withdrawalApprovedTitle), message: localized(notices.withdrawalApproved, sum(row)), color: 'success' },
    };
  });
}

/** An operator records that an approved withdrawal was paid out. */
export function completeWithdrawal(ctx: AppContext, by: Operator, id: number): Promise<MoneyRow> {
  return step(ctx, by, id, (row) => {
    if (row.kind !== 'withdrawal') throw conflict(msg.notApproved);
    if (row.status !== 'approved') throw conflict(msg.notApproved);
    return {
      from: 'approved',
      set: { status: 'completed', creditedAmount: row.amount, completedAt: new Date() },
      action: 'withdrawal.completed',
      note: { title: localized(notices.withdrawalPaidTitle), message: localized(notices.withdrawalPaid, sum(row)), color: 'success' },
    };
  });
}

/** An operator turns a request down with a reason; a withdrawal's held money goes back to the account. */
export function rejectRequest(ctx: AppContext, by: Operator, id: number, reason: string): Promise<MoneyRow> {
  let from: MoneyRow['status'] = 'requested';
  return step(
    ctx,
    by,
    id,
    (row) => {
      if (row.kind === 'transfer' || row.method === 'card' || row.method === 'demo') throw conflict(msg.notPending);
      from = row.kind === 'withdrawal' && row.status === 'approved' ? 'approved' : 'requested';
      return {
        from,
        set: { status: 'rejected', reason, ...decided(by) },
        action: `${row.kind}.rejected`,
        note: row.kind === 'deposit'
          ? { title: localized(notices.depositRejectedTitle), message: localized(notices.depositRejected, { ...sum(row), reason }), color: 'warning' }
          : { title: localized(notices.withdrawalRejectedTitle), message: localized(notices.withdrawalRejected, { ...sum(row), reason }), color: 'warning' },
      };
    },
    async (tx, row) => {
      if (row.kind === 'withdrawal') await releaseHold(tx, row);
    },
  );
}

/** The customer withdraws their own request while it is still waiting. */
export async function cancelRequest(ctx: AppContext, userId: number, id: number): Promise<MoneyRow> {
  const row = await requestById(ctx.db, id);
  if (!row || row.userId !== userId) throw notFound(msg.notFound);
  if (row.status !== 'requested' || row.kind === 'transfer') throw conflict(msg.notCancellable);
  return step(
    ctx,
    { userId, role: 'customer' },
    id,
    (r) => ({
      from: 'requested',
      set: { status: 'cancelled' },
      action: `${r.kind}.cancelled`,
      note: { title: localized(notices.requestCancelledTitle), message: localized(r.kind === 'deposit' ? notices.depositCancelled : notices.withdrawalCancelled, sum(r)), color: 'info' },
    }),
    async (tx, r) => {
      if (r.kind === 'withdrawal') await releaseHold(tx, r);
    },
  );
}

import { randomBytes } from 'node:crypto';
import { clientCategoryMessages as msg, type ClientCategoryOverview, localized, notices, type ProfessionalAnswers } from '@bourse/contract';
import { criteriaMet } from '@bourse/domain';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { displayName } from '../../lib/uploads/file-names.ts';
import type { FileStore } from '../../lib/uploads/file-store.ts';
import { audit } from '../audit/audit.service.ts';
import { tell } from '../preferences/preferences.service.ts';
import { publishUserUpdated } from '../users/user-updates.service.ts';
import {
  categoryOf,
  decideIfPending,
  findRequest,
  insertRequest,
  latestRequest,
  lockCustomer,
  type NewEvidence,
  switchCategory,
} from './client-categories.repository.ts';
import type { CheckedEvidence } from './evidence-upload.ts';

type Caller = Pick<AuthInfo, 'userId' | 'role'>;

/** A refusal on one field, as every bad input is answered. */
const refused = (status: number, field: string, message: string) => new HttpError(status, message, { [field]: [message] });

/** GET /client-category: the caller's category and latest request. */
export async function overviewOf(db: DbOrTx, userId: number): Promise<ClientCategoryOverview> {
  const [category, request] = await Promise.all([categoryOf(db, userId), latestRequest(db, userId)]);
  if (!category) throw notFound();
  return { category, request };
}

/** Refuses a request from a professional client, or while another one waits. */
async function ensureMayRequest(db: DbOrTx, userId: number): Promise<void> {
  const { category, request } = await overviewOf(db, userId);
  if (category === 'professional') throw refused(409, 'category', msg.alreadyProfessional);
  if (request?.status === 'pending') throw refused(409, 'request', msg.pending);
}

/**
 * A retail client asks to be treated as professional, with answers meeting two criteria (checked
 * by the contract) and checked evidence. The files are stored first; the request, its evidence and
 * the audit entry are written in one transaction that re-checks the category under the customer's
 * lock, and the files are removed again if it fails: nothing is left half-done.
 */
export async function requestProfessional(ctx: AppContext, store: FileStore, caller: Caller, answers: ProfessionalAnswers, files: CheckedEvidence[]): Promise<ClientCategoryOverview> {
  await ensureMayRequest(ctx.db, caller.userId);
  const stored: NewEvidence[] = [];
  try {
    for (const file of files) {
      const key = `professional/${randomBytes(16).toString('hex')}.${file.type.ext}`;
      await store.put(key, file.content, file.type.mime);
      stored.push({ userId: caller.userId, storageKey: key, fileName: displayName(file.filename, file.type), mimeType: file.type.mime, size: file.content.length, isImage: file.type.isImage });
    }
    await ctx.db.transaction(async (tx) => {
      if ((await lockCustomer(tx, caller.userId)) !== 'retail') throw refused(409, 'category', msg.alreadyProfessional);
      const met = criteriaMet({ tradesPerQuarter: answers.trades_per_quarter, portfolioEur: answers.portfolio_eur, sectorYears: answers.sector_years });
      const row = await insertRequest(
        tx,
        {
          userId: caller.userId,
          tradesPerQuarter: String(answers.trades_per_quarter),
          portfolioEur: String(answers.portfolio_eur),
          sectorYears: String(answers.sector_years),
          sectorRole: answers.sector_role,
          tradesMet: met.trades,
          portfolioMet: met.portfolio,
          experienceMet: met.experience,
          acknowledgedAt: new Date(),
        },
        stored,
      );
      await audit(tx, caller, { action: 'client_category.requested', subjectType: 'professional_request', subjectId: row.id, userId: caller.userId, details: { criteria: met, files: stored.length } });
    });
  } catch (err) {
    await Promise.all(stored.map((f) => store.delete(f.storageKey).catch(() => undefined)));
    // The partial unique index refuses a second pending request, concurrent ones included.
    throw isUniqueViolation(err) ? refused(409, 'request', msg.pending) : err;
  }
  return overviewOf(ctx.db, caller.userId);
}

/** A professional client goes back to retail at once; the caps apply from their next order. */
export async function revertToRetail(ctx: AppContext, caller: Caller): Promise<ClientCategoryOverview> {
  await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, caller.userId);
    if (!(await switchCategory(tx, caller.userId, 'professional', 'retail'))) throw refused(409, 'category', msg.alreadyRetail);
    await audit(tx, caller, { action: 'client_category.reverted', subjectType: 'user', subjectId: caller.userId, userId: caller.userId, details: { from: 'professional', to: 'retail' } });
  });
  await tell(ctx, caller.userId, 'account', { title: localized(notices.retailRevertedTitle), message: localized(notices.retailReverted), color: 'info' });
  await publishUserUpdated(ctx, caller.userId);
  return overviewOf(ctx.db, caller.userId);
}

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * An admin approves or rejects a pending request. The request's state, the customer's category
 * (on approval) and the audit entry change in one transaction under the customer's lock; a request
 * decided already, by another admin too, is refused. The customer is told in the app and by e-mail.
 */
export async function decideProfessionalRequest(ctx: AppContext, by: Caller, id: number, decision: Decision): Promise<void> {
  const found = await findRequest(ctx.db, id);
  if (!found) throw notFound(msg.notFound);
  const decided = await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, found.userId);
    const row = await decideIfPending(tx, id, {
      status: decision.approve ? 'approved' : 'rejected',
      reason: decision.approve ? null : decision.reason,
      decidedBy: by.userId,
      decidedAt: new Date(),
    });
    if (!row) throw new HttpError(409, msg.notPending);
    if (decision.approve) await switchCategory(tx, row.userId, 'retail', 'professional');
    await audit(tx, by, {
      action: decision.approve ? 'client_category.approved' : 'client_category.rejected',
      subjectType: 'professional_request',
      subjectId: row.id,
      userId: row.userId,
      details: decision.approve ? { from: 'retail', to: 'professional' } : { reason: decision.reason },
    });
    return row;
  });
  await tell(
    ctx,
    decided.userId,
    'account',
    decision.approve
      ? { title: localized(notices.professionalApprovedTitle), message: localized(notices.professionalApproved), color: 'success' }
      : { title: localized(notices.professionalRejectedTitle), message: localized(notices.professionalRejected, { reason: decision.reason }), color: 'warning' },
  );
  await publishUserUpdated(ctx, decided.userId);
}

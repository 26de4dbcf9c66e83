import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { type AdminSourceOfFunds, localized, notices, type SourceOfFundsInput, type SourceOfFundsOverview, sourceOfFundsMessages as msg } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { moneyRequests, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { displayName } from '../../lib/uploads/file-names.ts';
import type { FileStore } from '../../lib/uploads/file-store.ts';
import { audit } from '../audit/audit.service.ts';
import { tell } from '../preferences/preferences.service.ts';
import { publishUserUpdated } from '../users/user-updates.service.ts';
import { getAmlSettings } from './aml-settings.ts';
import type { CheckedDocument } from './source-of-funds-upload.ts';
import {
  declarationById,
  declarationView,
  decideIfPending,
  HOLD_FLAG,
  hasApproved,
  heldDeposits,
  insertDeclaration,
  latestDeclaration,
  listDeclarations,
  liveDeposited,
} from './source-of-funds.repository.ts';

type Caller = Pick<AuthInfo, 'userId' | 'role'>;
type MoneyRow = typeof moneyRequests.$inferSelect;

/** GET /source-of-funds: what the client area shows beside the deposit form. */
export async function sourceOfFundsOverview(db: DbOrTx, userId: number): Promise<SourceOfFundsOverview> {
  const [{ source_of_funds_threshold: threshold }, deposited, held, latest] = await Promise.all([getAmlSettings(db), liveDeposited(db, userId), heldDeposits(db, userId), latestDeclaration(db, userId)]);
  const approved = latest?.status === 'approved' || (await hasApproved(db, userId));
  const over = threshold !== null && new Decimal(deposited).greaterThan(threshold);
  return { threshold, deposited, needed: !approved && (held > 0 || over), held_deposits: held, declaration: latest ? declarationView(latest) : null };
}

/** Whether `extra` more deposited would take the customer past the threshold without an approved declaration. */
async function wouldNeedDeclaration(db: DbOrTx, userId: number, extra: string): Promise<boolean> {
  const { source_of_funds_threshold: threshold } = await getAmlSettings(db);
  if (threshold === null) return false;
  if (!new Decimal(await liveDeposited(db, userId)).plus(extra).greaterThan(threshold)) return false;
  return !(await hasApproved(db, userId));
}

/**
 * Run in a crypto deposit's transaction, after it is written: the deposit that takes the customer
 * past the threshold (and each after it) is taken but held until their declaration is approved.
 * Taking the claim keeps the customer's evidence of the payment they made; crediting it waits for
 * compliance, as at a broker that must know where the money comes from before it works with it.
 */
export async function holdIfUndeclared(tx: DbOrTx, row: MoneyRow): Promise<MoneyRow> {
  // The customer's row serialises their deposits, so two at once cannot both slip under the threshold.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('no key update');
  if (!(await wouldNeedDeclaration(tx, row.userId, '0'))) return row;
  const [held] = await tx
    .update(moneyRequests)
    .set({ details: sql`${moneyRequests.details} || ${JSON.stringify({ [HOLD_FLAG]: true })}::jsonb` })
    .where(eq(moneyRequests.id, row.id))
    .returning();
  await audit(tx, 'system', { action: 'aml.deposit_held', subjectType: 'money_request', subjectId: row.id, userId: row.userId, details: { amount: row.amount, currency: row.currency } });
  return held!;
}

/** The customer is told once the deposit is committed that it waits for their declaration. */
export async function tellHeld(ctx: AppContext, row: MoneyRow): Promise<void> {
  if (row.details[HOLD_FLAG] !== true) return;
  await tell(ctx, row.userId, 'money', {
    title: localized(notices.sourceOfFundsNeededTitle),
    message: localized(notices.sourceOfFundsNeeded, { amount: row.amount, currency: row.currency }),
    color: 'warning',
  });
}

/** A card is charged and credited at once, so a payment past the threshold waits for the declaration instead. */
export async function ensureCardDepositAllowed(db: DbOrTx, userId: number, amount: string): Promise<void> {
  if (await wouldNeedDeclaration(db, userId, amount)) throw new HttpError(403, msg.cardNeedsDeclaration, { amount: [msg.cardNeedsDeclaration] });
}

/** Staff cannot credit a held deposit before the customer's declaration is approved. */
export async function ensureDepositReleasable(tx: DbOrTx, row: MoneyRow): Promise<void> {
  if (row.details[HOLD_FLAG] === true && !(await hasApproved(tx, row.userId))) throw conflict(msg.depositHeld);
}

/**
 * POST /source-of-funds: the customer's declaration with its checked document. The file is stored
 * first and removed again when the row cannot be written: nothing is left half-done. One waits at
 * a time; a customer already approved has nothing to declare.
 */
export async function declareSourceOfFunds(ctx: AppContext, store: FileStore, caller: Caller, input: SourceOfFundsInput, document: CheckedDocument): Promise<SourceOfFundsOverview> {
  if ((await getAmlSettings(ctx.db)).source_of_funds_threshold === null) throw conflict(msg.notRequired);
  const latest = await latestDeclaration(ctx.db, caller.userId);
  if (latest?.status === 'pending') throw conflict(msg.pending);
  if (await hasApproved(ctx.db, caller.userId)) throw conflict(msg.alreadyApproved);
  const key = `source-of-funds/${randomBytes(16).toString('hex')}.${document.type.ext}`;
  await store.put(key, document.content, document.type.mime);
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await insertDeclaration(tx, {
        userId: caller.userId,
        source: input.source,
        otherSource: input.source === 'other' ? (input.other_source ?? null) : null,
        description: input.description,
        storageKey: key,
        fileName: displayName(document.filename, document.type),
        mimeType: document.type.mime,
        size: document.content.length,
      });
      await audit(tx, caller, { action: 'aml.source_of_funds_declared', subjectType: 'source_of_funds', subjectId: row.id, userId: caller.userId, details: { source: input.source, file_name: row.fileName } });
    });
  } catch (err) {
    await store.delete(key).catch(() => undefined);
    throw isUniqueViolation(err) ? conflict(msg.pending) : err;
  }
  await publishUserUpdated(ctx, caller.userId);
  return sourceOfFundsOverview(ctx.db, caller.userId);
}

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * An admin approves or rejects a waiting declaration, audited; the customer is told. Approval
 * covers the customer from then on: their held deposits can be credited as usual.
 */
export async function decideSourceOfFunds(ctx: AppContext, by: Caller, id: number, decision: Decision): Promise<AdminSourceOfFunds> {
  if (!(await declarationById(ctx.db, id))) throw notFound(msg.notFound);
  const row = await ctx.db.transaction(async (tx) => {
    const decided = await decideIfPending(tx, id, {
      status: decision.approve ? 'approved' : 'rejected',
      reason: decision.approve ? null : decision.reason,
      decidedBy: by.userId,
      decidedAt: new Date(),
    });
    if (!decided) throw conflict(msg.notPending);
    await audit(tx, by, {
      action: decision.approve ? 'aml.source_of_funds_approved' : 'aml.source_of_funds_rejected',
      subjectType: 'source_of_funds',
      subjectId: decided.id,
      userId: decided.userId,
      details: decision.approve ? { source: decided.source } : { source: decided.source, reason: decision.reason },
    });
    return decided;
  });
  await tell(
    ctx,
    row.userId,
    'money',
    decision.approve
      ? { title: localized(notices.sourceOfFundsApprovedTitle), message: localized(notices.sourceOfFundsApproved), color: 'success' }
      : { title: localized(notices.sourceOfFundsRejectedTitle), message: localized(notices.sourceOfFundsRejected, { reason: decision.reason }), color: 'warning' },
  );
  await publishUserUpdated(ctx, row.userId);
  return (await listDeclarations(ctx.db, { id }))[0]!;
}

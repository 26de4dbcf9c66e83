import { Decimal } from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { type cardDepositInput, challengeRetry, coinOf, type cryptoDepositInput, type demoDepositInput, moneyMessages as msg } from '@bourse/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { depositWallets } from '../../db/schema/index.ts';
import { conflict, HttpError, invalid } from '../../http/errors.ts';
import { postEntry } from '../accounts/ledger.repository.ts';
import { ensureCardDepositAllowed, holdIfUndeclared, tellHeld } from '../aml/source-of-funds.service.ts';
import { audit } from '../audit/audit.service.ts';
import { lockAccount } from '../trading/trades.repository.ts';
import { coinValue } from './coin-value.ts';
import { cents, onceByKey, ownAccount, reference } from './money-common.ts';
import { countChallengeFailure, insertRequest, type MoneyRow, requestById, updateRequestIf } from './money.repository.ts';

const DEMO_CAP = new Decimal(1_000_000);

/** POST /deposits/demo: a demo account is topped up at once, up to a ceiling. */
export async function demoTopUp(ctx: AppContext, userId: number, input: z.output<typeof demoDepositInput>, key: string | null): Promise<MoneyRow> {
  const account = await ownAccount(ctx.db, userId, input.account_id);
  if (account.kind !== 'demo') throw invalid('account_id', msg.demoOnly);
  const amount = cents(input.amount);
  return onceByKey(ctx, userId, key, async (tx) => {
    const locked = (await lockAccount(tx, account.id))!;
    if (new Decimal(locked.balance).plus(amount).greaterThan(DEMO_CAP)) throw invalid('amount', msg.demoCap);
    const now = new Date();
    const row = await insertRequest(tx, {
      userId,
      kind: 'deposit',
      method: 'demo',
      accountId: account.id,
      amount,
      currency: account.currency,
      creditedAmount: amount,
      status: 'completed',
      decidedAt: now,
      completedAt: now,
      idempotencyKey: key,
    });
    await postEntry(tx, { accountId: account.id, kind: 'deposit', amount, reference: reference(row) });
    await audit(tx, { userId, role: 'customer' }, { action: 'deposit.completed', subjectType: 'money_request', subjectId: row.id, userId, details: { method: 'demo', amount } });
    return row;
  });
}

/**
 * POST /deposits/crypto: the customer says which address they paid, how much and the transaction
 * hash; an operator confirms what arrived. One claim per transaction hash.
 */
export async function requestCryptoDeposit(ctx: AppContext, userId: number, input: z.output<typeof cryptoDepositInput>, key: string | null): Promise<MoneyRow> {
  const account = await ownAccount(ctx.db, userId, input.account_id);
  if (account.kind !== 'live') throw invalid('account_id', msg.liveOnly);
  const [wallet] = await ctx.db.select().from(depositWallets).where(and(eq(depositWallets.id, input.wallet_id), eq(depositWallets.enabled, true)));
  if (!wallet) throw invalid('wallet_id', msg.walletNotFound);
  const coin = coinOf(wallet.crypto);
  const { value, rate } = await coinValue(ctx, wallet.crypto, input.coin_amount, account.currency);
  if (new Decimal(value).lessThan(wallet.minAmount)) throw invalid('coin_amount', msg.belowMinimum);
  try {
    const row = await onceByKey(ctx, userId, key, async (tx) => {
      const row = await insertRequest(tx, {
        userId,
        kind: 'deposit',
        method: 'crypto',
        accountId: account.id,
        amount: value,
        currency: account.currency,
        status: 'requested',
        details: {
          crypto: wallet.crypto,
          coin: coin.coin,
          network: coin.network,
          wallet_id: wallet.id,
          address: wallet.address,
          tx_hash: input.tx_hash,
          coin_amount: new Decimal(input.coin_amount).toFixed(),
          rate_at_claim: rate,
        },
        idempotencyKey: key,
      });
      await audit(tx, { userId, role: 'customer' }, { action: 'deposit.requested', subjectType: 'money_request', subjectId: row.id, userId, details: { method: 'crypto', amount: row.amount, coin_amount: input.coin_amount, coin: coin.coin, tx_hash: input.tx_hash } });
      return holdIfUndeclared(tx, row);
    });
    await tellHeld(ctx, row);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(msg.txHashUsed);
    throw error;
  }
}

/**
 * POST /deposits/card: charges the card through the configured provider. A charge that went
 * through credits the account at once; one the issuer wants confirmed waits for the code; a
 * declined card is recorded as rejected and answered with the provider's reason.
 */
export async function cardDeposit(ctx: AppContext, userId: number, input: z.output<typeof cardDepositInput>, key: string | null): Promise<{ row: MoneyRow; message?: string }> {
  const provider = ctx.cardProvider;
  if (!provider) throw new HttpError(503, 'Card payments are not available. Choose another method.');
  const account = await ownAccount(ctx.db, userId, input.account_id);
  if (account.kind !== 'live') throw invalid('account_id', msg.liveOnly);
  const amount = cents(input.amount);
  const card = { brand: brandOf(input.card.number), last4: input.card.number.slice(-4), provider: provider.name };
  await ensureCardDepositAllowed(ctx.db, userId, amount);
  // The request exists before the charge, so a retry with the same key never charges twice.
  const pending = await onceByKey(ctx, userId, key, (tx) =>
    insertRequest(tx, { userId, kind: 'deposit', method: 'card', accountId: account.id, amount, currency: account.currency, status: 'requested', details: card, idempotencyKey: key }),
  );
  if (pending.status !== 'requested' || pending.details.charge_id) return { row: pending };
  const charge = await provider.charge({ amount, currency: account.currency, card: input.card, reference: reference(pending) });
  if (charge.status === 'declined') {
    const reason = charge.reason === 'insufficient_funds' ? msg.cardFunds : msg.cardDeclined;
    const row = await settleCard(ctx, pending, { status: 'rejected', reason });
    throw new HttpError(402, reason, { 'card.number': [reason], request_id: [String(row.id)] });
  }
  if (charge.status === 'requires_action') {
    const row = await settleCard(ctx, pending, { status: 'requested', chargeId: charge.chargeId });
    return { row, message: 'Your card issuer asks you to confirm this payment.' };
  }
  return { row: await settleCard(ctx, pending, { status: 'completed', chargeId: charge.chargeId }) };
}

/** Wrong confirmation codes a card payment takes before it fails, as card issuers allow. */
export const CARD_CHALLENGE_ATTEMPTS = 3;

/**
 * POST /deposits/card/{id}/confirm: the issuer's code completes the charge. A wrong code leaves
 * the payment waiting for another try, saying how many are left; the last wrong one fails it.
 */
export async function confirmCardDeposit(ctx: AppContext, userId: number, id: number, code: string): Promise<MoneyRow> {
  const provider = ctx.cardProvider;
  if (!provider) throw new HttpError(503, 'Card payments are not available. Choose another method.');
  const row = await requestById(ctx.db, id);
  if (!row || row.userId !== userId || row.method !== 'card') throw new HttpError(404, msg.notFound);
  const chargeId = row.details.charge_id;
  if (row.status !== 'requested' || typeof chargeId !== 'string') throw conflict(msg.notPending);
  if (!(await provider.confirm(chargeId, code))) {
    const failures = await countChallengeFailure(ctx.db, row.id);
    const left = CARD_CHALLENGE_ATTEMPTS - (failures ?? Number.POSITIVE_INFINITY);
    // Past the last try (another wrong code just failed it): the payment is over already.
    if (left < 0) throw conflict(msg.notPending);
    if (left > 0) throw new HttpError(422, challengeRetry(left), { code: [challengeRetry(left)], attempts_left: [String(left)] });
    await settleCard(ctx, row, { status: 'rejected', reason: msg.challengeFailedFinal }).catch((error) => {
      // A concurrent wrong code may have failed it first; either way the payment is over.
      if (!(error instanceof HttpError)) throw error;
    });
    throw new HttpError(402, msg.challengeFailedFinal, { code: [msg.challengeFailedFinal], attempts_left: ['0'] });
  }
  return settleCard(ctx, row, { status: 'completed', chargeId });
}

type CardOutcome = { status: 'completed'; chargeId: string } | { status: 'requested'; chargeId: string } | { status: 'rejected'; reason: string };

/** Records what the provider answered; a completed charge credits the account in the same transaction. */
async function settleCard(ctx: AppContext, row: MoneyRow, outcome: CardOutcome): Promise<MoneyRow> {
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const details = 'chargeId' in outcome ? { ...row.details, charge_id: outcome.chargeId } : row.details;
    const set =
      outcome.status === 'completed'
        ? { status: 'completed' as const, details, creditedAmount: row.amount, decidedAt: now, completedAt: now }
        : outcome.status === 'rejected'
          ? { status: 'rejected' as const, reason: outcome.reason, decidedAt: now }
          : { details };
    const updated = await updateRequestIf(tx, row.id, 'requested', set);
    if (!updated) throw conflict(msg.notPending);
    if (outcome.status === 'completed') await postEntry(tx, { accountId: row.accountId, kind: 'deposit', amount: row.amount, reference: reference(row) });
    if (outcome.status !== 'requested') {
      await audit(tx, 'system', { action: `deposit.${outcome.status}`, subjectType: 'money_request', subjectId: row.id, userId: row.userId, details: { method: 'card', amount: row.amount } });
    }
    return updated;
  });
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Card';
}

import { Decimal } from 'decimal.js';
import { moneyMessages as msg, type transferInput } from '@bourse/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import { freeMarginOf } from '../accounts/free-margin.ts';
import { postEntry } from '../accounts/ledger.repository.ts';
import { audit } from '../audit/audit.service.ts';
import { requirePrices } from '../trading/order.service.ts';
import { lockAccount } from '../trading/trades.repository.ts';
import { tradingRuntime } from '../trading/trading-runtime.ts';
import { Valuer } from '../trading/valuation.ts';
import { cents, onceByKey, ownAccount, reference } from './money-common.ts';
import { insertRequest, type MoneyRow } from './money.repository.ts';

/**
 * POST /transfers: between two of the customer's accounts of the same kind, converted at the
 * current rate when their currencies differ. Both accounts are locked (lower id first, so two
 * opposite transfers cannot deadlock) and the source's free margin must cover the amount.
 */
export async function transfer(ctx: AppContext, userId: number, input: z.output<typeof transferInput>, key: string | null): Promise<MoneyRow> {
  const from = await ownAccount(ctx.db, userId, input.from_account_id, 'from_account_id');
  const to = await ownAccount(ctx.db, userId, input.to_account_id, 'to_account_id');
  if (from.kind !== to.kind) throw invalid('to_account_id', msg.mixedKinds);
  const amount = new Decimal(cents(input.amount));
  let credited = amount;
  if (from.currency !== to.currency) {
    const rate = await new Valuer(tradingRuntime(ctx).catalog, requirePrices(ctx), to.currency).conversion(from.currency);
    if (rate === null) throw new HttpError(503, 'No rate between these currencies right now. Try again shortly.');
    credited = amount.times(rate).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  }
  return onceByKey(ctx, userId, key, async (tx) => {
    const [first, second] = from.id < to.id ? [from.id, to.id] : [to.id, from.id];
    const lockedFirst = (await lockAccount(tx, first))!;
    const lockedSecond = (await lockAccount(tx, second))!;
    const source = lockedFirst.id === from.id ? lockedFirst : lockedSecond;
    if (amount.greaterThan(await freeMarginOf(ctx, tx, source))) throw invalid('amount', msg.noFunds);
    const now = new Date();
    const row = await insertRequest(tx, {
      userId,
      kind: 'transfer',
      method: 'internal',
      accountId: from.id,
      toAccountId: to.id,
      amount: amount.toFixed(2),
      currency: from.currency,
      creditedAmount: credited.toFixed(2),
      status: 'completed',
      details: { to_currency: to.currency, to_account_number: to.number },
      decidedAt: now,
      completedAt: now,
      idempotencyKey: key,
    });
    await postEntry(tx, { accountId: from.id, kind: 'transfer', amount: amount.negated().toFixed(2), reference: reference(row, 'out') });
    await postEntry(tx, { accountId: to.id, kind: 'transfer', amount: credited.toFixed(2), reference: reference(row, 'in') });
    await audit(tx, { userId, role: 'customer' }, { action: 'transfer.completed', subjectType: 'money_request', subjectId: row.id, userId, details: { from: from.number, to: to.number, amount: row.amount, credited: row.creditedAmount } });
    return row;
  });
}

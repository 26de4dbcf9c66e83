import { Decimal } from 'decimal.js';
import { eq } from 'drizzle-orm';
import { coinOf, moneyMessages as msg, type withdrawalInput } from '@bourse/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import { freeMarginOf } from '../accounts/free-margin.ts';
import { postEntry } from '../accounts/ledger.repository.ts';
import { ensureNoSanctionsHold } from '../aml/screening.service.ts';
import { audit } from '../audit/audit.service.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { lockAccount } from '../trading/trades.repository.ts';
import { ensureVerified } from '../verification/verification-gate.ts';
import { cents, onceByKey, ownAccount, reference } from './money-common.ts';
import { insertRequest, type MoneyRow } from './money.repository.ts';

type WithdrawalBody = z.output<typeof withdrawalInput>;

function destination(input: WithdrawalBody): Record<string, unknown> {
  if (input.method === 'bank') return { iban: input.iban, bic: input.bic || null, holder: input.holder };
  const coin = coinOf(input.crypto);
  return { crypto: input.crypto, coin: coin.coin, network: coin.network, address: input.address };
}

/**
 * POST /withdrawals: the amount leaves the balance at once (a `withdrawal` entry), so held money
 * can be neither traded nor withdrawn twice; it comes back if the request is rejected or cancelled.
 * The free margin must cover it, read under the account's lock like an order's.
 */
export async function requestWithdrawal(ctx: AppContext, userId: number, input: WithdrawalBody, key: string | null): Promise<MoneyRow> {
  const account = await ownAccount(ctx.db, userId, input.account_id);
  if (account.kind !== 'live') throw invalid('account_id', msg.liveOnly);
  if ((await getSiteSettings(ctx.db)).must_verify_account) {
    const [user] = await ctx.db.select({ status: users.status }).from(users).where(eq(users.id, userId));
    if (user?.status !== 'active') throw new HttpError(403, msg.mustVerify);
  }
  await ensureVerified(ctx.db, userId, 'withdraw');
  const amount = cents(input.amount);
  return onceByKey(ctx, userId, key, async (tx) => {
    const locked = (await lockAccount(tx, account.id))!;
    // After the account's lock, in the order lockCustomer takes them (account, then customer).
    await ensureNoSanctionsHold(tx, userId);
    if (new Decimal(amount).greaterThan(await freeMarginOf(ctx, tx, locked))) throw invalid('amount', msg.noFunds);
    const row = await insertRequest(tx, {
      userId,
      kind: 'withdrawal',
      method: input.method,
      accountId: account.id,
      amount,
      currency: account.currency,
      status: 'requested',
      details: destination(input),
      idempotencyKey: key,
    });
    await postEntry(tx, { accountId: account.id, kind: 'withdrawal', amount: new Decimal(amount).negated().toFixed(2), reference: reference(row, 'held') });
    await audit(tx, { userId, role: 'customer' }, { action: 'withdrawal.requested', subjectType: 'money_request', subjectId: row.id, userId, details: { amount, ...destination(input) } });
    return row;
  });
}

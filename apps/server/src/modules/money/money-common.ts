import { moneyMessages as msg } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { invalid } from '../../http/errors.ts';
import type { TradingAccountRow } from '../accounts/accounts.repository.ts';
import { ensureAccountUsable } from '../accounts/account-usable.service.ts';
import { accountOfUser } from '../trading/trades.repository.ts';
import { type MoneyRow, requestByKey } from './money.repository.ts';

/** One of the customer's accounts that money may move through: a 422 naming the field when it is not theirs, a 409 when it is not approved. */
export async function ownAccount(db: DbOrTx, userId: number, accountId: number, field = 'account_id'): Promise<TradingAccountRow> {
  const account = await accountOfUser(db, userId, accountId);
  if (!account) throw invalid(field, msg.accountNotFound);
  ensureAccountUsable(account, field);
  return account;
}

/**
 * Runs a money-moving transaction once per idempotency key: a retry, or a second click racing the
 * first, gets the request the first one made instead of moving the money again.
 */
export async function onceByKey(ctx: AppContext, userId: number, key: string | null, work: (tx: DbOrTx) => Promise<MoneyRow>): Promise<MoneyRow> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    if (!key || !isUniqueViolation(error)) throw error;
    const prior = await requestByKey(ctx.db, userId, key);
    if (!prior) throw error;
    return prior;
  }
}

/** Amounts as the ledger stores them. */
export const cents = (n: number | string) => Number(n).toFixed(2);

export const reference = (row: Pick<MoneyRow, 'id'>, step?: string) => `money:${row.id}${step ? `:${step}` : ''}`;

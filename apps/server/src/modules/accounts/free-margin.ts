import type { Decimal } from 'decimal.js';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requirePrices } from '../trading/order.service.ts';
import { exposuresOf } from '../trading/trades.repository.ts';
import { tradingRuntime } from '../trading/trading-runtime.ts';
import { Valuer } from '../trading/valuation.ts';
import type { TradingAccountRow } from './accounts.repository.ts';

/**
 * What the account could spend or move out now: equity less the margin its positions use. Read
 * inside the transaction holding the account's lock, so nothing moves it before the debit.
 */
export async function freeMarginOf(ctx: AppContext, tx: DbOrTx, account: TradingAccountRow): Promise<Decimal> {
  const valuer = new Valuer(tradingRuntime(ctx).catalog, requirePrices(ctx), account.currency);
  return valuer.freeMargin(account.balance, await exposuresOf(tx, account.id));
}

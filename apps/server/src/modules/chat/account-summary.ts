import type { AppContext } from '../../app-context.ts';
import { accountSummaryOf } from '../trading/trades-query.service.ts';
import { tradesOfAccount } from '../trading/trades.repository.ts';
import { isOnline } from '../users/presence.ts';
import type { UserRow } from '../users/users.repository.ts';

/**
 * The customer's primary (first) trading account as the admin chat header shows it, valued by the
 * trading engine at the server's current prices (equity = balance + unrealised P&L).
 */
export async function accountSummary(ctx: AppContext, user: UserRow) {
  const summary = await accountSummaryOf(ctx, user.id);
  const open = await tradesOfAccount(ctx.db, summary.account_id, ['open']);
  return {
    user_id: user.id,
    status: user.status,
    account_id: user.accountId,
    currency: summary.currency,
    balance: summary.balance,
    credit: summary.credit,
    equity: summary.equity,
    pnl: summary.pnl,
    margin: summary.margin,
    open_positions: open.length,
    is_online: isOnline(user.lastSeenAt),
  };
}

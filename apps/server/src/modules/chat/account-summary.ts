import { Decimal } from 'decimal.js';
import type { DbOrTx } from '../../db/client.ts';
import { accountsOfUser } from '../accounts/accounts.repository.ts';
import { isOnline } from '../users/presence.ts';
import type { UserRow } from '../users/users.repository.ts';

/** Open positions and their unrealised P&L for one trading account, contributed by the trading module. */
export type PositionsSource = (db: DbOrTx, accountId: number) => Promise<{ open_positions: number; pnl: string }>;
let positionsSource: PositionsSource = async () => ({ open_positions: 0, pnl: '0' });

/** Lets the trading engine supply open positions; until it does, equity equals balance. */
export function setPositionsSource(source: PositionsSource): void {
  positionsSource = source;
}

/** The customer's primary (first) account as the admin chat header shows it. */
export async function accountSummary(db: DbOrTx, user: UserRow) {
  const [account] = await accountsOfUser(db, user.id);
  const balance = new Decimal(account?.balance ?? '0');
  const positions = account ? await positionsSource(db, account.id) : { open_positions: 0, pnl: '0' };
  return {
    user_id: user.id,
    status: user.status,
    account_id: user.accountId,
    currency: account?.currency ?? 'USD',
    balance: balance.toFixed(2),
    credit: new Decimal(account?.credit ?? '0').toFixed(2),
    equity: balance.plus(positions.pnl).toFixed(2),
    open_positions: positions.open_positions,
    is_online: isOnline(user.lastSeenAt),
  };
}

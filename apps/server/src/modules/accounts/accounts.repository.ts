import { randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tradingAccounts } from '../../db/schema/index.ts';
import { postEntry } from './ledger.repository.ts';

export type TradingAccountRow = typeof tradingAccounts.$inferSelect;

export function accountsOfUser(db: DbOrTx, userId: number): Promise<TradingAccountRow[]> {
  return db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, userId)).orderBy(asc(tradingAccounts.id));
}

/** Every customer gets a live account (balance 0) and a demo account funded by a journal deposit. */
export async function openDefaultAccounts(tx: DbOrTx, userId: number, demoBalance: string): Promise<void> {
  // Demo first: selectedAccountIndex 0 is then a funded account a newcomer can trade at once.
  const [demo] = await tx
    .insert(tradingAccounts)
    .values([
      { userId, number: accountNumber('D'), kind: 'demo' },
      { userId, number: accountNumber('L'), kind: 'live' },
    ])
    .returning({ id: tradingAccounts.id });
  if (demo && Number(demoBalance) > 0) {
    await postEntry(tx, { accountId: demo.id, kind: 'deposit', amount: demoBalance, reference: 'demo funding' });
  }
}

/** Opens one more account for the customer, numbered like the first ones; `pending` until an operator approves it when asked. */
export async function openAccount(tx: DbOrTx, userId: number, kind: 'demo' | 'live', currency: string, status: 'active' | 'pending' = 'active'): Promise<TradingAccountRow> {
  const [row] = await tx.insert(tradingAccounts).values({ userId, number: accountNumber(kind === 'demo' ? 'D' : 'L'), kind, currency, status }).returning();
  return row!;
}

function accountNumber(prefix: string): string {
  return `${prefix}${randomInt(10_000_000, 99_999_999)}`;
}

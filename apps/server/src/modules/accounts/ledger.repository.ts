import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { statement } from '../../db/statement.ts';
import { journalEntries, type journalKinds, tradingAccounts } from '../../db/schema/index.ts';

export type JournalKind = (typeof journalKinds)[number];

/**
 * Changes an account's balance by `amount` (a decimal string) and writes the journal entry with the
 * balance after, in one statement; call it inside the transaction that causes the change. The row
 * lock taken by the UPDATE serialises concurrent changes to one account. An unknown account fails
 * the insert (its balance after would be null).
 */
export async function postEntry(
  tx: DbOrTx,
  entry: { accountId: number; kind: JournalKind; amount: string; reference?: string },
): Promise<string> {
  const [row] = await postEntryStatement(tx, { ...entry, reference: entry.reference ?? null });
  return row!.balance;
}
const postEntryStatement = statement('post_entry', (db) => {
  const moved = db.$with('moved').as(
    db
      .update(tradingAccounts)
      .set({ balance: sql`${tradingAccounts.balance} + ${sql.placeholder('amount')}::numeric` })
      .where(eq(tradingAccounts.id, sql.placeholder('accountId')))
      .returning({ balance: tradingAccounts.balance }),
  );
  return db
    .with(moved)
    .insert(journalEntries)
    .values({
      accountId: sql.placeholder('accountId'),
      kind: sql.placeholder('kind'),
      amount: sql.placeholder('amount'),
      balanceAfter: sql`(SELECT balance FROM ${moved})`,
      reference: sql.placeholder('reference'),
    })
    .returning({ balance: journalEntries.balanceAfter });
});

/** Accounts whose balance differs from the sum of their journal: must always be empty. */
export async function unbalancedAccounts(db: DbOrTx): Promise<{ id: number; balance: string; journal: string }[]> {
  // Plain SQL with qualified names: inside a correlated subquery an unqualified "id" would bind
  // to journal_entries.id.
  const result = await db.execute(sql`
    SELECT a.id, a.balance::text AS balance, coalesce(j.total, 0)::text AS journal
    FROM trading_accounts a
    LEFT JOIN (SELECT account_id, sum(amount) AS total FROM journal_entries GROUP BY account_id) j ON j.account_id = a.id
    WHERE a.balance <> coalesce(j.total, 0)
    ORDER BY a.id`);
  return (result as unknown as { rows: { id: number; balance: string; journal: string }[] }).rows;
}

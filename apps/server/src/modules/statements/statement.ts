import { and, asc, count, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { StatementCategory } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { journalEntries, trades } from '../../db/schema/index.ts';
import type { TradingAccountRow } from '../accounts/accounts.repository.ts';
import { reconciles, totalsByCategory } from './statement-totals.ts';

export type StatementEntry = { date: Date; kind: string; reference: string | null; amount: string; balance: string };
export type StatementTrade = { tradeId: string; symbol: string; side: string; lots: string; open: string | null; close: string | null; openTime: Date | null; closeTime: Date | null; pnl: string; reason: string | null };

/** A month of an account in figures; its entries and trades are read in batches while the file is written. */
export type StatementSummary = {
  account: Pick<TradingAccountRow, 'id' | 'number' | 'kind' | 'currency'>;
  month: string;
  from: Date;
  to: Date;
  opening: string;
  totals: Record<StatementCategory, string>;
  closing: string;
  entryCount: number;
  tradeCount: number;
};

/** Rows read per query while a statement is written: memory stays bounded however busy the month. */
export const STATEMENT_BATCH = 500;

/** The first instant of a 'YYYY-MM' month and of the month after, in UTC. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
}

/** Months ('YYYY-MM', newest first) in which the account's ledger moved. */
export async function statementMonths(db: DbOrTx, accountId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ month: sql<string>`to_char(${journalEntries.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM')` })
    .from(journalEntries)
    .where(eq(journalEntries.accountId, accountId));
  return rows.map((r) => r.month).sort().reverse();
}

const inMonth = (accountId: number, from: Date, to: Date) =>
  and(eq(journalEntries.accountId, accountId), gte(journalEntries.createdAt, from), lt(journalEntries.createdAt, to));
const closedIn = (accountId: number, from: Date, to: Date) =>
  and(eq(trades.accountId, accountId), eq(trades.status, 'closed'), gte(trades.closeTime, from), lt(trades.closeTime, to));

/**
 * The month's figures from the ledger: the opening balance is the balance after the last entry
 * before the month, and opening + the month's entries must equal the balance after its last one,
 * or the statement is refused (an unbalanced ledger is a bug, never something to print).
 */
export async function statementSummary(db: DbOrTx, account: TradingAccountRow, month: string): Promise<StatementSummary> {
  const { from, to } = monthBounds(month);
  const [[before], sums, [last], [closed]] = await Promise.all([
    db
      .select({ balance: journalEntries.balanceAfter })
      .from(journalEntries)
      .where(and(eq(journalEntries.accountId, account.id), lt(journalEntries.createdAt, from)))
      .orderBy(desc(journalEntries.id))
      .limit(1),
    db
      .select({ kind: journalEntries.kind, total: sql<string>`sum(${journalEntries.amount})::text`, n: count() })
      .from(journalEntries)
      .where(inMonth(account.id, from, to))
      .groupBy(journalEntries.kind),
    db
      .select({ balance: journalEntries.balanceAfter })
      .from(journalEntries)
      .where(inMonth(account.id, from, to))
      .orderBy(desc(journalEntries.id))
      .limit(1),
    db.select({ n: count() }).from(trades).where(closedIn(account.id, from, to)),
  ]);
  const opening = before?.balance ?? '0.00';
  const { closing, ok } = reconciles(opening, sums, last?.balance ?? null);
  if (!ok) throw new Error(`statement of account ${account.id} for ${month} does not reconcile`);
  return {
    account: { id: account.id, number: account.number, kind: account.kind, currency: account.currency },
    month,
    from,
    to,
    opening: Number(opening).toFixed(2),
    totals: totalsByCategory(sums),
    closing,
    entryCount: sums.reduce((n, s) => n + s.n, 0),
    tradeCount: closed?.n ?? 0,
  };
}

/**
 * The month's ledger entries in the order they were posted, a batch at a time. Ids follow the
 * balance chain (each entry is inserted under the account's row lock); created_at is the start of
 * the posting transaction and can lag behind it.
 */
export async function* statementEntries(db: DbOrTx, s: StatementSummary): AsyncGenerator<StatementEntry> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(journalEntries)
      .where(and(inMonth(s.account.id, s.from, s.to), gt(journalEntries.id, after)))
      .orderBy(asc(journalEntries.id))
      .limit(STATEMENT_BATCH);
    for (const r of rows) yield { date: r.createdAt, kind: r.kind, reference: r.reference, amount: r.amount, balance: r.balanceAfter };
    if (rows.length < STATEMENT_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/** The trades closed in the month, oldest close first, a batch at a time. */
export async function* statementTrades(db: DbOrTx, s: StatementSummary): AsyncGenerator<StatementTrade> {
  for (let offset = 0; ; offset += STATEMENT_BATCH) {
    const rows = await db.select().from(trades).where(closedIn(s.account.id, s.from, s.to)).orderBy(asc(trades.closeTime), asc(trades.id)).limit(STATEMENT_BATCH).offset(offset);
    for (const t of rows) {
      yield { tradeId: t.tradeId, symbol: t.assetSymbol, side: t.tradeType, lots: t.lots, open: t.openingPrice, close: t.closingPrice, openTime: t.openTime, closeTime: t.closeTime, pnl: t.pnl, reason: t.closeReason };
    }
    if (rows.length < STATEMENT_BATCH) return;
  }
}

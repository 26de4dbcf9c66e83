import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type AccountHistory, type HistoryRange, historyRanges, ledgerDetail } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { equitySnapshots, journalEntries, trades } from '../../db/schema/index.ts';
import type { TradingAccountRow } from '../accounts/accounts.repository.ts';

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * One point per UTC day from `fromDay` to `toDay`: the balance after that day's last entry, or the
 * day before's when nothing moved. Days before the account's first entry are left out rather than
 * drawn as a zero balance it never had.
 */
export function dailyCloses(closes: { date: string; balance: string }[], before: string | null, fromDay: string, toDay: string): { date: string; balance: string }[] {
  const byDay = new Map(closes.map((c) => [c.date, c.balance]));
  const points: { date: string; balance: string }[] = [];
  let balance = before;
  for (let t = Date.parse(`${fromDay}T00:00:00Z`); t <= Date.parse(`${toDay}T00:00:00Z`); t += DAY) {
    const day = dayOf(t);
    balance = byDay.get(day) ?? balance;
    if (balance !== null) points.push({ date: day, balance });
  }
  return points;
}

/** The equity of the last snapshot of each UTC day since `since`, and of the last one before it. */
async function equityCloses(db: DbOrTx, accountId: number, since: Date) {
  const day = sql<string>`to_char(${equitySnapshots.hour} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const [closes, [before]] = await Promise.all([
    db
      .selectDistinctOn([day], { date: day, balance: equitySnapshots.equity })
      .from(equitySnapshots)
      .where(and(eq(equitySnapshots.accountId, accountId), gte(equitySnapshots.hour, since)))
      .orderBy(day, desc(equitySnapshots.hour)),
    db
      .select({ equity: equitySnapshots.equity })
      .from(equitySnapshots)
      .where(and(eq(equitySnapshots.accountId, accountId), lt(equitySnapshots.hour, since)))
      .orderBy(desc(equitySnapshots.hour))
      .limit(1),
  ]);
  return { closes, before: before?.equity ?? null };
}

/**
 * An account's balance over the range from its ledger, its equity from the hourly snapshots,
 * realised P&L today and over its life, and its latest entries (a realised P&L entry with the
 * trade it closed).
 */
export async function accountHistory(db: DbOrTx, account: TradingAccountRow, range: HistoryRange, nowMs: number): Promise<AccountHistory> {
  const todayMs = Math.floor(nowMs / DAY) * DAY;
  const since = new Date(todayMs - (historyRanges[range] - 1) * DAY);
  const day = sql<string>`to_char(${journalEntries.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const realised = (from?: Date) =>
    db
      .select({ total: sql<string>`coalesce(sum(${journalEntries.amount}), 0)::numeric(20,2)::text` })
      .from(journalEntries)
      .where(and(eq(journalEntries.accountId, account.id), eq(journalEntries.kind, 'realised_pnl'), from ? gte(journalEntries.createdAt, from) : undefined));
  const [closes, [before], [today], [lifetime], recent, equity] = await Promise.all([
    db
      .selectDistinctOn([day], { date: day, balance: journalEntries.balanceAfter })
      .from(journalEntries)
      .where(and(eq(journalEntries.accountId, account.id), gte(journalEntries.createdAt, since)))
      .orderBy(day, desc(journalEntries.id)),
    db
      .select({ balance: journalEntries.balanceAfter })
      .from(journalEntries)
      .where(and(eq(journalEntries.accountId, account.id), sql`${journalEntries.createdAt} < ${since}`))
      .orderBy(desc(journalEntries.id))
      .limit(1),
    realised(new Date(todayMs)),
    realised(),
    db.select().from(journalEntries).where(eq(journalEntries.accountId, account.id)).orderBy(desc(journalEntries.id)).limit(10),
    equityCloses(db, account.id, since),
  ]);
  // A realised P&L entry's reference is the trade id of the closed trade (or its closed part).
  const tradeIds = recent.filter((e) => e.kind === 'realised_pnl' && e.reference).map((e) => e.reference!);
  const closed = tradeIds.length
    ? await db
        .select({ tradeId: trades.tradeId, symbol: trades.assetSymbol, side: trades.tradeType, lots: trades.lots, reason: trades.closeReason })
        .from(trades)
        .where(and(eq(trades.accountId, account.id), inArray(trades.tradeId, tradeIds)))
    : [];
  const tradeOf = new Map(closed.map((t) => [t.tradeId, { symbol: t.symbol, side: t.side, lots: t.lots, close_reason: t.reason }]));
  return {
    currency: account.currency,
    points: dailyCloses(closes, before?.balance ?? null, dayOf(since.getTime()), dayOf(todayMs)),
    // An hour without a snapshot changed nothing (no open position, same balance), so the last one carries over.
    equity_points: dailyCloses(equity.closes, equity.before, dayOf(since.getTime()), dayOf(todayMs)).map((p) => ({ date: p.date, equity: p.balance })),
    pnl_today: today?.total ?? '0.00',
    pnl_lifetime: lifetime?.total ?? '0.00',
    activity: recent.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: e.amount,
      balance_after: e.balanceAfter,
      reference: e.reference,
      detail: ledgerDetail(e.reference),
      created_at: e.createdAt.toISOString(),
      trade: (e.kind === 'realised_pnl' && e.reference && tradeOf.get(e.reference)) || null,
    })),
  };
}

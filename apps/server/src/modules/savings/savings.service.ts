import { Decimal } from 'decimal.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import { savingsMessages as msg, type SavingsView } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { savingsAccounts, savingsEntries } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';
import { freeMarginOf } from '../accounts/free-margin.ts';
import { postEntry } from '../accounts/ledger.repository.ts';
import { audit } from '../audit/audit.service.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { lockAccount } from '../trading/trades.repository.ts';
import { ownAccount } from '../money/money-common.ts';

type EntryRow = typeof savingsEntries.$inferSelect;

export async function savingsOf(db: DbOrTx, userId: number): Promise<SavingsView> {
  const [account] = await db.select().from(savingsAccounts).where(eq(savingsAccounts.userId, userId));
  const entries = await db.select().from(savingsEntries).where(eq(savingsEntries.userId, userId)).orderBy(desc(savingsEntries.id)).limit(200);
  const [earned] = await db
    .select({ total: sql<string>`coalesce(sum(${savingsEntries.amount}), 0)::text` })
    .from(savingsEntries)
    .where(sql`${savingsEntries.userId} = ${userId} AND ${savingsEntries.kind} = 'interest'`);
  return {
    currency: account?.currency ?? 'USD',
    balance: account?.balance ?? '0.00',
    rate_pct: (await getSiteSettings(db)).savings_rate_pct,
    interest_earned: new Decimal(earned?.total ?? 0).toFixed(2),
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: e.amount,
      balance_after: e.balanceAfter,
      account_id: e.accountId,
      accrual_date: e.accrualDate,
      rate_pct: e.ratePct === null ? null : Number(e.ratePct),
      created_at: e.createdAt.toISOString(),
    })),
  };
}

/** Changes the savings balance by `amount` under its row lock and writes the entry; refuses to go below 0. */
async function postSavings(tx: DbOrTx, userId: number, entry: Omit<typeof savingsEntries.$inferInsert, 'userId' | 'balanceAfter'>): Promise<EntryRow> {
  await tx.insert(savingsAccounts).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .update(savingsAccounts)
    .set({ balance: sql`${savingsAccounts.balance} + ${entry.amount}::numeric` })
    .where(eq(savingsAccounts.userId, userId))
    .returning({ balance: savingsAccounts.balance });
  const [inserted] = await tx.insert(savingsEntries).values({ ...entry, userId, balanceAfter: row!.balance }).returning();
  return inserted!;
}

async function liveUsdAccount(ctx: AppContext, userId: number, accountId: number) {
  const account = await ownAccount(ctx.db, userId, accountId);
  if (account.kind !== 'live') throw invalid('account_id', msg.liveOnly);
  if (account.currency !== 'USD') throw invalid('account_id', msg.currency);
  return account;
}

/**
 * Runs a move once per idempotency key. A retry whose first attempt went through is answered as a
 * success, whether it fails on the key's unique index or on the funds the first attempt moved.
 */
async function once(ctx: AppContext, userId: number, key: string | null, work: (tx: DbOrTx) => Promise<void>): Promise<void> {
  try {
    await ctx.db.transaction(work);
  } catch (error) {
    if (!key) throw error;
    const [prior] = await ctx.db.select({ id: savingsEntries.id }).from(savingsEntries).where(and(eq(savingsEntries.userId, userId), eq(savingsEntries.idempotencyKey, key)));
    if (!prior) throw error;
  }
}

/** POST /savings/deposit: from a live account's free margin into savings, both ledgers in one transaction. */
export async function moveIntoSavings(ctx: AppContext, userId: number, accountId: number, amount: number, key: string | null): Promise<void> {
  const account = await liveUsdAccount(ctx, userId, accountId);
  const value = new Decimal(amount);
  await once(ctx, userId, key, async (tx) => {
    const locked = (await lockAccount(tx, account.id))!;
    if (value.greaterThan(await freeMarginOf(ctx, tx, locked))) throw invalid('amount', msg.noFunds);
    const entry = await postSavings(tx, userId, { kind: 'deposit', amount: value.toFixed(2), accountId: account.id, idempotencyKey: key });
    await postEntry(tx, { accountId: account.id, kind: 'transfer', amount: value.negated().toFixed(2), reference: `savings:${entry.id}:in` });
    await audit(tx, { userId, role: 'customer' }, { action: 'savings.deposited', subjectType: 'savings', subjectId: entry.id, userId, details: { amount: entry.amount, account: account.number } });
  });
}

/** POST /savings/withdraw: back from savings into a live account. */
export async function moveOutOfSavings(ctx: AppContext, userId: number, accountId: number, amount: number, key: string | null): Promise<void> {
  const account = await liveUsdAccount(ctx, userId, accountId);
  const value = new Decimal(amount);
  await once(ctx, userId, key, async (tx) => {
    const [saved] = await tx.select().from(savingsAccounts).where(eq(savingsAccounts.userId, userId)).for('update');
    if (!saved || value.greaterThan(saved.balance)) throw invalid('amount', msg.tooMuch);
    const entry = await postSavings(tx, userId, { kind: 'withdrawal', amount: value.negated().toFixed(2), accountId: account.id, idempotencyKey: key });
    await postEntry(tx, { accountId: account.id, kind: 'transfer', amount: value.toFixed(2), reference: `savings:${entry.id}:out` });
    await audit(tx, { userId, role: 'customer' }, { action: 'savings.withdrawn', subjectType: 'savings', subjectId: entry.id, userId, details: { amount: value.toFixed(2), account: account.number } });
  });
}

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Pays one day's interest on every savings balance: balance × rate / 365, rounded down to the
 * cent. The row for (customer, date) is unique, so running this again on the same day, on
 * another node or after a restart, pays nothing more. Returns how many balances it paid.
 */
export async function accrueInterest(ctx: AppContext, nowMs: number): Promise<number> {
  const rate = (await getSiteSettings(ctx.db)).savings_rate_pct;
  if (rate <= 0) return 0;
  const day = utcDate(nowMs);
  const balances = await ctx.db.select().from(savingsAccounts).where(sql`${savingsAccounts.balance} > 0`);
  let paid = 0;
  for (const { userId, balance } of balances) {
    const interest = new Decimal(balance).times(rate).dividedBy(100 * 365).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    if (interest.lessThanOrEqualTo(0)) continue;
    try {
      await ctx.db.transaction((tx) => postSavings(tx, userId, { kind: 'interest', amount: interest.toFixed(2), accrualDate: day, ratePct: String(rate) }));
      paid++;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return paid;
}

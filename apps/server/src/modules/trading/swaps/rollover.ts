import { Decimal } from 'decimal.js';
import { channels, events } from '@bourse/contract';
import { isoWeekday, rolloverAt, rolloversBetween, swapDayCount, swapNights, swapPerUnit } from '@bourse/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context.ts';
import { runEvery } from '../../../lib/background-job.ts';
import { tradingRuntime } from '../trading-runtime.ts';
import { Valuer } from '../valuation.ts';
import type { DbOrTx } from '../../../db/client.ts';
import {
  chargeSwapFreeFees,
  chargeSwaps,
  type ChargedAccount,
  completedDays,
  dueFees,
  dueTrades,
  feeCurrencies,
  heldCombos,
  lockAccounts,
  protectNegativeBalances,
  recordRollover,
  type RolloverDay,
  swapsChargedFrom,
  type SwapTerm,
} from './rollover.repository.ts';

const DAY_MS = 86_400_000;
/** A rollover is charged this long after its instant, so an order in flight at that moment has committed. */
export const ROLLOVER_GRACE_MS = 60_000;
/** How far back a missed rollover is still charged when the worker comes back. */
export const ROLLOVER_LOOKBACK_DAYS = 31;
/** Positions charged per transaction (whole accounts: a batch ends where an account does); `batch` overrides it. */
const BATCH = 5_000;

export type RolloverOutcome = { day: string; charged: number; complete: boolean };

/**
 * Charges the swaps of every rollover due by `nowMs` and not yet complete: each day's rollover at
 * its configured time (17:00 New York by default), a missed one (the worker was down) as well, for
 * its own day, within the last ROLLOVER_LOOKBACK_DAYS. Exactly once per position per day however
 * often it runs, here or on another node: the charge's primary key (position, day) decides, in the
 * transaction that writes the journal entry. A day is marked complete once a run left nothing
 * waiting (a position whose currency could not be converted waits for the next run).
 */
export async function rollOver(ctx: AppContext, nowMs: number, opts: { batch?: number } = {}): Promise<RolloverOutcome[]> {
  const { rolloverTime, zone } = ctx.config.swaps;
  const from = Math.max((await swapsChargedFrom(ctx.db)).getTime(), nowMs - ROLLOVER_LOOKBACK_DAYS * DAY_MS);
  const due = rolloversBetween(from, nowMs - ROLLOVER_GRACE_MS, rolloverTime, zone);
  if (due.length === 0) return [];
  const done = await completedDays(ctx.db, due.map((r) => r.day));
  const outcomes: RolloverOutcome[] = [];
  for (const r of due) {
    if (!done.has(r.day)) outcomes.push(await rollOverDay(ctx, { day: r.day, at: new Date(r.at) }, opts.batch ?? BATCH));
  }
  return outcomes;
}

/**
 * Charges the rollover of one calendar `day` again (the operator CLI's `rerun-job swap-rollover`):
 * the positions held at that day's rollover and not charged for it yet. Exactly once per position
 * per day, as for the worker's own runs. Refuses a rollover not due by `nowMs` and a day before
 * swaps were first charged.
 */
export async function rollOverOnDay(ctx: AppContext, day: string, nowMs: number, opts: { batch?: number } = {}): Promise<RolloverOutcome> {
  const { rolloverTime, zone } = ctx.config.swaps;
  const at = rolloverAt(day, rolloverTime, zone);
  if (at > nowMs - ROLLOVER_GRACE_MS) throw new RangeError(`the rollover of ${day} (${new Date(at).toISOString()}) is not due yet`);
  const from = await swapsChargedFrom(ctx.db);
  if (at <= from.getTime()) throw new RangeError(`swaps are charged from ${from.toISOString()}; the rollover of ${day} is before that`);
  return rollOverDay(ctx, { day, at: new Date(at) }, opts.batch ?? BATCH);
}

/** Account currency per unit of `quote`, at the server's prices; null without a priced pair (or a feed). */
export function converter(ctx: AppContext): (quote: string, currency: string) => Promise<number | null> {
  const valuers = new Map<string, Valuer>();
  return async (quote, currency) => {
    if (quote.toUpperCase() === currency.toUpperCase()) return 1;
    if (!ctx.prices) return null;
    let valuer = valuers.get(currency);
    if (!valuer) valuers.set(currency, (valuer = new Valuer(tradingRuntime(ctx).catalog, ctx.prices, currency)));
    return valuer.conversion(quote);
  };
}

/** The swap per unit of every group held at the rollover, each side with a swap; `waiting` when a group could not be converted. */
async function termsOf(ctx: AppContext, r: RolloverDay): Promise<{ terms: SwapTerm[]; waiting: boolean }> {
  const convert = converter(ctx);
  const terms: SwapTerm[] = [];
  let waiting = false;
  for (const c of await heldCombos(ctx.db, r)) {
    const nights = swapNights(r.day, c.triple_day);
    if (nights === 0) continue;
    const conversion = await convert(c.quote, c.currency);
    if (conversion === null) {
      ctx.log.warn({ day: r.day, assetId: c.asset_id, quote: c.quote, currency: c.currency }, 'swap rollover: no rate converts the quote currency; waiting');
      waiting = true;
      continue;
    }
    const price = ctx.prices?.quote(c.asset_id)?.price;
    const sides = [['buy', c.long_rate, c.longs], ['sell', c.short_rate, c.shorts]] as const;
    for (const [side, rate, held] of sides) {
      if (!held || new Decimal(rate).isZero()) continue;
      // For percent, per unit of price: the price is each position's own when the instrument has none now.
      const factor = swapPerUnit({ unit: c.unit, rate, dayCount: swapDayCount(c.type), digits: c.digits }, { price: 1, nights, conversion });
      terms.push({
        asset_id: c.asset_id,
        quote: c.quote,
        currency: c.currency,
        side,
        factor: factor.toFixed(),
        price: price && price > 0 ? String(price) : null,
        rate,
        unit: c.unit,
        nights,
        conversion: String(conversion),
      });
    }
  }
  return { terms, waiting };
}

/** Splits positions (sorted by account) into batches of about `size`, never splitting an account. */
function batches(rows: { id: number; account_id: number }[], size: number): { ids: number[]; accounts: number[] }[] {
  const out: { ids: number[]; accounts: number[] }[] = [];
  let current: { ids: number[]; accounts: number[] } | null = null;
  for (const row of rows) {
    const newAccount = current?.accounts.at(-1) !== row.account_id;
    if (!current || (newAccount && current.ids.length >= size)) out.push((current = { ids: [], accounts: [] }));
    if (newAccount) current.accounts.push(row.account_id);
    current.ids.push(row.id);
  }
  return out;
}

/**
 * Charges `due` positions (sorted by account) a batch per transaction, whole accounts locked in id
 * order, with negative balance protection after; tells the owners. How many were charged.
 */
async function chargeInBatches(ctx: AppContext, due: { id: number; account_id: number }[], batchSize: number, charge: (tx: DbOrTx, ids: number[]) => Promise<ChargedAccount[]>): Promise<number> {
  let charged = 0;
  for (const batch of batches(due, batchSize)) {
    const accounts = await ctx.db.transaction(async (tx) => {
      await lockAccounts(tx, batch.accounts);
      const rows = await charge(tx, batch.ids);
      await protectNegativeBalances(
        tx,
        rows.filter((a) => new Decimal(a.balance).isNegative()).map((a) => ({ account_id: a.account_id, ref: a.ref })),
      );
      return rows;
    });
    charged += accounts.reduce((n, a) => n + a.n, 0);
    await tell(ctx, accounts);
  }
  return charged;
}

/** Group-to-account currency rates for the swap-free fees of `r`; `waiting` when one could not be converted. */
async function feeRates(ctx: AppContext, r: RolloverDay): Promise<{ rates: { currency: string; account_currency: string; conversion: number }[]; waiting: boolean }> {
  const convert = converter(ctx);
  const rates = [];
  let waiting = false;
  for (const pair of await feeCurrencies(ctx.db, r)) {
    const conversion = await convert(pair.currency, pair.account_currency);
    if (conversion === null) waiting = true;
    else rates.push({ ...pair, conversion });
  }
  return { rates, waiting };
}

/** One rollover day: the terms, the positions due, charged a batch per transaction. */
async function rollOverDay(ctx: AppContext, r: RolloverDay, batchSize: number): Promise<RolloverOutcome> {
  const { terms, waiting: swapsWaiting } = await termsOf(ctx, r);
  let charged = await chargeInBatches(ctx, await dueTrades(ctx.db, r, terms), batchSize, (tx, ids) => chargeSwaps(tx, r, ids, terms));
  // Swap-free positions pay their group's administration fee instead, on weekdays only.
  const fees = isoWeekday(r.day) <= 5 ? await feeRates(ctx, r) : { rates: [], waiting: false };
  if (fees.rates.length > 0) charged += await chargeInBatches(ctx, await dueFees(ctx.db, r), batchSize, (tx, ids) => chargeSwapFreeFees(tx, r, ids, fees.rates));
  const waiting = swapsWaiting || fees.waiting;
  await recordRollover(ctx.db, r, charged, !waiting);
  if (charged > 0) ctx.log.info({ day: r.day, charged }, 'swaps charged');
  return { day: r.day, charged, complete: !waiting };
}

/**
 * Tells the owners' clients that balances and positions changed. The risk engine reads the new
 * balances at its next sweep, as it does for every change another node makes.
 */
export async function tell(ctx: AppContext, accounts: Pick<ChargedAccount, 'user_id' | 'trade'>[], reason: 'swap' | 'dividend' = 'swap'): Promise<void> {
  const users = new Map<number, number>();
  for (const a of accounts) users.set(a.user_id, a.trade);
  for (const [userId, trade] of users) {
    try {
      await ctx.broadcaster.publish(channels.trade(userId), events.tradeUpdated, { id: trade, reason });
      await ctx.broadcaster.publish(channels.user(userId), events.userUpdated, { id: userId });
    } catch (error) {
      // Committed; a lost notification only delays the client's refresh.
      ctx.log.warn({ err: error, userId }, 'swap notification not delivered');
    }
  }
}

/** The rollover on the node that runs background work: at start (a rollover missed while down), then every SWAP_CHECK_MS. */
export async function rolloverAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers || ctx.config.swaps.checkMs <= 0) return;
  runEvery(ctx, ctx.config.swaps.checkMs, 'swap rollover', () => rollOver(ctx, Date.now()), { atStart: true });
}

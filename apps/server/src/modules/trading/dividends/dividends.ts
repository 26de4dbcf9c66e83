import { Decimal } from 'decimal.js';
import { localDay, rolloverAt } from '@bourse/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context.ts';
import { runEvery } from '../../../lib/background-job.ts';
import { postEntry } from '../../accounts/ledger.service.ts';
import { lockAccounts } from '../swaps/rollover.repository.ts';
import { converter, ROLLOVER_GRACE_MS, tell } from '../swaps/rollover.ts';
import { addAdjusted, dueActions, type HeldPosition, heldForAction, markApplied, recordDividend } from './dividends.repository.ts';

/** The calendar day before `day` (YYYY-MM-DD). */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export type DividendOutcome = { id: number; symbol: string; adjusted: number; complete: boolean };

/**
 * Applies every corporate action whose ex-date has come: each position held at the rollover before
 * the ex-date (its record instant: the last moment one could hold it and still be paid) is credited,
 * long, or debited, short, the amount per share times the units it held then, in the account
 * currency, as one journal entry of kind `dividend`. Exactly once per position and action however
 * often it runs, on however many nodes (the dividend_charges key decides, in the transaction that
 * posts the entry). An action is marked applied once no position is left waiting for a rate.
 */
export async function applyDividends(ctx: AppContext, nowMs: number): Promise<DividendOutcome[]> {
  const { rolloverTime, zone } = ctx.config.swaps;
  const outcomes: DividendOutcome[] = [];
  // The record instant of tomorrow's ex-dates is this evening's rollover: they may be due already.
  const tomorrow = new Date(Date.parse(`${localDay(zone, nowMs)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  for (const action of await dueActions(ctx.db, tomorrow)) {
    const day = dayBefore(action.ex_date);
    const at = rolloverAt(day, rolloverTime, zone);
    if (at > nowMs - ROLLOVER_GRACE_MS) continue;
    const held = await heldForAction(ctx.db, action, { day, at: new Date(at) });
    const convert = converter(ctx);
    let waiting = false;
    const priced: { p: HeldPosition; conversion: number; amount: string }[] = [];
    for (const p of held) {
      const conversion = await convert(p.quote, p.currency);
      if (conversion === null) {
        waiting = true;
        continue;
      }
      const signed = new Decimal(p.units).times(action.amount).times(conversion).times(p.side === 'buy' ? 1 : -1);
      priced.push({ p, conversion, amount: signed.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) });
    }
    let adjusted = 0;
    const told: { user_id: number; trade: number }[] = [];
    for (const accountId of new Set(priced.map((x) => x.p.account_id))) {
      const mine = priced.filter((x) => x.p.account_id === accountId);
      const n = await ctx.db.transaction(async (tx) => {
        await lockAccounts(tx, [accountId]);
        let count = 0;
        for (const { p, conversion, amount } of mine) {
          const recorded = await recordDividend(tx, { tradeId: p.id, actionId: action.id, accountId, units: p.units, conversion, amount });
          if (!recorded || new Decimal(amount).isZero()) continue;
          await postEntry(tx, { accountId, kind: 'dividend', amount, reference: `dividend:${p.trade_id}:${action.symbol}:${action.ex_date}` });
          count++;
        }
        return count;
      });
      adjusted += n;
      if (n > 0) told.push({ user_id: mine[0]!.p.user_id, trade: mine[0]!.p.id });
    }
    if (waiting) await addAdjusted(ctx.db, action.id, adjusted);
    else await markApplied(ctx.db, action.id, adjusted);
    await tell(ctx, told, 'dividend');
    if (adjusted > 0) ctx.log.info({ action: action.id, symbol: action.symbol, adjusted }, 'dividends adjusted');
    outcomes.push({ id: action.id, symbol: action.symbol, adjusted, complete: !waiting });
  }
  return outcomes;
}

/** Dividends on the node that runs background work, checked as often as the swap rollover. */
export async function dividendsAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers || ctx.config.swaps.checkMs <= 0) return;
  runEvery(ctx, ctx.config.swaps.checkMs, 'dividends', () => applyDividends(ctx, Date.now()), { atStart: true });
}

import type { Decimal } from 'decimal.js';
import { fillPrice, marginDecimal, markedQuote, pendingHit, stopLossHit, takeProfitHit } from '@bourse/domain';
import type { AppContext } from '../../app-context.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import type { PriceSource, Quote } from '../market/price-source.ts';
import { trailingStart } from './order-plan.ts';
import { settleClose, type Settlement } from './settlement.ts';
import { slippageOf, spreadOf } from './trade-view.ts';
import { tradingRuntime, type TradeChange } from './trading-runtime.ts';
import { accountOfUser, exposuresOf, lockAccount, tradeById, tradesOfAccount, updateTradeIf, type TradeRow } from './trades.repository.ts';
import { Valuer } from './valuation.ts';
import { commissionColumns, commissionOf, postCommission } from './commission.ts';
import { termsOfAccount } from '../groups/groups.service.ts';
import { executeClose, type VenueClose, writeCloseOrder } from './a-book/a-book-close.ts';
import { executePendingFill, writePendingFill } from './a-book/a-book-pending.ts';
import { holdOffVenue, routeOf, venueHeldOff } from './a-book/venue-route.ts';
import type { VenueOrderRow } from './a-book/venue-orders.repository.ts';
import type { Route } from '../market/venue/venues.service.ts';

/**
 * Closes an A-book position at its venue from the risk engine. A refusal or a venue away is logged
 * and the trade left alone a few seconds; its trigger fires again on a later tick.
 */
async function closeAtVenue(ctx: AppContext, close: VenueClose): Promise<Settlement | null> {
  try {
    return await executeClose(ctx, close);
  } catch (error) {
    if (close.order.tradeId !== null) holdOffVenue(ctx, close.order.tradeId);
    ctx.log.warn({ tradeId: close.order.tradeId, clOrdId: close.order.clOrdId, err: (error as Error).message }, 'A-book close from the risk engine not done');
    return null;
  }
}

/** The venue close of an A-book position a trigger crossed, or null when it cannot be written now (venue away, a close already out). */
async function venueCloseOf(ctx: AppContext, tx: Parameters<typeof writeCloseOrder>[1], trade: TradeRow, reason: Parameters<typeof writeCloseOrder>[3]): Promise<VenueClose | null> {
  try {
    return await writeCloseOrder(ctx, tx, trade, reason);
  } catch (error) {
    holdOffVenue(ctx, trade.id);
    ctx.log.warn({ tradeId: trade.id, err: (error as Error).message }, 'A-book close from the risk engine not sent');
    return null;
  }
}

/**
 * The risk engine's database work. Each action re-reads the trade under the account lock and
 * re-checks its trigger against the tick that fired it, so a trigger that went stale (the trade was
 * closed or its level moved meanwhile) does nothing. Fills use that tick's price: a gap fills at the
 * first available price, not at the trigger level.
 */
async function valuerFor(ctx: AppContext, prices: PriceSource, trade: TradeRow): Promise<{ valuer: Valuer; conversion: number | null }> {
  const account = await accountOfUser(ctx.db, trade.userId, trade.accountId);
  const valuer = new Valuer(tradingRuntime(ctx).catalog, prices, account?.currency ?? 'USD');
  return { valuer, conversion: await valuer.conversion(trade.quoteCurrency) };
}

function changeOf(trade: TradeRow, ids: number[], reason: string, balanceChanged: boolean): TradeChange {
  return { userId: trade.userId, accountId: trade.accountId, tradeIds: ids, reason, balanceChanged };
}

/** Closes a position whose take-profit or stop-loss the tick crossed. */
export async function closeOnTrigger(ctx: AppContext, prices: PriceSource, tradeId: number, kind: 'tp' | 'sl', quote: Quote): Promise<TradeChange | null> {
  if (venueHeldOff(ctx, tradeId)) return null;
  const trade = await tradeById(ctx.db, tradeId);
  if (trade?.status !== 'open') return null;
  const { valuer, conversion } = await valuerFor(ctx, prices, trade);
  if (conversion === null) return null;
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, trade.accountId);
    const fresh = await tradeById(tx, tradeId);
    if (fresh?.status !== 'open') return null;
    const level = kind === 'tp' ? fresh.takeProfit : fresh.stopLoss;
    if (level === null) return null;
    // Levels are on the quote the trade sees: the instrument's, widened by the trade's markup.
    const seen = markedQuote(quote, Number(fresh.markup));
    const hit = kind === 'tp' ? takeProfitHit(fresh.tradeType, Number(level), seen) : stopLossHit(fresh.tradeType, Number(level), seen);
    if (!hit) return null;
    const reason = kind === 'tp' ? 'tp' : fresh.trailingStop !== null ? 'trailing' : 'sl';
    if (fresh.venue) return { atVenue: await venueCloseOf(ctx, tx, fresh, reason) };
    return { settled: await settleClose(tx, { trade: fresh, quote, conversion, reason }, valuer) };
  });
  const settled = !outcome ? null : 'atVenue' in outcome ? outcome.atVenue && (await closeAtVenue(ctx, outcome.atVenue)) : outcome.settled;
  return settled ? changeOf(trade, [settled.closed.id, ...settled.liquidated.map((t) => t.id)], settled.closed.closeReason ?? kind, settled.balance !== null) : null;
}

/** Fills a pending order the tick reached, or cancels it when the account lacks the margin. */
export async function fillPending(ctx: AppContext, prices: PriceSource, tradeId: number, tick: Quote): Promise<TradeChange | null> {
  if (venueHeldOff(ctx, tradeId)) return null;
  const trade = await tradeById(ctx.db, tradeId);
  if (trade?.status !== 'pending') return null;
  const { valuer, conversion } = await valuerFor(ctx, prices, trade);
  if (conversion === null) return null;
  type Outcome = { row: TradeRow | null } | { deferred: true } | { atVenue: { order: VenueOrderRow; route: Route } } | null;
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const account = (await lockAccount(tx, trade.accountId))!;
    const fresh = await tradeById(tx, tradeId);
    if (fresh?.status !== 'pending' || fresh.triggerPrice === null) return null;
    const trigger = Number(fresh.triggerPrice);
    // The order enters on the quote widened by the markup it was placed with.
    const quote = markedQuote(tick, Number(fresh.markup));
    if (!pendingHit(fresh.tradeType, fresh.orderType as 'limit' | 'stop', trigger, quote)) return null;
    const fill = fillPrice(fresh.tradeType, quote);
    const margin = marginDecimal({ lots: Number(fresh.lots), contractSize: Number(fresh.contractSize), rate: fill, leverage: fresh.leverage, conversion });
    // The commission is the group's now: a pending order takes the terms in force when it fills.
    const terms = await termsOfAccount(tx, account.id);
    const commission = await commissionOf(terms, { lots: Number(fresh.lots), units: Number(fresh.volume), price: fill, quoteCurrency: fresh.quoteCurrency }, valuer);
    if (!commission) return null;
    if (margin.minus(commission.open).greaterThan(await valuer.freeMargin(account.balance, await exposuresOf(tx, account.id)))) {
      const cancelled = await updateTradeIf(tx, tradeId, 'pending', { status: 'cancelled', closeReason: 'no_margin', closeTime: new Date() });
      if (cancelled) await recordActivity(tx, 'cancelled', cancelled, 'system');
      return { row: cancelled };
    }
    // Routed to a venue: filled there once this commits (or kept pending while the venue is away).
    const route = routeOf(ctx, fresh.assetSymbol, account, Number(fresh.lots), terms?.execution);
    const costs = commissionColumns(commission, terms);
    if (route) {
      if (!route.session.connected) return { deferred: true };
      const digits = (await tradingRuntime(ctx).catalog.get(fresh.assetId))?.digits ?? 5;
      const order = await writePendingFill(ctx, tx, { trade: fresh, route, fill, margin, spread: spreadOf(quote), conversion, digits, costs });
      return order ? { atVenue: { order, route } } : null;
    }
    const trailing = fresh.trailingStop === null ? null : Number(fresh.trailingStop);
    const stopLoss = fresh.stopLoss ?? (trailing === null ? null : String(trailingStart(fresh.tradeType, quote, trailing)));
    const filled = await updateTradeIf(tx, tradeId, 'pending', {
      status: 'open',
      openingPrice: String(fill),
      filledPrice: String(fill),
      requestedPrice: String(trigger),
      slippage: String(slippageOf(fresh.tradeType, trigger, fill)),
      spread: String(spreadOf(quote)),
      fillConversion: String(conversion),
      // Simulated ticks carry fractional milliseconds; the column holds whole ones.
      latencyMs: Math.max(0, Math.round(Date.now() - tick.ts)),
      openTime: new Date(),
      margin: margin.toFixed(2),
      stopLoss,
      ...costs,
    });
    if (filled) {
      await recordActivity(tx, 'filled', filled, 'system');
      await postCommission(tx, account.id, commission.open, filled.tradeId);
    }
    return { row: filled };
  });
  if (outcome && 'deferred' in outcome) holdOffVenue(ctx, tradeId);
  const row = !outcome || 'deferred' in outcome ? null : 'atVenue' in outcome ? await executePendingFill(ctx, outcome.atVenue.order, outcome.atVenue.route) : outcome.row;
  return row ? changeOf(trade, [row.id], row.status === 'open' ? 'filled' : 'cancelled', row.commission !== '0.00') : null;
}

/**
 * Stop-out: while the account's margin level is at or below `level`, closes its largest loser at
 * the current price. Negative balance protection is applied by the settlement (see `settleClose`).
 */
export async function stopOutAccount(ctx: AppContext, prices: PriceSource, accountId: number, level: number): Promise<TradeChange | null> {
  const { settlements, atVenue } = await ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    if (!account) return { settlements: [], atVenue: null };
    const valuer = new Valuer(tradingRuntime(ctx).catalog, prices, account.currency);
    let open = await tradesOfAccount(tx, accountId, ['open']);
    let balance = account.balance;
    const done: Settlement[] = [];
    for (;;) {
      const summary = await valuer.summary(balance, account.credit, open);
      if (summary.marginLevel === null || summary.marginLevel > level) break;
      // An A-book position its venue cannot take now is passed over for the next largest loser.
      const loser = await largestLoser(valuer, open.filter((t) => !(t.venue && venueHeldOff(ctx, t.id))));
      if (!loser) break;
      // An A-book loser is closed at its venue once this commits; the engine checks the level again after.
      if (loser.trade.venue) return { settlements: done, atVenue: await venueCloseOf(ctx, tx, loser.trade, 'stop_out') };
      const conversion = (await valuer.conversion(loser.trade.quoteCurrency))!;
      const settled = await settleClose(tx, { trade: loser.trade, quote: loser.quote, conversion, reason: 'stop_out' }, valuer);
      open = open.filter((t) => t.id !== loser.trade.id && !settled?.liquidated.some((l) => l.id === t.id));
      if (!settled) continue;
      done.push(settled);
      balance = settled.balance ?? balance;
    }
    return { settlements: done, atVenue: null };
  });
  const atVenueSettled = atVenue ? await closeAtVenue(ctx, atVenue) : null;
  if (atVenueSettled) settlements.push(atVenueSettled);
  const first = settlements[0];
  if (!first) return null;
  return changeOf(first.closed, settlements.flatMap((s) => [s.closed.id, ...s.liquidated.map((t) => t.id)]), 'stop_out', settlements.some((s) => s.balance !== null));
}

async function largestLoser(valuer: Valuer, open: TradeRow[]): Promise<{ trade: TradeRow; quote: Quote } | null> {
  let worst: { trade: TradeRow; quote: Quote; pnl: Decimal } | null = null;
  for (const trade of open) {
    const quote = valuer.prices.quote(trade.assetId);
    const live = quote ? await valuer.live(trade, quote) : null;
    if (!quote || !live) continue;
    if (!worst || live.pnlDecimal.lessThan(worst.pnl)) worst = { trade, quote, pnl: live.pnlDecimal };
  }
  return worst;
}

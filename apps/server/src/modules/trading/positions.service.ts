import { closingPrice, lotsProblem, markedQuote, pendingPriceAllowed, type BidAsk } from '@bourse/domain';
import { tradingMessages as msg, type ModifyTradeRequest, type Trade, type FillReceipt } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { conflict, HttpError, invalid, notFound } from '../../http/errors.ts';
import type { PriceSource } from '../market/price-source.ts';
import { checkDigits, checkTargets, pendingSideMessage, requireLivePrices, trailingStart } from './order-plan.ts';
import { accountFor, requirePrices } from './order.service.ts';
import { settleClose, type Settlement } from './settlement.ts';
import { receipt, spreadOf, tradeView } from './trade-view.ts';
import { announce, tradingRuntime } from './trading-runtime.ts';
import { lockAccount, lockForTrade, setTradeLevelsIf, tradeById, tradeOfUser, tradesOfAccount, updateTradeIf, type TradeRow } from './trades.repository.ts';
import { Valuer } from './valuation.ts';
import { ensureAccountUsable } from '../accounts/account-usable.service.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { executeClose, type VenueClose, writeCloseOrder } from './a-book/a-book-close.ts';

/** The caller's trade, or 404 (another user's trade is not found either). */
async function ownTrade(ctx: AppContext, userId: number, id: number): Promise<TradeRow> {
  const trade = await tradeOfUser(ctx.db, userId, id);
  if (!trade) throw notFound(msg.tradeNotFound);
  return trade;
}

function ensureClosable(trade: TradeRow): void {
  if (trade.status === 'pending') throw conflict(msg.pendingNotClosable);
  if (trade.status !== 'open') throw conflict(msg.alreadyClosed);
}

function tradableQuote(prices: PriceSource, assetId: number) {
  if (!prices.isOpen(assetId)) throw new HttpError(422, msg.marketClosed);
  requireLivePrices(prices, assetId);
  const quote = prices.quote(assetId);
  if (!quote) throw new HttpError(422, msg.noPrice);
  return quote;
}

/**
 * POST /trade/{id}/close: closes the position (or `lots` of it) at the current price and settles the
 * P&L into the balance in the same transaction. A second close answers 409 and settles nothing.
 * Everything is checked on the trade as it is under the account lock, taken first.
 */
export async function closeTrade(ctx: AppContext, userId: number, id: number, lots: number | undefined, startedAt: number) {
  const prices = requirePrices(ctx);
  const { catalog } = tradingRuntime(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    const lock = await lockForTrade(tx, userId, id);
    if (!lock) throw notFound(msg.tradeNotFound);
    const { trade, account } = lock;
    ensureClosable(trade);
    if (lots !== undefined) {
      const problem = lotsProblem(lots);
      if (problem) throw invalid('volume', problem === 'off_step' ? msg.volumeStep : msg.volumeRange);
      if (lots > Number(trade.lots)) throw invalid('volume', msg.closeVolumeTooLarge);
    }
    const quote = tradableQuote(prices, trade.assetId);
    const valuer = new Valuer(catalog, prices, account.currency);
    const conversion = await valuer.conversion(trade.quoteCurrency);
    if (conversion === null) throw new HttpError(422, msg.noConversion);
    // The spread the customer crossed: the trade's markup on each side included.
    const market = { spread: spreadOf(markedQuote(quote, Number(trade.markup))), conversion, currency: account.currency };
    // An A-book position is closed by the opposite order at its venue, sent once this is committed.
    if (trade.venue) return { market, atVenue: await writeCloseOrder(ctx, tx, trade, 'manual', lots) };
    const settled = await settleClose(tx, { trade, quote, conversion, reason: 'manual', lots }, valuer);
    if (!settled) throw conflict(msg.alreadyClosed);
    return { market, settled };
  });
  const settled = 'atVenue' in outcome ? await executeClose(ctx, outcome.atVenue as VenueClose) : outcome.settled;
  await announceSettlement(ctx, userId, settled, 'closed');
  const digits = (await catalog.get(settled.closed.assetId))?.digits ?? null;
  return { data: tradeView(settled.closed), receipt: closeReceipt(settled, { ...outcome.market, digits }, startedAt), message: msg.closed };
}

/** The receipt of a close: no requested price (a close takes the market), the spread crossed. */
export function closeReceipt(settled: Settlement, market: { spread: number; conversion: number; currency: string; digits: number | null }, startedAt: number): FillReceipt {
  const row = settled.closed;
  return receipt({
    side: row.tradeType,
    lots: Number(row.lots),
    units: Number(row.volume),
    requested: null,
    filled: Number(row.closingPrice),
    pipSize: row.pipSize === null ? null : Number(row.pipSize),
    ...market,
    latencyMs: Math.max(0, Math.round(performance.now() - startedAt)),
    action: 'close',
    commission: settled.commission.toFixed(2),
  });
}

export async function announceSettlement(ctx: AppContext, userId: number, settled: Settlement, reason: string): Promise<void> {
  const ids = [settled.closed.id, ...(settled.remaining ? [settled.remaining.id] : []), ...settled.liquidated.map((t) => t.id)];
  await announce(ctx, { userId, accountId: settled.closed.accountId, tradeIds: ids, reason, balanceChanged: settled.balance !== null });
}

/** POST /trades/close-all: closes every open position of the account that has a tradable price. */
export async function closeAll(ctx: AppContext, userId: number, accountId: number | undefined): Promise<{ data: Trade[]; message: string }> {
  const prices = requirePrices(ctx);
  const account = await accountFor(ctx, userId, accountId);
  ensureAccountUsable(account, 'account_id');
  const valuer = new Valuer(tradingRuntime(ctx).catalog, prices, account.currency);
  const { settlements, atVenue } = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const done: Settlement[] = [];
    const aBook: TradeRow[] = [];
    for (const trade of await tradesOfAccount(tx, account.id, ['open'])) {
      const quote = prices.isOpen(trade.assetId) ? prices.quote(trade.assetId) : null;
      const conversion = await valuer.conversion(trade.quoteCurrency);
      if (!quote || conversion === null) continue;
      if (trade.venue) {
        aBook.push(trade);
        continue;
      }
      const settled = await settleClose(tx, { trade, quote, conversion, reason: 'manual' }, valuer);
      if (settled) done.push(settled);
    }
    return { settlements: done, atVenue: aBook };
  });
  // A-book positions one by one, each its own order at its venue; one that cannot close now stays open.
  for (const trade of atVenue) {
    try {
      const order = await ctx.db.transaction(async (tx) => {
        await lockAccount(tx, account.id);
        const fresh = await tradeById(tx, trade.id);
        return fresh?.status === 'open' ? writeCloseOrder(ctx, tx, fresh, 'manual') : null;
      });
      if (order) settlements.push(await executeClose(ctx, order));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      ctx.log.warn({ tradeId: trade.id, err: error.message }, 'A-book position not closed by close-all');
    }
  }
  const closed = settlements.flatMap((s) => [s.closed, ...s.liquidated]);
  if (closed.length > 0) {
    await announce(ctx, {
      userId,
      accountId: account.id,
      tradeIds: closed.map((t) => t.id),
      reason: 'closed',
      balanceChanged: settlements.some((s) => s.balance !== null),
    });
  }
  return { data: closed.map((t) => tradeView(t)), message: `${closed.length} position(s) closed.` };
}

/** POST /trade/{id}/cancel: cancels a pending order (409 once it has filled or was cancelled). */
export async function cancelOrder(ctx: AppContext, userId: number, id: number): Promise<Trade> {
  const trade = await ownTrade(ctx, userId, id);
  if (trade.status !== 'pending') throw conflict(msg.notPending);
  const row = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, trade.accountId);
    const cancelled = await updateTradeIf(tx, id, 'pending', { status: 'cancelled', closeReason: 'manual', closeTime: new Date() });
    if (cancelled) await recordActivity(tx, 'cancelled', cancelled);
    return cancelled;
  });
  if (!row) throw conflict(msg.notPending);
  await announce(ctx, { userId, accountId: row.accountId, tradeIds: [row.id], reason: 'cancelled', balanceChanged: false });
  return tradeView(row);
}

/** The levels a PATCH asks for: an absent field keeps the current one, 0 or null removes it. */
function nextLevels(trade: TradeRow, patch: ModifyTradeRequest, quote: BidAsk) {
  const keep = (next: number | null | undefined, current: string | null) => (next === undefined ? (current === null ? null : Number(current)) : next || null);
  const side = trade.tradeType;
  const trailing = keep(patch.trailing_stop, trade.trailingStop);
  let stopLoss = keep(patch.stop_loss, trade.stopLoss);
  // Setting a trailing distance on an open position starts its stop that far behind the price.
  if (trade.status === 'open' && trailing !== null && patch.trailing_stop !== undefined && patch.stop_loss === undefined) {
    const start = trailingStart(side, quote, trailing);
    stopLoss = stopLoss === null ? start : side === 'buy' ? Math.max(stopLoss, start) : Math.min(stopLoss, start);
  }
  let entry = Number(trade.openingPrice);
  if (trade.status === 'pending' && patch.price !== undefined) {
    const kind = trade.orderType as 'limit' | 'stop';
    if (!pendingPriceAllowed(side, kind, patch.price, quote)) throw invalid('price', pendingSideMessage(side, kind));
    entry = patch.price;
  }
  return { takeProfit: keep(patch.take_profit, trade.takeProfit), stopLoss, trailing, entry };
}

/**
 * PATCH /trade/{id}: sets, moves or removes take-profit, stop-loss and trailing stop of an open
 * position (checked against the current closing price), or those and the entry price of a pending
 * order (checked against the market and the entry). Checked on the trade as it is under the account lock.
 */
export async function modifyTrade(ctx: AppContext, userId: number, id: number, patch: ModifyTradeRequest): Promise<Trade> {
  const prices = requirePrices(ctx);
  const { catalog } = tradingRuntime(ctx);
  const { row, account } = await ctx.db.transaction(async (tx) => {
    const lock = await lockForTrade(tx, userId, id);
    if (!lock) throw notFound(msg.tradeNotFound);
    const { trade } = lock;
    if (trade.status !== 'open' && trade.status !== 'pending') throw conflict(msg.notOpen);
    const tick = prices.quote(trade.assetId);
    if (!tick) throw new HttpError(422, msg.noPrice);
    // Levels are checked against the quote the trade sees: widened by the markup it was placed with.
    const quote = markedQuote(tick, Number(trade.markup));
    const open = trade.status === 'open';
    const instrument = await catalog.get(trade.assetId);
    if (instrument) checkDigits(instrument, { price: patch.price, take_profit: patch.take_profit, stop_loss: patch.stop_loss, trailing_stop: patch.trailing_stop });
    const next = nextLevels(trade, patch, quote);
    checkTargets(trade.tradeType, open ? closingPrice(trade.tradeType, quote) : next.entry, next.takeProfit, next.stopLoss, open);
    const level = (n: number | null) => (n === null ? null : String(n));
    // An open position's entry stays as it is (written back unchanged, so one statement serves both).
    const entry = open
      ? { openingPrice: trade.openingPrice, triggerPrice: trade.triggerPrice, requestedPrice: trade.requestedPrice }
      : { openingPrice: String(next.entry), triggerPrice: String(next.entry), requestedPrice: String(next.entry) };
    const modified = await setTradeLevelsIf(tx, id, trade.status, { takeProfit: level(next.takeProfit), stopLoss: level(next.stopLoss), trailingStop: level(next.trailing), ...entry });
    if (!modified) throw conflict(msg.notOpen);
    await recordActivity(tx, 'modified', modified);
    return { row: modified, account: lock.account };
  });
  await announce(ctx, { userId, accountId: row.accountId, tradeIds: [row.id], reason: 'modified', balanceChanged: false, snapshot: { account, rows: [row] } });
  const live = row.status === 'open' ? await new Valuer(catalog, prices, account.currency).live(row) : null;
  return tradeView(row, live);
}

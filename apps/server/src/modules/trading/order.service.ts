import type { Decimal } from 'decimal.js';
import { pipSizeOf } from '@bourse/domain';
import { tradingMessages as msg, type StoreTradeResponse } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { TradingAccountRow } from '../accounts/accounts.repository.ts';
import { ensureAccountUsable } from '../accounts/account-usable.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import type { PriceSource } from '../market/price-source.ts';
import { planOrder, type OrderPlan, type StoreTradeBody } from './order-plan.ts';
import { newTradeId } from './settlement.ts';
import { receipt, slippageOf, tradeView } from './trade-view.ts';
import { announce, tradingRuntime } from './trading-runtime.ts';
import { accountAndPlan, accountOfUser, type Exposure, insertOrderTrade, lockForOrder, tradeByKey, type TradeRow } from './trades.repository.ts';
import { Valuer } from './valuation.ts';

export type PlacedOrder = { body: StoreTradeResponse; replayed: boolean };

/** The price feed, or a 503 when none is running on this server. */
export function requirePrices(ctx: AppContext): PriceSource {
  if (!ctx.prices) throw new HttpError(503, msg.pricesUnavailable);
  return ctx.prices;
}

/** The caller's trading account (`accountId`, else their first), or 404. */
export async function accountFor(ctx: AppContext, userId: number, accountId?: number): Promise<TradingAccountRow> {
  const account = await accountOfUser(ctx.db, userId, accountId);
  if (!account) throw notFound(msg.accountNotFound);
  return account;
}

/** What one order needs on its way to the database. */
type Pending = { userId: number; account: TradingAccountRow; plan: OrderPlan; key: string | null; hash: string; valuer: Valuer; startedAt: number };
type Committed = { row: TradeRow; body: StoreTradeResponse; balance: string };

/**
 * POST /trades/store: validates and prices the order, then opens the position (or rests the pending
 * order) inside a transaction holding the account lock, where free margin and the idempotency key
 * are checked. A retry with the same key answers the first result; a different body, 422.
 */
export async function placeOrder(ctx: AppContext, userId: number, body: StoreTradeBody, key: string | null, startedAt: number): Promise<PlacedOrder> {
  const prices = requirePrices(ctx);
  const found = await accountAndPlan(ctx.db, userId, body.account_id);
  if (!found) throw notFound(msg.accountNotFound);
  const { account } = found;
  ensureAccountUsable(account, 'account_id');
  const hash = hashToken(JSON.stringify({ ...sorted(body), account_id: account.id }));
  const { catalog } = tradingRuntime(ctx);
  const valuer = new Valuer(catalog, prices, account.currency);
  let plan: OrderPlan;
  try {
    plan = await planOrder(ctx, prices, await catalog.get(body.id), body, valuer, found.planLeverage, found.planCaps);
  } catch (error) {
    // A retry of an order that filled must get its first answer even if the market moved since.
    const prior = key ? await tradeByKey(ctx.db, userId, key) : null;
    if (prior) return replay(prior, hash);
    throw error;
  }
  const outcome = await commit(ctx, { userId, account, plan, key, hash, valuer, startedAt });
  if ('prior' in outcome) return replay(outcome.prior, hash);
  await announce(ctx, {
    userId,
    accountId: account.id,
    tradeIds: [outcome.row.id],
    reason: outcome.row.status === 'open' ? 'opened' : 'pending',
    balanceChanged: false,
    snapshot: { account: { ...account, balance: outcome.balance }, rows: [outcome.row] },
  });
  return { body: outcome.body, replayed: false };
}

/**
 * The order's transaction; answers the earlier trade instead when its key was already used. The
 * key is not looked up first: a fresh key (the usual case) would pay a query for nothing. A used
 * one fails the insert on the unique index, or fails the margin check its first fill used up, and
 * either way the earlier trade is found afterwards.
 */
async function commit(ctx: AppContext, o: Pending): Promise<Committed | { prior: TradeRow }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const { account, exposures, tradeId, now } = await lockForOrder(tx, o.account.id);
      if (o.plan.kind === 'market') await ensureFreeMargin(account, exposures, o.valuer, o.plan.margin);
      const latencyMs = Math.max(0, Math.round(performance.now() - o.startedAt));
      // The answer is made from the row about to be written, so a keyed order stores it in the same insert.
      const values = { ...tradeValues(o.userId, o.account.id, o.plan, o.key, o.hash, latencyMs), id: tradeId, createdAt: now };
      const response = await responseOf({ ...values, ...UNSETTLED, updatedAt: now }, o.plan, latencyMs, o.valuer);
      const row = await insertOrderTrade(tx, { ...values, firstResponse: o.key ? response : null });
      await recordActivity(tx, row.status === 'open' ? 'opened' : 'placed', row);
      return { row, body: response, balance: account.balance };
    });
  } catch (error) {
    const prior = o.key && (isUniqueViolation(error) || error instanceof HttpError) ? await tradeByKey(ctx.db, o.userId, o.key) : null;
    if (prior) return { prior };
    throw error;
  }
}

/** The columns of a new trade that only closing fills in (their defaults in the table). */
const UNSETTLED = { parentId: null, closingPrice: null, closeTime: null, closeReason: null, pnl: '0.00', firstResponse: null } as const;

function replay(prior: TradeRow, hash: string): PlacedOrder {
  if (prior.requestHash !== hash || !prior.firstResponse) throw new HttpError(422, msg.idempotencyReused, { idempotency_key: [msg.idempotencyReused] });
  return { body: prior.firstResponse as StoreTradeResponse, replayed: true };
}

/** Refuses an order whose margin exceeds the account's free margin (equity − margin used). */
async function ensureFreeMargin(account: TradingAccountRow, exposures: Exposure[], valuer: Valuer, required: Decimal): Promise<void> {
  const free = await valuer.freeMargin(account.balance, exposures);
  if (required.greaterThan(free)) throw new HttpError(422, msg.insufficientMargin, { volume: [msg.insufficientMargin] });
}

function tradeValues(userId: number, accountId: number, plan: OrderPlan, key: string | null, hash: string, latencyMs: number) {
  const market = plan.kind === 'market';
  const level = (n: number | null) => (n === null ? null : String(n));
  return {
    tradeId: newTradeId(),
    userId,
    accountId,
    assetId: plan.instrument.id,
    assetSymbol: plan.instrument.symbol,
    assetName: plan.instrument.name,
    quoteCurrency: plan.instrument.quoteCurrency,
    tradeType: plan.side,
    orderType: plan.kind,
    status: market ? ('open' as const) : ('pending' as const),
    volume: String(plan.units),
    lots: plan.lots.toFixed(2),
    contractSize: String(plan.instrument.contractSize),
    margin: plan.margin.toFixed(2),
    leverage: plan.leverage,
    openingPrice: String(plan.price),
    takeProfit: level(plan.takeProfit),
    stopLoss: level(plan.stopLoss),
    trailingStop: level(plan.trailing),
    triggerPrice: market ? null : String(plan.price),
    requestedPrice: String(plan.requested),
    filledPrice: market ? String(plan.price) : null,
    slippage: market ? String(slippageOf(plan.side, plan.requested, plan.price)) : null,
    spread: market ? String(plan.spread) : null,
    fillConversion: market ? String(plan.conversion) : null,
    pipSize: level(pipSizeOf(plan.instrument)),
    latencyMs: market ? latencyMs : null,
    openTime: market ? new Date() : null,
    idempotencyKey: key,
    requestHash: key ? hash : null,
  };
}

function receiptOf(plan: OrderPlan, latencyMs: number, currency: string) {
  const { side, lots, units, requested, spread, conversion } = plan;
  return receipt({ side, lots, units, requested, filled: plan.price, spread, conversion, pipSize: pipSizeOf(plan.instrument), currency, latencyMs });
}

async function responseOf(row: TradeRow, plan: OrderPlan, latencyMs: number, valuer: Valuer): Promise<StoreTradeResponse> {
  const market = plan.kind === 'market';
  return { data: tradeView(row, market ? await valuer.live(row) : null), receipt: market ? receiptOf(plan, latencyMs, valuer.currency) : null };
}

function sorted(body: StoreTradeBody): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)));
}

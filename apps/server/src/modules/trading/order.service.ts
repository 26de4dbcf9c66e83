import { Decimal } from 'decimal.js';
import { pipSizeOf } from '@bourse/domain';
import { tradingMessages as msg, type StoreTradeResponse } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { HttpError, invalid, notFound } from '../../http/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { inSpan } from '../../lib/tracing.ts';
import type { TradingAccountRow } from '../accounts/accounts.repository.ts';
import { ensureAccountUsable } from '../accounts/account-usable.service.ts';
import { activityLine } from '../activity/activity.repository.ts';
import type { PriceSource } from '../market/price-source.ts';
import type { Instrument } from './instruments.ts';
import { leverageSettingsOf, type LeverageSettings, planOrder, type OrderPlan, type StoreTradeBody } from './order-plan.ts';
import { newTradeId } from './settlement.ts';
import { type Commission, commissionColumns, commissionOf, NO_COMMISSION, postCommission } from './commission.ts';
import { type GroupTerms, termsOfJson } from '../groups/groups.service.ts';
import { receipt, slippageOf, tradeView } from './trade-view.ts';
import { announce, tradingRuntime } from './trading-runtime.ts';
import { accountOfUser, type Exposure, insertOrderTrade, lockForOrder, tradeByKey, type TradeRow } from './trades.repository.ts';
import { Valuer } from './valuation.ts';
import { ensureVerified } from '../verification/verification-gate.ts';
import { ensureAppropriate } from '../compliance/appropriateness.service.ts';
import type { Route } from '../market/venue/venues.service.ts';
import { executeOpen, openClOrdId, writeOpenOrder } from './a-book/a-book-open.ts';
import { rejectionMessage, requireConnected, routeOf } from './a-book/venue-route.ts';
import { venueOrderByClOrdId, type VenueOrderRow } from './a-book/venue-orders.repository.ts';

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

/** What one order brings to its transaction. */
type Order = { userId: number; body: StoreTradeBody; instrument: Instrument | null; leverage: LeverageSettings; prices: PriceSource; key: string | null; startedAt: number };
type Committed = { row: TradeRow; body: StoreTradeResponse; account: TradingAccountRow };
/** A market order routed to a liquidity provider: written, not yet sent. */
type Routed = { venueOrder: VenueOrderRow; route: Route };

/**
 * POST /trades/store: validates and prices the order, then opens the position (or rests the pending
 * order) inside a transaction holding the account lock, where free margin and the idempotency key
 * are checked. A retry with the same key answers the first result; a different body, 422.
 */
export async function placeOrder(ctx: AppContext, userId: number, body: StoreTradeBody, key: string | null, startedAt: number): Promise<PlacedOrder> {
  const prices = requirePrices(ctx);
  const instrument = await tradingRuntime(ctx).catalog.get(body.id);
  // Read before the transaction: the order plans under the account lock, where it may not wait for
  // another connection (the embedded database has only the one the transaction holds).
  const leverage = await leverageSettingsOf(ctx);
  const outcome = await commit(ctx, { userId, body, instrument, leverage, prices, key, startedAt });
  if ('prior' in outcome) return replay(outcome.prior, outcome.hash);
  if ('venueOrder' in outcome) return executeOpen(ctx, outcome.venueOrder, outcome.route, startedAt);
  const { row, account } = outcome;
  await inSpan('order.events', {}, () =>
    announce(ctx, {
      userId,
      accountId: account.id,
      tradeIds: [row.id],
      reason: row.status === 'open' ? 'opened' : 'pending',
      balanceChanged: !new Decimal(row.commission).isZero(),
      snapshot: { account, rows: [row] },
    }),
  );
  return { body: outcome.body, replayed: false };
}

/**
 * The order's transaction: locks the account (reading the user's plan with it), plans the order,
 * checks the free margin and writes the trade with its activity line. Planning under the lock
 * costs no query (catalogue, prices and leverage settings are in memory) and spares a read of the
 * account and plan before the transaction.
 *
 * Once the account is known and usable, a failure with a key that was used already answers the
 * earlier trade instead (a retry of an order that filled must get its first answer even if the
 * market moved since). The key is not looked up first: a fresh key (the usual case) would pay a
 * query for nothing. A used one fails the insert on the unique index, or fails the planning or
 * margin check its first fill used up, and either way the earlier trade is found afterwards.
 */
async function commit(ctx: AppContext, o: Order): Promise<Committed | Routed | { prior: TradeRow; hash: string }> {
  const known: { hash: string | null } = { hash: null };
  try {
    return await inSpan('order.trade', {}, () =>
      ctx.db.transaction(async (tx) => {
        const lock = await inSpan('order.lock', {}, () => lockForOrder(tx, o.userId, o.body.account_id));
        if (!lock) throw notFound(msg.accountNotFound);
        const { account } = lock;
        ensureAccountUsable(account, 'account_id');
        // Only live orders pay for this read: demo trading needs no identity.
        if (account.kind === 'live') {
          await ensureVerified(tx, o.userId, 'trade');
          await ensureAppropriate(tx, o.userId);
        }
        const hash = hashToken(JSON.stringify({ ...sorted(o.body), account_id: account.id }));
        known.hash = hash;
        const valuer = new Valuer(tradingRuntime(ctx).catalog, o.prices, account.currency);
        const terms = termsOfJson(lock.terms);
        const limits = {
          plan: lock.planLeverage,
          planCaps: lock.planCaps,
          categories: o.leverage.categories,
          groupCaps: terms.leverage,
          allowedClasses: terms.allowedClasses,
          allowedSymbols: terms.allowedSymbols,
          preset: o.leverage.preset,
          clientCategory: lock.clientCategory,
        };
        const plan = await planOrder(ctx, o.prices, o.instrument, o.body, valuer, limits, terms.markup);
        // A pending order pays its commission when it fills, on the group's terms then.
        const commission = plan.kind === 'market' ? await commissionOf(terms, { ...plan, quoteCurrency: plan.instrument.quoteCurrency }, valuer) : NO_COMMISSION;
        if (!commission) throw invalid('id', msg.noConversion);
        if (plan.kind === 'market') await ensureFreeMargin(account, lock.exposures, valuer, plan.margin.minus(commission.open));
        const latencyMs = Math.max(0, Math.round(performance.now() - o.startedAt));
        const route = plan.kind === 'market' ? routeOf(ctx, plan.instrument.symbol, account, plan.lots, terms.execution) : null;
        if (route) {
          requireConnected(route);
          const { openTime: _unknownYet, ...trade } = tradeValues(o.userId, account.id, plan, o.key, hash, latencyMs, commission, terms);
          const { maxDeviationPct } = ctx.config.trading;
          const venueOrder = await writeOpenOrder(tx, {
            userId: o.userId,
            accountId: account.id,
            key: o.key,
            plan,
            route,
            trade: { ...trade, firstResponse: null },
            tradeRowId: lock.tradeId,
            currency: account.currency,
            requested: o.body.opening_price,
            maxDeviationPct,
          });
          return { venueOrder, route };
        }
        // The answer and the activity line are made from the row about to be written, so one insert stores all three.
        const values = { ...tradeValues(o.userId, account.id, plan, o.key, hash, latencyMs, commission, terms), id: lock.tradeId, createdAt: lock.now };
        const draft: TradeRow = { ...values, ...UNSETTLED, updatedAt: lock.now };
        const response = await responseOf(draft, plan, latencyMs, valuer);
        const line = activityLine(draft.status === 'open' ? 'opened' : 'placed', draft);
        const row = await insertOrderTrade(tx, { ...values, firstResponse: o.key ? response : null }, line);
        const balance = await postCommission(tx, account.id, commission.open, row.tradeId);
        return { row, body: response, account: balance === null ? account : { ...account, balance } };
      }),
    );
  } catch (error) {
    const { hash } = known;
    if (!o.key || !hash || !(isUniqueViolation(error) || error instanceof HttpError)) throw error;
    const prior = await tradeByKey(ctx.db, o.userId, o.key);
    if (prior) return { prior, hash };
    const atVenue = await venueOrderByClOrdId(ctx.db, openClOrdId(o.userId, o.key));
    if (atVenue) throw venueRetryError(atVenue, hash);
    throw error;
  }
}

/** The columns of a new trade that only closing fills in (their defaults in the table). */
const UNSETTLED = { parentId: null, closingPrice: null, closeTime: null, closeReason: null, pnl: '0.00', swap: '0.00', firstResponse: null } as const;

/** A retry of an order sent to a venue that has not opened a position: still out, or refused. */
function venueRetryError(order: VenueOrderRow, hash: string): HttpError {
  const request = order.request as { trade: { requestHash: string | null } };
  if (request.trade.requestHash !== hash) return new HttpError(422, msg.idempotencyReused, { idempotency_key: [msg.idempotencyReused] });
  return order.status === 'sent' ? new HttpError(409, msg.venueBusy) : new HttpError(422, rejectionMessage(order.text));
}

function replay(prior: TradeRow, hash: string): PlacedOrder {
  if (prior.requestHash !== hash || !prior.firstResponse) throw new HttpError(422, msg.idempotencyReused, { idempotency_key: [msg.idempotencyReused] });
  return { body: prior.firstResponse as StoreTradeResponse, replayed: true };
}

/** Refuses an order whose margin exceeds the account's free margin (equity − margin used). */
async function ensureFreeMargin(account: TradingAccountRow, exposures: Exposure[], valuer: Valuer, required: Decimal): Promise<void> {
  const free = await valuer.freeMargin(account.balance, exposures);
  if (required.greaterThan(free)) throw new HttpError(422, msg.insufficientMargin, { volume: [msg.insufficientMargin] });
}

function tradeValues(userId: number, accountId: number, plan: OrderPlan, key: string | null, hash: string, latencyMs: number, commission: Commission, terms: GroupTerms) {
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
    venue: null,
    venueSymbol: null,
    markup: String(plan.markup),
    ...commissionColumns(commission, terms),
  };
}

function receiptOf(plan: OrderPlan, latencyMs: number, currency: string, commission: string) {
  const { side, lots, units, requested, spread, conversion } = plan;
  return receipt({ side, lots, units, requested, filled: plan.price, spread, conversion, pipSize: pipSizeOf(plan.instrument), digits: plan.instrument.digits, currency, latencyMs, commission });
}

async function responseOf(row: TradeRow, plan: OrderPlan, latencyMs: number, valuer: Valuer): Promise<StoreTradeResponse> {
  const market = plan.kind === 'market';
  return { data: tradeView(row, market ? await valuer.live(row) : null), receipt: market ? receiptOf(plan, latencyMs, valuer.currency, row.commission) : null };
}

function sorted(body: StoreTradeBody): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)));
}

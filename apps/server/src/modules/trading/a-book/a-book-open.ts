import { Decimal } from 'decimal.js';
import { commissionShare, marginDecimal, markedPrice } from '@bourse/domain';
import { type MarkupConfig, type StoreTradeResponse, tradingMessages as msg } from '@bourse/contract';
import type { AppContext } from '../../../app-context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { HttpError } from '../../../http/errors.ts';
import { hashToken } from '../../../lib/tokens.ts';
import { activityLine } from '../../activity/activity.service.ts';
import { customerPrice, providerLimit, type Route, type VenueResult } from '../../market/venue/venues.service.ts';
import type { OrderPlan } from '../order-plan.ts';
import { receipt, slippageOf, tradeView } from '../trade-view.ts';
import { announce, tradingRuntime } from '../trading-runtime.ts';
import { insertOrderTrade, lockAccount, type OrderTrade, type TradeRow } from '../trades.repository.ts';
import { Valuer } from '../valuation.ts';
import { postCommission } from '../commission.ts';
import { awaitAnswer, rejectionMessage } from './venue-route.ts';
import { insertVenueOrder, settleVenueOrder, type VenueOrderRow } from './venue-orders.repository.ts';

/** What an opening order's trade is made from once the provider has filled it (the venue order's `request`). */
type OpenRequest = {
  /** The trade's columns as the order was planned; size, prices and margin are the fill's. */
  trade: Omit<OrderTrade, 'id' | 'openTime' | 'createdAt'>;
  /** The trade's id, taken with the order's lock: the booking needs no query to learn it. */
  tradeRowId: number;
  requested: number;
  spread: number;
  conversion: number;
  digits: number;
  currency: string;
  markup: MarkupConfig | null;
  /** The group's markup on each side, a price distance, over the instrument's (absent on orders written before groups had one). */
  groupMarkup?: number;
};

/**
 * The ClOrdID of an opening order: derived from the customer's idempotency key, so a retry of the
 * same order (even after a restart) asks the provider about the first one and never sends another.
 */
export function openClOrdId(userId: number, key: string | null): string {
  return `O${(key ? hashToken(`${userId}:${key}`) : hashToken(`${userId}:${crypto.randomUUID()}`)).slice(0, 32)}`;
}

/**
 * Writes the opening order for the venue in the order's transaction, its margin held as exposure
 * until the provider answers. Its limit keeps the customer's price within the allowed deviation.
 */
export function writeOpenOrder(
  tx: DbOrTx,
  o: {
    userId: number;
    accountId: number;
    key: string | null;
    plan: OrderPlan;
    route: Route;
    trade: OpenRequest['trade'];
    tradeRowId: number;
    currency: string;
    requested: number;
    maxDeviationPct: number;
  },
): Promise<VenueOrderRow> {
  const { plan, route } = o;
  const deviation = o.maxDeviationPct / 100;
  // The provider's limit is before either markup: the group's is taken off here, the instrument's by providerLimit.
  const customerLimit = markedPrice(plan.side === 'buy' ? 'sell' : 'buy', plan.side === 'buy' ? o.requested * (1 + deviation) : o.requested * (1 - deviation), plan.markup);
  const request: OpenRequest = {
    trade: o.trade,
    tradeRowId: o.tradeRowId,
    requested: plan.requested,
    spread: plan.spread,
    conversion: plan.conversion,
    digits: plan.instrument.digits,
    currency: o.currency,
    markup: route.markup,
    groupMarkup: plan.markup,
  };
  return insertVenueOrder(tx, {
    clOrdId: openClOrdId(o.userId, o.key),
    venue: route.config.name,
    symbol: route.symbol,
    purpose: 'open',
    userId: o.userId,
    accountId: o.accountId,
    assetId: plan.instrument.id,
    quoteCurrency: plan.instrument.quoteCurrency,
    side: plan.side,
    lots: plan.lots.toFixed(2),
    units: String(plan.units),
    limitPrice: String(providerLimit(plan.side, customerLimit, plan.instrument.digits, route.markup)),
    margin: plan.margin.toFixed(2),
    request,
  });
}

/**
 * Sends a committed opening order and books its answer: a fill (or part-fill) opens the position
 * at the provider's price plus the markup; a refusal answers 422 with nothing booked; no answer in
 * time answers 504 and the order is settled later from the provider (see the A-book desk).
 */
export async function executeOpen(ctx: AppContext, order: VenueOrderRow, route: Route, startedAt: number): Promise<{ body: StoreTradeResponse; replayed: false }> {
  const result = await awaitAnswer(ctx, order, () =>
    route.session.send(
      { clOrdId: order.clOrdId, symbol: order.symbol, side: order.side, quantity: Number(order.units), limitPrice: order.limitPrice === null ? null : Number(order.limitPrice), timeInForce: route.config.time_in_force },
      route.config.timeout_ms,
    ),
  );
  if (result.status === 'unknown') throw new HttpError(504, msg.venueUnconfirmed);
  const booked = await settleOpen(ctx, order, result, Math.max(0, Math.round(performance.now() - startedAt)));
  if (!booked) throw new HttpError(409, msg.venueBusy);
  if ('rejected' in booked) throw new HttpError(422, rejectionMessage(booked.rejected));
  return { body: booked.body, replayed: false };
}

type Booked = { row: TradeRow; body: StoreTradeResponse; account: NonNullable<Awaited<ReturnType<typeof lockAccount>>> } | { rejected: string | null };

/**
 * Books the provider's final answer to an opening order, once (null when it was booked already):
 * the position, its activity line and the order's first answer, in one transaction under the
 * account lock, then announced.
 */
export async function settleOpen(ctx: AppContext, order: VenueOrderRow, result: VenueResult, latencyMs: number): Promise<Booked | null> {
  const request = order.request as OpenRequest;
  const filled = result.status !== 'rejected' && result.status !== 'unknown' && result.filledQuantity > 0 && result.averagePrice !== null;
  const valuer = new Valuer(tradingRuntime(ctx).catalog, ctx.prices!, request.currency);
  const booked = await ctx.db.transaction(async (tx): Promise<Booked | null> => {
    const account = await lockAccount(tx, order.accountId);
    if (!account) return null;
    if (!filled) {
      const text = result.text ?? null;
      const settled = await settleVenueOrder(tx, order.id, { status: 'rejected', filledUnits: '0', averagePrice: null, text });
      return settled ? { rejected: text } : null;
    }
    const side = order.side;
    const units = result.filledQuantity;
    const contractSize = Number(request.trade.contractSize);
    const lots = units / contractSize;
    const price = markedPrice(side, customerPrice(side, result.averagePrice!, request.digits, request.markup), request.groupMarkup ?? 0);
    const margin = marginDecimal({ lots, contractSize, rate: price, leverage: request.trade.leverage, conversion: request.conversion });
    // The commission was priced for the lots asked; a part-fill pays for the lots it got.
    const share = (charge: string | undefined) => commissionShare(charge ?? '0', lots, request.trade.lots).toFixed(2);
    const commission = { commission: share(request.trade.commission), closeCommission: share(request.trade.closeCommission) };
    const settled = await settleVenueOrder(tx, order.id, {
      status: result.status === 'filled' ? 'filled' : 'partial',
      filledUnits: String(units),
      averagePrice: String(result.averagePrice),
      text: result.text ?? null,
      tradeId: request.tradeRowId,
    });
    if (!settled) return null;
    // The row is made here first, as the house fill makes its own, so that one insert stores the
    // trade, its activity line and its first answer.
    const now = new Date();
    const values: OrderTrade = {
      ...request.trade,
      id: request.tradeRowId,
      volume: String(units),
      lots: lots.toFixed(2),
      margin: margin.toFixed(2),
      openingPrice: String(price),
      filledPrice: String(price),
      slippage: String(slippageOf(side, request.requested, price)),
      latencyMs,
      openTime: now,
      venue: order.venue,
      venueSymbol: order.symbol,
      ...commission,
      firstResponse: null,
      createdAt: now,
    };
    const draft: TradeRow = { ...values, parentId: null, closingPrice: null, closeTime: null, closeReason: null, pnl: '0.00', swap: '0.00', updatedAt: now } as TradeRow;
    const body: StoreTradeResponse = {
      data: tradeView(draft, await valuer.live(draft)),
      receipt: receipt({
        side,
        lots: Number(values.lots),
        units,
        requested: request.requested,
        filled: price,
        spread: request.spread,
        conversion: request.conversion,
        pipSize: values.pipSize == null ? null : Number(values.pipSize),
        digits: request.digits,
        currency: request.currency,
        latencyMs,
        commission: commission.commission,
      }),
    };
    const row = await insertOrderTrade(tx, { ...values, firstResponse: values.idempotencyKey ? body : null }, activityLine('opened', draft));
    const balance = await postCommission(tx, account.id, new Decimal(commission.commission), row.tradeId);
    return { row, body, account: balance === null ? account : { ...account, balance } };
  }).catch((error: unknown) => {
    if (error instanceof AlreadySettled) return null;
    throw error;
  });
  if (booked && 'row' in booked) {
    await announce(ctx, { userId: order.userId, accountId: order.accountId, tradeIds: [booked.row.id], reason: 'opened', balanceChanged: booked.row.commission !== '0.00', snapshot: { account: booked.account, rows: [booked.row] } });
  }
  return booked;
}

/** Thrown inside a transaction to undo it: the order was booked meanwhile by a retry or the resolver. */
export class AlreadySettled extends Error {}

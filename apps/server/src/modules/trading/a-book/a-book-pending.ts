import { Decimal } from 'decimal.js';
import { commissionShare, marginDecimal, markedPrice } from '@bourse/domain';
import type { MarkupConfig } from '@bourse/contract';
import type { AppContext } from '../../../app-context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { recordActivity } from '../../activity/activity.service.ts';
import { customerPrice, providerLimit, type Route, type VenueResult } from '../../market/venue/venues.service.ts';
import { trailingStart } from '../order-plan.ts';
import { slippageOf } from '../trade-view.ts';
import { postCommission } from '../commission.ts';
import { lockAccount, tradeById, type TradeRow, updateTradeIf } from '../trades.repository.ts';
import { AlreadySettled } from './a-book-open.ts';
import { awaitAnswer, holdOffVenue } from './venue-route.ts';
import { insertVenueOrder, orderInFlight, settleVenueOrder, type VenueOrderRow } from './venue-orders.repository.ts';

/** What filling a pending order at its venue needs besides the order (the venue order's `request`, marked `pending`). */
/** The commission columns of the fill (see commissionColumns), priced for all the order's lots. */
type FillCosts = { commission: string; closeCommission: string; swapFree: boolean };
export type PendingFillRequest = { pending: true; trigger: number; spread: number; conversion: number; digits: number; markup: MarkupConfig | null; costs?: FillCosts };

/** A fill's commission columns for the `lots` it got of the `ordered` ones (a part-fill pays its part). */
function costsOf(costs: FillCosts | undefined, lots: number, ordered: string): FillCosts {
  if (!costs) return { commission: '0.00', closeCommission: '0.00', swapFree: false };
  const share = (charge: string) => commissionShare(charge, lots, ordered).toFixed(2);
  return { commission: share(costs.commission), closeCommission: share(costs.closeCommission), swapFree: costs.swapFree };
}

/**
 * Writes the fill of a triggered pending order for its venue, in the risk engine's transaction with
 * the account locked; null when a fill of it is already out. A limit order is sent with its own
 * price as the limit; a stop order with the fill price widened by the allowed deviation.
 */
export async function writePendingFill(
  ctx: AppContext,
  tx: DbOrTx,
  o: { trade: TradeRow; route: Route; fill: number; margin: Decimal; spread: number; conversion: number; digits: number; costs: FillCosts },
): Promise<VenueOrderRow | null> {
  const { trade, route } = o;
  if (await orderInFlight(tx, trade.id)) return null;
  const trigger = Number(trade.triggerPrice);
  const deviation = ctx.config.trading.maxDeviationPct / 100;
  const limit = trade.orderType === 'limit' ? trigger : trade.tradeType === 'buy' ? o.fill * (1 + deviation) : o.fill * (1 - deviation);
  // The provider's limit is before either markup: the trade's own is taken off here, the instrument's by providerLimit.
  const customerLimit = markedPrice(trade.tradeType === 'buy' ? 'sell' : 'buy', limit, Number(trade.markup));
  const request: PendingFillRequest = { pending: true, trigger, spread: o.spread, conversion: o.conversion, digits: o.digits, markup: route.markup, costs: o.costs };
  return insertVenueOrder(tx, {
    clOrdId: `P${trade.id}-${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`,
    venue: route.config.name,
    symbol: route.symbol,
    purpose: 'open',
    userId: trade.userId,
    accountId: trade.accountId,
    tradeId: trade.id,
    assetId: trade.assetId,
    quoteCurrency: trade.quoteCurrency,
    side: trade.tradeType,
    lots: trade.lots,
    units: trade.volume,
    limitPrice: String(providerLimit(trade.tradeType, customerLimit, o.digits, route.markup)),
    margin: o.margin.toFixed(2),
    request,
  });
}

/** Sends a committed pending fill and books the answer; the filled trade, or null when nothing filled (the order stays pending). */
export async function executePendingFill(ctx: AppContext, order: VenueOrderRow, route: Route): Promise<TradeRow | null> {
  const result = await awaitAnswer(ctx, order, () =>
    route.session.send(
      { clOrdId: order.clOrdId, symbol: order.symbol, side: order.side, quantity: Number(order.units), limitPrice: Number(order.limitPrice), timeInForce: route.config.time_in_force },
      route.config.timeout_ms,
    ),
  );
  // No answer yet: the desk asks the provider later and books it then.
  if (result.status === 'unknown') return null;
  return settlePendingFill(ctx, order, result);
}

/**
 * Books the provider's answer to a pending order's fill, once: the order opens at the provider's
 * price plus the markup (a part-fill opens that part); refused, it stays pending and its trigger
 * waits a few seconds before sending it again.
 */
export async function settlePendingFill(ctx: AppContext, order: VenueOrderRow, result: VenueResult): Promise<TradeRow | null> {
  const request = order.request as PendingFillRequest;
  const filled = result.status !== 'rejected' && result.status !== 'unknown' && result.filledQuantity > 0 && result.averagePrice !== null;
  return ctx.db
    .transaction(async (tx) => {
      await lockAccount(tx, order.accountId);
      const answer = filled
        ? { status: result.status === 'filled' ? ('filled' as const) : ('partial' as const), filledUnits: String(result.filledQuantity), averagePrice: String(result.averagePrice) }
        : { status: 'rejected' as const, filledUnits: '0', averagePrice: null };
      if (!(await settleVenueOrder(tx, order.id, { ...answer, text: result.text ?? null }))) return null;
      const trade = order.tradeId === null ? null : await tradeById(tx, order.tradeId);
      if (!filled || trade?.status !== 'pending') {
        if (!filled && order.tradeId !== null) holdOffVenue(ctx, order.tradeId);
        else ctx.log.warn({ clOrdId: order.clOrdId, tradeId: order.tradeId }, 'a venue filled a pending order no longer pending');
        return null;
      }
      const price = markedPrice(trade.tradeType, customerPrice(trade.tradeType, result.averagePrice!, request.digits, request.markup), Number(trade.markup));
      const units = result.filledQuantity;
      const contractSize = Number(trade.contractSize);
      const lots = units / contractSize;
      const trailing = trade.trailingStop === null ? null : Number(trade.trailingStop);
      const quote = { bid: price, ask: price };
      const row = await updateTradeIf(tx, trade.id, 'pending', {
        status: 'open',
        volume: String(units),
        lots: lots.toFixed(2),
        openingPrice: String(price),
        filledPrice: String(price),
        requestedPrice: String(request.trigger),
        slippage: String(slippageOf(trade.tradeType, request.trigger, price)),
        spread: String(request.spread),
        fillConversion: String(request.conversion),
        latencyMs: Math.max(0, Date.now() - order.createdAt.getTime()),
        openTime: new Date(),
        margin: marginDecimal({ lots, contractSize, rate: price, leverage: trade.leverage, conversion: request.conversion }).toFixed(2),
        stopLoss: trade.stopLoss ?? (trailing === null ? null : String(trailingStart(trade.tradeType, quote, trailing))),
        venue: order.venue,
        venueSymbol: order.symbol,
        ...costsOf(request.costs, lots, trade.lots),
      });
      if (!row) throw new AlreadySettled();
      await postCommission(tx, row.accountId, new Decimal(row.commission), row.tradeId);
      await recordActivity(tx, 'filled', row, 'system');
      return row;
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadySettled) return null;
      throw error;
    });
}

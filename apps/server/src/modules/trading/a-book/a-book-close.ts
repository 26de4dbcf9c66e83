import { Decimal } from 'decimal.js';
import { type CloseReason, type MarkupConfig, tradingMessages as msg } from '@bourse/contract';
import type { AppContext } from '../../../app-context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { HttpError } from '../../../http/errors.ts';
import { customerPrice, type Venue, type VenueResult } from '../../market/venue/venues.service.ts';
import { type Settlement, settleClose } from '../settlement.ts';
import { tradingRuntime } from '../trading-runtime.ts';
import { lockAccount, tradeById, type TradeRow } from '../trades.repository.ts';
import { Valuer } from '../valuation.ts';
import { AlreadySettled } from './a-book-open.ts';
import { awaitAnswer, rejectionMessage, venueOfPosition, venuesOf } from './venue-route.ts';
import { orderInFlight, insertVenueOrder, settleVenueOrder, type VenueOrderRow } from './venue-orders.repository.ts';

/** What closing a position at its venue needs besides the order itself (the venue order's `request`). */
type CloseRequest = { reason: CloseReason; digits: number; markup: MarkupConfig | null };

/** A close written for the venue and the session it goes out on. */
export type VenueClose = { order: VenueOrderRow; venue: Venue };

/**
 * Writes the order closing an A-book position (or `lots` of it) at its venue, in the caller's
 * transaction with the account locked: the opposite side, a market order (a close takes the
 * market). 409 while another close of the position is still out; 503 when the venue is not logged on.
 */
export async function writeCloseOrder(ctx: AppContext, tx: DbOrTx, trade: TradeRow, reason: CloseReason, lots?: number): Promise<VenueClose> {
  const venue = venueOfPosition(ctx, trade.venue!);
  if (await orderInFlight(tx, trade.id)) throw new HttpError(409, msg.venueBusy);
  const closing = lots === undefined ? new Decimal(trade.lots) : new Decimal(lots);
  const units = lots === undefined ? new Decimal(trade.volume) : closing.times(trade.contractSize);
  const instrument = await tradingRuntime(ctx).catalog.get(trade.assetId);
  const request: CloseRequest = { reason, digits: instrument?.digits ?? 5, markup: venuesOf(ctx)?.markupOf(trade.assetSymbol) ?? null };
  const order = await insertVenueOrder(tx, {
    clOrdId: `C${trade.id}-${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`,
    venue: venue.config.name,
    symbol: trade.venueSymbol!,
    purpose: 'close',
    userId: trade.userId,
    accountId: trade.accountId,
    tradeId: trade.id,
    assetId: trade.assetId,
    quoteCurrency: trade.quoteCurrency,
    side: trade.tradeType === 'buy' ? 'sell' : 'buy',
    lots: closing.toFixed(2),
    units: units.toFixed(8),
    limitPrice: null,
    request,
  });
  return { order, venue };
}

/** Sends a committed close and books the answer; a refusal or no answer in time throws the customer's error. */
export async function executeClose(ctx: AppContext, { order, venue }: VenueClose): Promise<Settlement> {
  const result = await awaitAnswer(ctx, order, () =>
    venue.session.send(
      { clOrdId: order.clOrdId, symbol: order.symbol, side: order.side, quantity: Number(order.units), limitPrice: null, timeInForce: venue.config.time_in_force },
      venue.config.timeout_ms,
    ),
  );
  if (result.status === 'unknown') throw new HttpError(504, msg.venueUnconfirmed);
  const booked = await settleCloseOrder(ctx, order, result);
  if (!booked) throw new HttpError(409, msg.venueBusy);
  if ('rejected' in booked) throw new HttpError(422, rejectionMessage(booked.rejected));
  if (!booked.settlement) throw new HttpError(409, msg.alreadyClosed);
  return booked.settlement;
}

type ClosedAtVenue = { settlement: Settlement | null } | { rejected: string | null };

/**
 * Books the provider's final answer to a close, once (null when it was booked already): the
 * position closed (a part-fill closes that part) at the provider's price less the markup, the P&L
 * posted. A position no longer open by then is left as it is and the difference is the
 * reconciliation's to raise.
 */
export async function settleCloseOrder(ctx: AppContext, order: VenueOrderRow, result: VenueResult): Promise<ClosedAtVenue | null> {
  const request = order.request as CloseRequest;
  const filled = result.status !== 'rejected' && result.status !== 'unknown' && result.filledQuantity > 0 && result.averagePrice !== null;
  const answer = {
    status: !filled ? ('rejected' as const) : result.status === 'filled' ? ('filled' as const) : ('partial' as const),
    filledUnits: String(filled ? result.filledQuantity : 0),
    averagePrice: filled ? String(result.averagePrice) : null,
    text: result.text ?? null,
  };
  return ctx.db
    .transaction(async (tx): Promise<ClosedAtVenue | null> => {
      const account = await lockAccount(tx, order.accountId);
      if (!account) return null;
      if (!(await settleVenueOrder(tx, order.id, answer))) return null;
      if (!filled) return { rejected: answer.text };
      const trade = order.tradeId === null ? null : await tradeById(tx, order.tradeId);
      if (trade?.status !== 'open') {
        ctx.log.warn({ clOrdId: order.clOrdId, tradeId: order.tradeId }, 'a venue filled the close of a position no longer open');
        return { settlement: null };
      }
      const valuer = new Valuer(tradingRuntime(ctx).catalog, ctx.prices!, account.currency);
      const conversion = await valuer.conversion(trade.quoteCurrency);
      if (conversion === null) throw new Error(`no conversion from ${trade.quoteCurrency} to ${account.currency}`);
      const price = customerPrice(order.side, result.averagePrice!, request.digits, request.markup);
      const units = new Decimal(result.filledQuantity);
      const lots = units.greaterThanOrEqualTo(trade.volume) ? undefined : units.dividedBy(trade.contractSize).toDecimalPlaces(2, Decimal.ROUND_DOWN).toNumber();
      const settlement = await settleClose(tx, { trade, quote: { bid: price, ask: price }, conversion, reason: request.reason, lots }, valuer);
      if (!settlement) throw new AlreadySettled();
      return { settlement };
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadySettled) return null;
      throw error;
    });
}

import type { AppContext } from '../../../app-context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { Venue } from '../../market/venue/venues.service.ts';
import type { TradeRow } from '../trades.repository.ts';
import { awaitAnswer } from './venue-route.ts';
import { insertVenueOrder, settleVenueOrder, type VenueOrderRow } from './venue-orders.repository.ts';

/**
 * Writes, in the transaction that closed an A-book position at the house's price (negative balance
 * protection liquidating the account), the order that takes the same position back to its venue:
 * the customer's side is settled, and the house must not keep the provider's side. The A-book desk
 * sends it.
 */
export function writeFlatten(tx: DbOrTx, trade: TradeRow): Promise<VenueOrderRow> {
  return insertVenueOrder(tx, {
    clOrdId: `F${trade.id}-${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`,
    venue: trade.venue!,
    symbol: trade.venueSymbol!,
    purpose: 'flatten',
    userId: trade.userId,
    accountId: trade.accountId,
    tradeId: trade.id,
    assetId: trade.assetId,
    quoteCurrency: trade.quoteCurrency,
    side: trade.tradeType === 'buy' ? 'sell' : 'buy',
    lots: trade.lots,
    units: trade.volume,
    limitPrice: null,
    request: {},
  });
}

/**
 * Sends a flatten order, or sends it again: the provider answers a ClOrdID it has seen with that
 * order as it stands, so a repeat never trades twice. Its answer is recorded; a refusal leaves a
 * difference that reconciliation raises.
 */
export async function sendFlatten(ctx: AppContext, order: VenueOrderRow, venue: Venue): Promise<void> {
  const result = await awaitAnswer(ctx, order, () =>
    venue.session.send(
      { clOrdId: order.clOrdId, symbol: order.symbol, side: order.side, quantity: Number(order.units), limitPrice: null, timeInForce: venue.config.time_in_force },
      venue.config.timeout_ms,
    ),
  );
  if (result.status === 'unknown') return;
  const filled = result.status !== 'rejected' && result.filledQuantity > 0;
  await settleVenueOrder(ctx.db, order.id, {
    status: !filled ? 'rejected' : result.status === 'filled' ? 'filled' : 'partial',
    filledUnits: String(filled ? result.filledQuantity : 0),
    averagePrice: result.averagePrice === null ? null : String(result.averagePrice),
    text: result.text ?? null,
  });
  if (!filled || result.status !== 'filled') ctx.log.warn({ clOrdId: order.clOrdId, venue: order.venue, ...result }, 'a position closed by the house was not fully taken back to its venue');
}

import { tradingMessages as msg, roundPrice, type Asset, type OrderKind, type StoreTradeRequest, type TradeSide } from '@bourse/contract';
import { fillPrice, lotsToUnits, margin, pendingPriceAllowed, type BidAsk } from '@bourse/domain';
import { firstTargetError, type Targets } from '@/lib/trade-targets';

/** Everything an order is built from: the form's choices and the market as the client sees it. */
export type OrderInput = {
  side: TradeSide;
  asset: Pick<Asset, 'asset_id' | 'symbol' | 'name' | 'contract_size' | 'digits'>;
  quote: BidAsk;
  lots: number;
  leverage: number;
  /** Account-currency value of one unit of quote currency; null when unknown (amount and margin then in quote currency). */
  conversion: number | null;
  /** A typed entry price; null for "Current" (a market order). */
  pendingPrice: number | null;
  targets: Targets | null;
  accountId: number | null;
};

/**
 * The kind of order a typed price makes: below the market a buy waits as a limit and a sell as a
 * stop, above it the other way round (buys compare with the ask, sells with the bid). A price
 * equal to where the order would fill now, in the instrument's `digits`, is a market order.
 */
export function orderKindFor(side: TradeSide, price: number | null, quote: BidAsk, digits: number): OrderKind {
  if (price === null || price === roundPrice(fillPrice(side, quote), digits)) return 'market';
  return pendingPriceAllowed(side, 'limit', price, quote) ? 'limit' : 'stop';
}

/** The price the order enters at: the typed price of a pending order, else the current fill price. */
export function entryPriceOf(input: Pick<OrderInput, 'side' | 'quote' | 'pendingPrice' | 'asset'>): number {
  const kind = orderKindFor(input.side, input.pendingPrice, input.quote, input.asset.digits);
  return kind === 'market' ? fillPrice(input.side, input.quote) : input.pendingPrice!;
}

/** Why the form cannot be sent as it is (SPEC side rules), or null. */
export function orderProblem(input: Pick<OrderInput, 'side' | 'quote' | 'pendingPrice' | 'targets' | 'asset'>): string | null {
  if (input.pendingPrice !== null && !(input.pendingPrice > 0)) return msg.pendingPriceRequired;
  if (!input.targets) return null;
  return firstTargetError(input.side, entryPriceOf(input), input.targets);
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * POST /trades/store body (SPEC §7): take_profit and stop_loss 0 when unset; `qty` in units,
 * `amount` the notional and `margin` the SPEC §9 margin, both in the account currency (hints the
 * server recomputes); a typed price becomes a limit or stop order.
 */
export function buildOrderPayload(input: OrderInput): StoreTradeRequest {
  const kind = orderKindFor(input.side, input.pendingPrice, input.quote, input.asset.digits);
  const entry = entryPriceOf(input);
  const units = lotsToUnits(input.lots, input.asset.contract_size);
  const conversion = input.conversion ?? 1;
  const payload: StoreTradeRequest = {
    type: input.side,
    id: input.asset.asset_id,
    volume: input.lots,
    qty: units,
    amount: cents(units * entry * conversion),
    margin: cents(margin({ lots: input.lots, contractSize: input.asset.contract_size, rate: entry, leverage: input.leverage, conversion })),
    leverage: input.leverage,
    opening_price: entry,
    take_profit: input.targets?.takeProfit ?? 0,
    stop_loss: input.targets?.stopLoss ?? 0,
    asset_symbol: input.asset.symbol,
    asset_name: input.asset.name,
    order_type: kind,
  };
  if (kind !== 'market') payload.price = entry;
  if (input.accountId !== null) payload.account_id = input.accountId;
  return payload;
}

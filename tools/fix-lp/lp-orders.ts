import type { RandomMarket } from './lp-market.ts';

/** How the provider answers the next orders, set from stdin (lp-control.ts). */
export type OrderRule = { kind: 'fill' } | { kind: 'partial'; fraction: number } | { kind: 'reject'; text: string };

/** A NewOrderSingle as received, in FIX's own codes (Side 1/2, OrdType 1/2, TimeInForce 3/4): checked by execute(). */
export type OrderRequest = {
  clOrdId: string;
  symbol: string;
  side: string;
  quantity: number;
  ordType: string;
  price: number | undefined;
  timeInForce: string | undefined;
};

/** One ExecutionReport's worth of an order's life: ExecType (150), OrdStatus (39) and the quantities after it. */
export type OrderStep = {
  execType: 'F' | '4' | '8';
  ordStatus: '1' | '2' | '4' | '8';
  cumQty: number;
  leavesQty: number;
  avgPx: number;
  lastQty?: number;
  lastPx?: number;
  text?: string;
  /** OrdRejReason (103). */
  rejectReason?: number;
};

export type LpOrder = {
  orderId: string;
  request: OrderRequest;
  /** Every report the order has had, in order; the last is where it stands. */
  steps: OrderStep[];
  /** The best prices when it came in, for the event line. */
  bid: number | null;
  ask: number | null;
};

/** OrdRejReason values used. */
const REJECT = { brokerOption: 0, unknownSymbol: 1, unsupported: 11, incorrectQuantity: 13, other: 99 } as const;

/**
 * What the provider does with an order at once: a fill of the whole quantity at the best price of
 * the side it takes (the ask for a buy, the bid for a sell; the book's sizes are not consumed), a
 * part of it with the rest cancelled under `partial`, or a reject. Only IOC and FOK are taken, so
 * nothing is ever left working.
 */
export function execute(request: OrderRequest, market: RandomMarket, rule: OrderRule): OrderStep[] {
  const { side, quantity, ordType, price, timeInForce } = request;
  const reject = (text: string, rejectReason: number): OrderStep[] => [{ execType: '8', ordStatus: '8', cumQty: 0, leavesQty: 0, avgPx: 0, text, rejectReason }];
  if (side !== '1' && side !== '2') return reject(`Side ${side} not supported: buy (1) or sell (2)`, REJECT.unsupported);
  if (!(Number.isFinite(quantity) && quantity > 0)) return reject(`OrderQty must be above 0, not ${quantity}`, REJECT.incorrectQuantity);
  if (ordType !== '1' && ordType !== '2') return reject(`OrdType ${ordType} not supported: market (1) or limit (2)`, REJECT.unsupported);
  if (ordType === '2' && !(price !== undefined && Number.isFinite(price) && price > 0)) return reject('a limit order needs a Price above 0', REJECT.unsupported);
  if (timeInForce !== '3' && timeInForce !== '4') return reject(`TimeInForce ${timeInForce ?? '(none)'} not supported: IOC (3) or FOK (4)`, REJECT.unsupported);
  if (!market.has(request.symbol)) return reject(`unknown symbol ${request.symbol}`, REJECT.unknownSymbol);
  if (rule.kind === 'reject') return reject(rule.text, REJECT.brokerOption);

  const book = market.book(request.symbol);
  const buy = side === '1';
  const at = buy ? book.asks[0]!.price : book.bids[0]!.price;
  if (ordType === '2' && (buy ? at > price! : at < price!)) {
    return reject(`price outside the limit: ${buy ? 'ask' : 'bid'} ${at}, limit ${price}`, REJECT.other);
  }
  const filled = rule.kind === 'partial' ? roundQuantity(quantity * rule.fraction) : quantity;
  if (filled >= quantity) return [{ execType: 'F', ordStatus: '2', cumQty: quantity, leavesQty: 0, avgPx: at, lastQty: quantity, lastPx: at }];
  if (timeInForce === '4') return reject(`only ${filled} of ${quantity} available: fill or kill`, REJECT.brokerOption);
  const steps: OrderStep[] = [];
  if (filled > 0) steps.push({ execType: 'F', ordStatus: '1', cumQty: filled, leavesQty: roundQuantity(quantity - filled), avgPx: at, lastQty: filled, lastPx: at });
  steps.push({ execType: '4', ordStatus: '4', cumQty: filled, leavesQty: 0, avgPx: filled > 0 ? at : 0, text: `${roundQuantity(quantity - filled)} not available: rest of the immediate-or-cancel order cancelled` });
  return steps;
}

/** The orders of one FIX session (its comp ids), for as long as the simulator runs. */
export class SessionOrders {
  private readonly orders = new Map<string, LpOrder>();

  get(clOrdId: string): LpOrder | undefined {
    return this.orders.get(clOrdId);
  }

  add(order: LpOrder): void {
    this.orders.set(order.request.clOrdId, order);
  }

  /** Net filled quantity per symbol traded (buys less sells), zeros included. */
  positions(): Map<string, number> {
    const net = new Map<string, number>();
    for (const { request, steps } of this.orders.values()) {
      const { cumQty } = steps.at(-1)!;
      if (cumQty <= 0) continue;
      const signed = request.side === '1' ? cumQty : -cumQty;
      net.set(request.symbol, roundQuantity((net.get(request.symbol) ?? 0) + signed));
    }
    return net;
  }
}

/** Quantities to eight places: enough for any lot size, and no 0.30000000000000004 on the wire. */
export function roundQuantity(q: number): number {
  return Number(q.toFixed(8));
}

/** Order status in words, for the event lines. */
export function statusWord(step: OrderStep): string {
  if (step.ordStatus === '8') return 'rejected';
  if (step.ordStatus === '2') return 'filled';
  return step.cumQty > 0 ? 'partial' : 'cancelled';
}

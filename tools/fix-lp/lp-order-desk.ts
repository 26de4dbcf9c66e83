import type { INewOrderSingle, IOrderStatusRequest, IRequestForPositions } from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import type { RandomMarket } from './lp-market.ts';
import { executionReport, positionReport, positionsAck, readNewOrder, unknownOrderReport } from './lp-order-messages.ts';
import { type LpOrder, type OrderRule, SessionOrders, execute, statusWord } from './lp-orders.ts';

/** FIX MsgType of what the desk answers and sends. */
const NEW_ORDER_SINGLE = 'D';
const ORDER_STATUS_REQUEST = 'H';
const REQUEST_FOR_POSITIONS = 'AN';
const EXECUTION_REPORT = '8';
const POSITIONS_ACK = 'AO';
const POSITION_REPORT = 'AP';

/** The connection a session is on now: what is sent while it has none is lost, as with a real provider. */
export type OrderOutlet = { deliver(msgType: string, msg: object): void };

type Held = { sessionKey: string; msg: object };

/**
 * The provider's order desk, shared by every session: takes NewOrderSingle, OrderStatusRequest and
 * RequestForPositions, keeps each session's orders (by ClOrdID, so a repeated one is answered with
 * the order as it stands instead of trading again) and answers by the rule of the moment. `hold`
 * keeps back the reports answering new orders (the orders still trade: an answer lost on the way),
 * `slow` delays every ExecutionReport. One JSON line per event goes to `report`.
 */
export class OrderDesk {
  private readonly market: RandomMarket;
  private readonly report: (event: object) => void;
  private readonly books = new Map<string, SessionOrders>();
  private readonly outlets = new Map<string, OrderOutlet>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private held: Held[] = [];
  private rule: OrderRule = { kind: 'fill' };
  private holding = false;
  private slowMs = 0;
  private ids = 0;

  constructor(market: RandomMarket, report: (event: object) => void) {
    this.market = market;
    this.report = report;
  }

  /** True for the message types the desk answers. */
  takes(msgType: string): boolean {
    return msgType === NEW_ORDER_SINGLE || msgType === ORDER_STATUS_REQUEST || msgType === REQUEST_FOR_POSITIONS;
  }

  receive(sessionKey: string, peer: string, msgType: string, msg: object): void {
    if (msgType === NEW_ORDER_SINGLE) this.newOrder(sessionKey, peer, msg as INewOrderSingle);
    else if (msgType === ORDER_STATUS_REQUEST) this.orderStatus(sessionKey, peer, msg as IOrderStatusRequest);
    else if (msgType === REQUEST_FOR_POSITIONS) this.positions(sessionKey, peer, msg as IRequestForPositions);
  }

  attach(sessionKey: string, outlet: OrderOutlet): void {
    this.outlets.set(sessionKey, outlet);
  }

  detach(sessionKey: string, outlet: OrderOutlet): void {
    if (this.outlets.get(sessionKey) === outlet) this.outlets.delete(sessionKey);
  }

  setRule(rule: OrderRule): void {
    this.rule = rule;
  }

  hold(): void {
    this.holding = true;
  }

  /** Stops holding and sends what was held, to each session's connection of now; returns how many reports. */
  release(): number {
    this.holding = false;
    const held = this.held;
    this.held = [];
    for (const { sessionKey, msg } of held) this.sendReport(sessionKey, msg);
    return held.length;
  }

  slow(ms: number): void {
    this.slowMs = ms;
  }

  settings(): object {
    return { ...this.rule, hold: this.holding, held: this.held.length, slow_ms: this.slowMs };
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private newOrder(sessionKey: string, peer: string, msg: INewOrderSingle): void {
    const book = this.bookOf(sessionKey);
    const request = readNewOrder(msg);
    const existing = book.get(request.clOrdId);
    if (existing) {
      this.report({ order_duplicate: { comp_id: peer, cl_ord_id: request.clOrdId, order_id: existing.orderId, status: statusWord(existing.steps.at(-1)!) } });
      this.answerOrder(sessionKey, executionReport(existing, existing.steps.at(-1)!, this.nextId('E'), 'I'));
      return;
    }
    const quoted = this.market.has(request.symbol) ? this.market.book(request.symbol) : null;
    const order: LpOrder = {
      orderId: this.nextId('O'),
      request,
      steps: execute(request, this.market, this.rule),
      bid: quoted?.bids[0]?.price ?? null,
      ask: quoted?.asks[0]?.price ?? null,
    };
    book.add(order);
    const last = order.steps.at(-1)!;
    this.report({
      order: {
        comp_id: peer,
        cl_ord_id: request.clOrdId,
        order_id: order.orderId,
        symbol: request.symbol,
        side: request.side === '1' ? 'buy' : request.side === '2' ? 'sell' : request.side,
        quantity: request.quantity,
        limit: request.ordType === '2' ? (request.price ?? null) : null,
        time_in_force: request.timeInForce === '3' ? 'IOC' : request.timeInForce === '4' ? 'FOK' : (request.timeInForce ?? null),
        status: statusWord(last),
        cum_qty: last.cumQty,
        avg_px: last.avgPx,
        ...(last.text !== undefined && { text: last.text }),
        bid: order.bid,
        ask: order.ask,
        held: this.holding,
      },
    });
    for (const step of order.steps) this.answerOrder(sessionKey, executionReport(order, step, this.nextId('E')));
  }

  private orderStatus(sessionKey: string, peer: string, msg: IOrderStatusRequest): void {
    const order = this.bookOf(sessionKey).get(msg.ClOrdID);
    this.report({ order_status: { comp_id: peer, cl_ord_id: msg.ClOrdID, status: order ? statusWord(order.steps.at(-1)!) : 'unknown order' } });
    const execId = this.nextId('E');
    this.sendReport(sessionKey, order ? executionReport(order, order.steps.at(-1)!, execId, 'I') : unknownOrderReport(msg, execId));
  }

  /** An acknowledgement with the count, then a PositionReport per symbol the session traded. */
  private positions(sessionKey: string, peer: string, msg: IRequestForPositions): void {
    const net = this.bookOf(sessionKey).positions();
    this.report({ positions: { comp_id: peer, req_id: msg.PosReqID, net: Object.fromEntries(net) } });
    const outlet = this.outlets.get(sessionKey);
    outlet?.deliver(POSITIONS_ACK, positionsAck(msg, this.nextId('P'), net.size));
    for (const [symbol, quantity] of net) {
      const book = this.market.book(symbol);
      const mid = (book.bids[0]!.price + book.asks[0]!.price) / 2;
      outlet?.deliver(POSITION_REPORT, positionReport(msg, this.nextId('P'), net.size, symbol, quantity, mid));
    }
  }

  private answerOrder(sessionKey: string, msg: object): void {
    if (this.holding) this.held.push({ sessionKey, msg });
    else this.sendReport(sessionKey, msg);
  }

  private sendReport(sessionKey: string, msg: object): void {
    if (this.slowMs <= 0) {
      this.outlets.get(sessionKey)?.deliver(EXECUTION_REPORT, msg);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.outlets.get(sessionKey)?.deliver(EXECUTION_REPORT, msg);
    }, this.slowMs);
    this.timers.add(timer);
  }

  private bookOf(sessionKey: string): SessionOrders {
    let book = this.books.get(sessionKey);
    if (!book) this.books.set(sessionKey, (book = new SessionOrders()));
    return book;
  }

  private nextId(prefix: string): string {
    return `${prefix}${++this.ids}`;
  }
}

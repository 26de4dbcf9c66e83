import type { Socket } from 'node:net';
import path from 'node:path';
import { type FixConnectionOptions, silentFixLog } from '../feeds/fix-connection.ts';
import { FixLink, type LinkRun } from '../feeds/fix-link.ts';
import { type FixSeqNumStore, seqNumStore } from '../feeds/fix-seqnum-store.ts';
import {
  newOrderSingle,
  orderStatusRequest,
  readBusinessReject,
  readExecutionReport,
  readPositionReport,
  readPositionsAck,
  requestForPositions,
} from './fix-order-messages.ts';
import type { OrderConnection, OrderEngine, OrderHandler } from './fix-order-session.ts';
import type { VenueOrder, VenueResult } from './venue-types.ts';

export type { VenueOrder, VenueResult } from './venue-types.ts';

/** `senderCompId` is the order session's own, not the price source's: a provider runs them as separate sessions. */
export type FixVenueOptions = FixConnectionOptions & {
  /** Account (1) of a RequestForPositions. Default: the SenderCompID. */
  account?: string;
  /** The server's data directory: the session's sequence numbers are kept in `<dataDir>/fix/<name>/`. */
  dataDir: string;
};

/** How long status() and positions() wait for their answer unless told. */
const QUERY_TIMEOUT_MS = 5_000;


type Run = LinkRun<OrderConnection>;

/** A send() or status() waiting for its answer; `latest` is what came so far (a part-fill, say). */
type OrderWait = { kind: 'send' | 'status'; latest: VenueResult | null; settle(result: VenueResult): void };
type PositionsWait = { expected: number | null; received: number; net: Map<string, number>; settle(result: Map<string, number> | Error): void };

/**
 * Orders to a liquidity provider over a FIX 4.4 order session (jspurefix): NewOrderSingle answered
 * by ExecutionReports, OrderStatusRequest to settle an order whose answer never came, and
 * RequestForPositions. Logs on, reconnects after any loss (waiting longer after each failed attempt)
 * and goes on with the session's sequence numbers, kept under the data directory.
 *
 * The provider takes each ClOrdID once: sending an order again with its ClOrdID is answered with
 * the order as it stands, never a second trade. So an order whose answer is 'unknown' (lost with a
 * connection, or late) is settled by status() or by send() again with the same ClOrdID, never by
 * a new order.
 */
export class FixVenue {
  readonly name: string;
  /** Successful logons since the venue was made. */
  logons = 0;
  /** Why the last connection ended or failed, for an operator. */
  lastError: string | null = null;
  private readonly opts: FixVenueOptions;
  private readonly link: FixLink<OrderEngine, OrderConnection, Run>;
  private readonly log: NonNullable<FixVenueOptions['log']>;
  /** By ClOrdID. */
  private readonly orderWaits = new Map<string, Set<OrderWait>>();
  /** By PosReqID. */
  private readonly positionWaits = new Map<string, PositionsWait>();
  private readonly logonWaits = new Set<() => void>();
  private store: FixSeqNumStore | null = null;
  private requests = 0;

  constructor(opts: FixVenueOptions) {
    this.opts = opts;
    this.name = opts.name;
    this.log = opts.log ?? silentFixLog;
    this.link = new FixLink(opts, {
      loadEngine: () => this.loadEngine(),
      open: (engine, socket, run) => engine.open(socket, this.handler(run, socket)),
      lost: (_run, reason, wasLoggedOn) => {
        this.lastError = reason;
        // An answer on its way is lost with the connection: nothing is resent.
        this.abandonWaits(`connection lost before the final answer (${reason})`);
        if (wasLoggedOn) this.log.warn({ venue: this.name, address: this.link.address, reason }, 'FIX order session lost');
      },
      retrying: (_run, reason, waitMs) => {
        this.lastError = reason;
        this.log.info({ venue: this.name, address: this.link.address, reason, retryMs: waitMs }, 'FIX order session reconnecting');
      },
      flush: () => this.store?.flush().catch((err: Error) => this.log.warn({ venue: this.name, err: err.message }, 'FIX sequence numbers not saved')) ?? Promise.resolve(),
    });
  }

  /** Logged on to the provider now. */
  get connected(): boolean {
    return this.link.run?.loggedOn ?? false;
  }

  /** Between connect() and stop(): connected or trying to be. */
  get started(): boolean {
    return this.link.run !== null;
  }

  /** Connects and stays connected (reconnecting after any loss) until stop(). */
  connect(): void {
    void this.halt();
    this.link.start({});
  }

  /** Logs out and closes; orders still waiting are answered 'unknown'. */
  async stop(): Promise<void> {
    await this.halt();
  }

  /**
   * Sends an IOC or FOK order and waits up to `timeoutMs` (a wait for the logon included) for its
   * final answer. 'unknown' when none came in time or the connection was lost first: the order may
   * have traded, and must be settled by ClOrdID (status(), or send() again with the same ClOrdID).
   * Throws, sending nothing, on an order no provider could take (no ClOrdID, a quantity or limit not above 0).
   */
  async send(order: VenueOrder, timeoutMs: number): Promise<VenueResult> {
    if (!order.clOrdId) throw new RangeError(`FIX venue ${this.name}: an order needs a ClOrdID`);
    if (!(Number.isFinite(order.quantity) && order.quantity > 0)) throw new RangeError(`FIX venue ${this.name}: quantity must be above 0, not ${order.quantity}`);
    if (order.limitPrice !== null && !(Number.isFinite(order.limitPrice) && order.limitPrice > 0)) {
      throw new RangeError(`FIX venue ${this.name}: a limit price must be above 0, not ${order.limitPrice}`);
    }
    return this.awaitOrder(order.clOrdId, 'send', timeoutMs, (connection) => connection.newOrder(newOrderSingle(order, new Date())));
  }

  /**
   * Asks the provider where the order with this ClOrdID stands. An order it never received comes
   * back 'rejected' ('unknown order'), and that is final: what a connection loses is never resent.
   * 'unknown' when no answer came in time, or the order is still working.
   */
  status(clOrdId: string, symbol: string, side: VenueOrder['side'], timeoutMs = QUERY_TIMEOUT_MS): Promise<VenueResult> {
    return this.awaitOrder(clOrdId, 'status', timeoutMs, (connection) => connection.orderStatus(orderStatusRequest(clOrdId, symbol, side)));
  }

  /** Net filled quantity per symbol at the provider (buys less sells); fails when no full answer comes in time. */
  async positions(timeoutMs = QUERY_TIMEOUT_MS): Promise<Map<string, number>> {
    const deadline = Date.now() + timeoutMs;
    const connection = await this.connectionBy(deadline);
    if (!connection) throw new Error(`FIX venue ${this.name}: not connected to the provider`);
    // Unique across restarts too: a provider may remember request ids for the day.
    const reqId = `${this.name}-pos-${Date.now().toString(36)}-${++this.requests}`;
    return new Promise((resolve, reject) => {
      const wait: PositionsWait = {
        expected: null,
        received: 0,
        net: new Map(),
        settle: (result) => {
          clearTimeout(timer);
          this.positionWaits.delete(reqId);
          if (result instanceof Error) reject(result);
          else resolve(result);
        },
      };
      const timer = setTimeout(() => wait.settle(new Error(`FIX venue ${this.name}: positions not answered within ${timeoutMs} ms`)), Math.max(0, deadline - Date.now()));
      this.positionWaits.set(reqId, wait);
      connection.positions(requestForPositions(reqId, this.opts.account ?? this.opts.senderCompId, new Date()));
    });
  }

  private async awaitOrder(clOrdId: string, kind: OrderWait['kind'], timeoutMs: number, request: (connection: OrderConnection) => void): Promise<VenueResult> {
    const deadline = Date.now() + timeoutMs;
    const connection = await this.connectionBy(deadline);
    if (!connection) return unknown(null, 'not connected to the provider');
    return new Promise((resolve) => {
      const waits = this.orderWaits.get(clOrdId) ?? new Set<OrderWait>();
      this.orderWaits.set(clOrdId, waits);
      const wait: OrderWait = {
        kind,
        latest: null,
        settle: (result) => {
          clearTimeout(timer);
          waits.delete(wait);
          if (!waits.size && this.orderWaits.get(clOrdId) === waits) this.orderWaits.delete(clOrdId);
          resolve(result);
        },
      };
      const timer = setTimeout(() => wait.settle(unknown(wait.latest, `no final answer within ${timeoutMs} ms`)), Math.max(0, deadline - Date.now()));
      waits.add(wait);
      request(connection);
    });
  }

  /** The connection once logged on, waiting for a logon until `deadline`; null if there is none by then. */
  private async connectionBy(deadline: number): Promise<OrderConnection | null> {
    const now = () => (this.link.run?.loggedOn ? this.link.run.connection : null);
    if (now() || !this.link.run || Date.now() >= deadline) return now();
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.logonWaits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, deadline - Date.now());
      this.logonWaits.add(done);
    });
    return now();
  }

  private async loadEngine(): Promise<OrderEngine> {
    const { openOrderEngine } = await import('./fix-order-session.ts');
    return openOrderEngine({
      name: this.name,
      senderCompId: this.opts.senderCompId,
      targetCompId: this.opts.targetCompId,
      username: this.opts.username,
      password: this.opts.password,
      heartbeatSeconds: this.opts.heartbeatSeconds ?? 30,
      log: this.log,
      store: {
        create: (sessionId) =>
          (this.store ??= seqNumStore(sessionId, path.join(this.opts.dataDir, 'fix', this.name), (err) => this.log.warn({ venue: this.name, err: err.message }, 'FIX sequence numbers not saved'))),
      },
    });
  }

  private handler(run: Run, socket: Socket): OrderHandler {
    const current = () => this.link.current(run, socket);
    const why = (reason: string) => {
      run.lastError ??= reason;
    };
    return {
      loggedOn: () => {
        if (!current()) return;
        this.link.loggedOn(run);
        this.link.resetBackoff(run);
        this.logons++;
        this.log.info({ venue: this.name, address: this.link.address }, 'FIX order session logged on');
        for (const done of [...this.logonWaits]) done();
      },
      executionReport: (msg) => {
        if (!current()) return;
        const reading = readExecutionReport(msg);
        const waits = reading.clOrdId === undefined ? undefined : this.orderWaits.get(reading.clOrdId);
        if (!waits) {
          // Most likely the answer to an order that was given up on as 'unknown': status() will find it.
          this.log.info({ venue: this.name, clOrdId: reading.clOrdId, ...reading.result }, 'FIX execution report for an order no longer awaited');
          return;
        }
        for (const wait of [...waits]) {
          if (reading.final || (wait.kind === 'status' && reading.statusAnswer)) wait.settle(reading.result);
          else wait.latest = reading.result;
        }
      },
      positionsAck: (msg) => {
        const wait = current() ? this.positionWaits.get(msg.PosReqID ?? '') : undefined;
        if (!wait) return;
        const ack = readPositionsAck(msg);
        if ('refused' in ack) return wait.settle(new Error(`FIX venue ${this.name}: positions refused: ${ack.refused}`));
        wait.expected = ack.reports;
        if (wait.received >= wait.expected) wait.settle(wait.net);
      },
      positionReport: (msg) => {
        const wait = current() ? this.positionWaits.get(msg.PosReqID ?? '') : undefined;
        if (!wait) return;
        const { symbol, net, total } = readPositionReport(msg);
        wait.received++;
        if (symbol !== undefined) wait.net.set(symbol, (wait.net.get(symbol) ?? 0) + net);
        // A provider that sends no acknowledgement says the count in each report.
        wait.expected ??= total ?? null;
        if (wait.expected !== null && wait.received >= wait.expected) wait.settle(wait.net);
      },
      businessReject: (msg) => {
        if (!current()) return;
        const { refMsgType, refId, text } = readBusinessReject(msg);
        this.log.warn({ venue: this.name, refMsgType, refId, text }, 'FIX provider refused a message');
        if (refId === undefined) return;
        if (refMsgType === 'AN') return this.positionWaits.get(refId)?.settle(new Error(`FIX venue ${this.name}: positions refused: ${text}`));
        // A NewOrderSingle refused before it became an order did not trade; an OrderStatusRequest refused settles nothing.
        const kind = refMsgType === 'D' ? 'send' : refMsgType === 'H' ? 'status' : null;
        for (const wait of [...(this.orderWaits.get(refId) ?? [])]) {
          if (wait.kind !== kind) continue;
          wait.settle(kind === 'send' ? { status: 'rejected', filledQuantity: 0, averagePrice: null, text } : unknown(wait.latest, `status request refused: ${text}`));
        }
      },
      loggedOut: (text) => {
        if (!current()) return;
        const detail = text ? `: ${text}` : '';
        why(run.loggedOn ? `logged out by the provider${detail}` : `logon refused${detail}`);
      },
      garbled: (msgType, reason) => {
        if (!current()) return;
        // An order whose report this was is answered 'unknown' at its timeout, and settled by status().
        this.log.warn({ venue: this.name, msgType, why: reason }, 'FIX message dropped');
      },
      ended: (error) => {
        if (!current()) return;
        why(error ? error.message : run.loggedOn ? 'logged out' : 'the provider ended the session before logon');
        socket.destroy();
      },
    };
  }

  private abandonWaits(reason: string): void {
    for (const waits of [...this.orderWaits.values()]) for (const wait of [...waits]) wait.settle(unknown(wait.latest, reason));
    for (const wait of [...this.positionWaits.values()]) wait.settle(new Error(`FIX venue ${this.name}: ${reason}`));
  }

  /** Ends the current run, logging out first if logged on; what waits is answered first. */
  private async halt(): Promise<void> {
    if (!this.link.run) return;
    this.abandonWaits('the venue stopped');
    for (const done of [...this.logonWaits]) done();
    await this.link.halt();
  }
}

/** No final answer: what came so far, if anything, and why there is no more. */
function unknown(latest: VenueResult | null, text: string): VenueResult {
  return { status: 'unknown', filledQuantity: latest?.filledQuantity ?? 0, averagePrice: latest?.averagePrice ?? null, text };
}


import { AsciiSession, MsgTag, MsgType, type IJsFixConfig, type MsgView } from 'jspurefix';
import type { IMarketDataRequest } from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import { LEVELS, bookDiff, type Move, type RandomMarket } from './lp-market.ts';
import { increment, snapshot, unknownSymbolReject } from './lp-messages.ts';
import type { OrderDesk, OrderOutlet } from './lp-order-desk.ts';

/** What a session needs from the provider around it. */
export type LpDesk = {
  market: RandomMarket;
  orders: OrderDesk;
  /** When set, a logon must carry these (553, 554). */
  username?: string;
  password?: string;
  /** One JSON line on stdout. */
  report(event: object): void;
  /** True the first time a session (by its id) logs on since the simulator started; remembers it. */
  firstLogon(sessionKey: string): boolean;
};

type Subscription = { symbols: string[]; depth: number; fullRefresh: boolean };

/**
 * One client's session: checks its logon, answers each MarketDataRequest with a snapshot (or a
 * reject for symbols it does not quote) and streams the changes of the subscribed books; order
 * messages go to the order desk, which answers through `deliver`.
 */
export class LpSession extends AsciiSession implements OrderOutlet {
  /** MsgSeqNum of the client's first Logon on this connection, before any of it is processed. */
  logonSeq: number | null = null;
  private readonly desk: LpDesk;
  private readonly subscriptions = new Map<string, Subscription>();
  private ready = false;
  private peer = '?';

  constructor(config: IJsFixConfig, desk: LpDesk) {
    super(config);
    this.desk = desk;
    // FixSession emits 'error' when it stops on one; run() already carries it.
    this.on('error', () => {});
  }

  /** Sends the changes of one step of the market to whoever subscribed to them. */
  publish(moves: Map<string, Move>): void {
    if (!this.ready) return;
    for (const [reqId, sub] of this.subscriptions) {
      for (const symbol of sub.symbols) {
        const move = moves.get(symbol);
        if (!move) continue;
        if (sub.fullRefresh) {
          this.send(MsgType.MarketDataSnapshotFullRefresh, snapshot(reqId, symbol, move.after, sub.depth));
          continue;
        }
        const entries = bookDiff(move.before, move.after, sub.depth);
        if (entries.length) this.send(MsgType.MarketDataIncrementalRefresh, increment(reqId, symbol, entries));
      }
    }
  }

  deliver(msgType: string, msg: object): void {
    if (this.ready) this.send(msgType, msg);
  }

  /** Sends an incremental refresh with an absurd price, for the caller to spoil on the wire. */
  sendNonsense(): boolean {
    const [reqId, sub] = [...this.subscriptions][0] ?? [];
    if (!this.ready || !reqId || !sub) return false;
    const symbol = sub.symbols[0]!;
    const best = this.desk.market.book(symbol).bids[0]!;
    this.send(MsgType.MarketDataIncrementalRefresh, increment(reqId, symbol, [{ action: '0', type: '0', price: best.price / 2, size: best.size }]));
    return true;
  }

  /** Numbers the next message `n` higher than it should be, as if messages were lost on the way. */
  skipSequenceNumbers(n: number): boolean {
    const transmitter = this.transport?.transmitter as { msgSeqNum: number } | undefined;
    if (!this.ready || !transmitter) return false;
    transmitter.msgSeqNum += n;
    return true;
  }

  protected onMsg(msgType: string, view: MsgView): void {
    if (msgType === MsgType.Logon && this.logonSeq === null) this.logonSeq = Number(view.getTyped(MsgTag.MsgSeqNum));
    super.onMsg(msgType, view);
  }

  protected onLogon(view: MsgView, user: string, password: string): boolean {
    this.peer = view.getString(MsgTag.SenderCompID) ?? '?';
    const seq = Number(view.getTyped(MsgTag.MsgSeqNum));
    const { username, password: expected } = this.desk;
    if ((expected !== undefined && password !== expected) || (username !== undefined && user !== username)) {
      this.desk.report({ logon_refused: { comp_id: this.peer, user: user ?? null } });
      return false;
    }
    // A client this simulator has not seen yet (it keeps no numbers across runs) is answered with
    // ResetSeqNumFlag=Y: both sides start over at 1 rather than refuse each other's numbers.
    const reset = this.desk.firstLogon(this.sessionId.toString());
    if (reset) (this.config.description as { ResetSeqNumFlag: boolean }).ResetSeqNumFlag = true;
    this.desk.report({ logon: { comp_id: this.peer, seq, reset } });
    return true;
  }

  protected onReady(_view: MsgView): void {
    this.ready = true;
    this.desk.orders.attach(this.sessionId.toString(), this);
  }

  protected onApplicationMsg(msgType: string, view: MsgView): void {
    if (this.desk.orders.takes(msgType)) return this.desk.orders.receive(this.sessionId.toString(), this.peer, msgType, view.toObject() as object);
    if (msgType !== MsgType.MarketDataRequest) return;
    const req = view.toObject() as IMarketDataRequest;
    if (req.SubscriptionRequestType === '2') {
      this.subscriptions.delete(req.MDReqID);
      return;
    }
    const symbols = (req.InstrmtMDReqGrp?.NoRelatedSym ?? []).map((r) => r.Instrument?.Symbol);
    const unknown = symbols.filter((s) => s === undefined || !this.desk.market.has(s));
    if (!symbols.length || unknown.length) {
      this.send(MsgType.MarketDataRequestReject, unknownSymbolReject(req.MDReqID, unknown));
      this.desk.report({ rejected: { comp_id: this.peer, req_id: req.MDReqID, symbols: unknown } });
      return;
    }
    const sub: Subscription = {
      symbols: symbols as string[],
      depth: req.MarketDepth > 0 ? Math.min(req.MarketDepth, LEVELS) : LEVELS,
      fullRefresh: req.MDUpdateType === 0,
    };
    for (const symbol of sub.symbols) this.send(MsgType.MarketDataSnapshotFullRefresh, snapshot(req.MDReqID, symbol, this.desk.market.book(symbol), sub.depth));
    // SubscriptionRequestType 0 asks for the snapshot alone.
    if (req.SubscriptionRequestType === '1') this.subscriptions.set(req.MDReqID, sub);
    this.desk.report({ subscribed: { comp_id: this.peer, req_id: req.MDReqID, symbols: sub.symbols, depth: sub.depth } });
  }

  protected onStopped(error?: Error): void {
    this.ready = false;
    // A connection that ended before its Logon named the session has no id.
    if (this.sessionId) this.desk.orders.detach(this.sessionId.toString(), this);
    this.desk.report({ ended: { comp_id: this.peer, reason: error?.message ?? 'logged out' } });
  }

  protected onDecoded(_msgType: string, _txt: string): void {}

  protected onEncoded(_msgType: string, _txt: string): void {}
}

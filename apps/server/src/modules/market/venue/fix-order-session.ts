// tsyringe, which jspurefix builds its sessions with, needs the Reflect metadata polyfill loaded first.
import 'reflect-metadata';
import type { Socket } from 'node:net';
import { AsciiSession, MsgTag, MsgType, SessionState, type IJsFixConfig, type MsgView } from 'jspurefix';
import type {
  IBusinessMessageReject,
  IExecutionReport,
  INewOrderSingle,
  IOrderStatusRequest,
  IPositionReport,
  IRequestForPositions,
  IRequestForPositionsAck,
} from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import { type FixSessionSettings, initiatorConfig, runSession } from '../feeds/fix-initiator.ts';

/**
 * The jspurefix side of an execution venue: one initiator order session per TCP connection, on the
 * engine's bundled FIX 4.4 dictionary, set up as the price source's is (fix-md-session.ts). jspurefix
 * runs the session layer; this hands execution reports, position reports and rejects on. A message
 * the provider asks to be resent is answered with a gap fill, never sent again: an order lost with
 * a connection stays lost, which is what makes asking after it by ClOrdID conclusive. Loaded only
 * when a venue connects: the engine takes half a second to load.
 */

/** What a session tells the venue. Views are decoded before they reach here: jspurefix reuses their buffer. */
export type OrderHandler = {
  loggedOn(): void;
  executionReport(msg: IExecutionReport): void;
  positionsAck(msg: IRequestForPositionsAck): void;
  positionReport(msg: IPositionReport): void;
  businessReject(msg: IBusinessMessageReject): void;
  /** The provider sent a Logout (refusing the logon, or ending the session), with its Text if any. */
  loggedOut(text: string | null): void;
  /** A message that failed its checksum, or could not be decoded. */
  garbled(msgType: string, why: string): void;
  /** The session is over (logout, a dropped connection, an error). */
  ended(error?: Error): void;
};

export type OrderConnection = {
  newOrder(msg: INewOrderSingle): void;
  orderStatus(msg: IOrderStatusRequest): void;
  positions(msg: IRequestForPositions): void;
  /** Sends a Logout; the session ends when the provider confirms it (or the connection is closed). */
  logout(): void;
};

export type OrderEngine = {
  /** Runs a session over a connected socket. */
  open(socket: Socket, handler: OrderHandler): OrderConnection;
};

/** Loads the dictionary and settles the session's settings; `open` then runs a session per connection. */
export async function openOrderEngine(settings: FixSessionSettings): Promise<OrderEngine> {
  const config = await initiatorConfig(settings);
  let transports = 0;
  return {
    open(socket, handler) {
      const session = new OrderSession(config, handler);
      runSession(config, ++transports, socket, session, (err) => handler.ended(err));
      return {
        newOrder: (msg) => session.sendApplication(MsgType.NewOrderSingle, msg),
        orderStatus: (msg) => session.sendApplication(MsgType.OrderStatusRequest, msg),
        positions: (msg) => session.sendApplication(MsgType.RequestForPositions, msg),
        logout: () => session.done(),
      };
    },
  };
}

/** Session states in which jspurefix has not seen the provider's Logon yet. */
const BEFORE_LOGON = new Set<SessionState>([SessionState.Idle, SessionState.InitiateConnection, SessionState.InitiationLogonSent, SessionState.WaitingForALogon]);

class OrderSession extends AsciiSession {
  private readonly handler: OrderHandler;

  constructor(config: IJsFixConfig, handler: OrderHandler) {
    super(config);
    this.handler = handler;
    // FixSession emits 'error' when it stops on one; the run() promise already carries it.
    this.on('error', () => {});
  }

  sendApplication(msgType: string, msg: object): void {
    this.send(msgType, msg);
  }

  /**
   * jspurefix ends the session on an application message that arrives while it waits for the answer
   * to a TestRequest or ResendRequest, or answers one; an ExecutionReport then would be lost with
   * the connection. Any time after the logon is a good time for one.
   */
  protected validStateApplicationMsg(): boolean {
    return !BEFORE_LOGON.has(this.sessionState.state);
  }

  protected onReady(_view: MsgView): void {
    this.handler.loggedOn();
  }

  protected onApplicationMsg(msgType: string, view: MsgView): void {
    // jspurefix checks the checksum of what an acceptor receives only; an initiator checks its own.
    const sent = Number(view.getString(MsgTag.CheckSum));
    const computed = view.checksum();
    if (sent !== computed) return this.handler.garbled(msgType, `checksum ${view.getString(MsgTag.CheckSum)}, computed ${computed}`);
    let decoded: unknown;
    try {
      decoded = view.toObject();
    } catch (err) {
      return this.handler.garbled(msgType, err instanceof Error ? err.message : String(err));
    }
    switch (msgType) {
      case MsgType.ExecutionReport:
        return this.handler.executionReport(decoded as IExecutionReport);
      case MsgType.RequestForPositionsAck:
        return this.handler.positionsAck(decoded as IRequestForPositionsAck);
      case MsgType.PositionReport:
        return this.handler.positionReport(decoded as IPositionReport);
      case MsgType.BusinessMessageReject:
        return this.handler.businessReject(decoded as IBusinessMessageReject);
    }
  }

  protected onSessionMsg(msgType: string, view: MsgView): void {
    if (msgType === MsgType.Logout) this.handler.loggedOut(view.getString(MsgTag.Text));
    super.onSessionMsg(msgType, view);
  }

  protected onLogon(_view: MsgView, _user: string, _password: string): boolean {
    return true;
  }

  protected onStopped(_error?: Error): void {}

  protected onDecoded(_msgType: string, _txt: string): void {}

  protected onEncoded(_msgType: string, _txt: string): void {}
}

// tsyringe, which jspurefix builds its sessions with, needs the Reflect metadata polyfill loaded first.
import 'reflect-metadata';
import type { Socket } from 'node:net';
import { MsgType, SessionState, type IJsFixConfig } from 'jspurefix';
import type {
  IBusinessMessageReject,
  IExecutionReport,
  INewOrderSingle,
  IOrderStatusRequest,
  IPositionReport,
  IRequestForPositions,
  IRequestForPositionsAck,
} from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import { type FixSessionSettings, InitiatorSession, initiatorConfig, runSession } from '../feeds/fix-initiator.ts';

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

class OrderSession extends InitiatorSession {
  private readonly handler: OrderHandler;

  constructor(config: IJsFixConfig, handler: OrderHandler) {
    super(config, handler);
    this.handler = handler;
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

  protected received(msgType: string, decoded: unknown): void {
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
}

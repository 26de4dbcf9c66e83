// tsyringe, which jspurefix builds its sessions with, needs the Reflect metadata polyfill loaded first.
import 'reflect-metadata';
import type { Socket } from 'node:net';
import { MsgType, type IJsFixConfig } from 'jspurefix';
import type {
  IMarketDataIncrementalRefresh,
  IMarketDataRequest,
  IMarketDataRequestReject,
  IMarketDataSnapshotFullRefresh,
} from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import { type FixSessionSettings, InitiatorSession, initiatorConfig, runSession } from './fix-initiator.ts';

/**
 * The jspurefix side of a FIX price source: one initiator session per TCP connection, on the
 * engine's bundled FIX 4.4 dictionary. jspurefix runs the session layer (logon, heartbeats, test
 * requests, resend requests, sequence resets, sequence numbers in the given store); this hands the
 * market-data messages on. The module is loaded only when a FIX source starts: the engine takes
 * half a second to load.
 */



/** What a session tells the feed. Views are decoded before they reach here: jspurefix reuses their buffer. */
export type MarketDataHandler = {
  loggedOn(): void;
  snapshot(msg: IMarketDataSnapshotFullRefresh): void;
  increment(msg: IMarketDataIncrementalRefresh): void;
  rejected(msg: IMarketDataRequestReject): void;
  /** The provider sent a Logout (refusing the logon, or ending the session), with its Text if any. */
  loggedOut(text: string | null): void;
  /** A message that failed its checksum, or could not be decoded. */
  garbled(msgType: string, why: string): void;
  /** The session is over (logout, a dropped connection, an error). */
  ended(error?: Error): void;
};

export type MarketDataConnection = {
  subscribe(requests: readonly IMarketDataRequest[]): void;
  /** Sends a Logout; the session ends when the provider confirms it (or the connection is closed). */
  logout(): void;
};

export type FixEngine = {
  /** Runs a session over a connected socket. */
  open(socket: Socket, handler: MarketDataHandler): MarketDataConnection;
};

/** Loads the dictionary and settles the session's settings; `open` then runs a session per connection. */
export async function openFixEngine(settings: FixSessionSettings): Promise<FixEngine> {
  const config = await initiatorConfig(settings);
  let transports = 0;
  return {
    open(socket, handler) {
      const session = new MarketDataSession(config, handler);
      runSession(config, ++transports, socket, session, (err) => handler.ended(err));
      return {
        subscribe: (requests) => session.requestMarketData(requests),
        logout: () => session.done(),
      };
    },
  };
}

class MarketDataSession extends InitiatorSession {
  private readonly handler: MarketDataHandler;

  constructor(config: IJsFixConfig, handler: MarketDataHandler) {
    super(config, handler);
    this.handler = handler;
  }

  requestMarketData(requests: readonly IMarketDataRequest[]): void {
    for (const request of requests) this.send(MsgType.MarketDataRequest, request);
  }

  protected received(msgType: string, decoded: unknown): void {
    switch (msgType) {
      case MsgType.MarketDataSnapshotFullRefresh:
        return this.handler.snapshot(decoded as IMarketDataSnapshotFullRefresh);
      case MsgType.MarketDataIncrementalRefresh:
        return this.handler.increment(decoded as IMarketDataIncrementalRefresh);
      case MsgType.MarketDataRequestReject:
        return this.handler.rejected(decoded as IMarketDataRequestReject);
    }
  }
}

// tsyringe, which jspurefix builds its sessions with, needs the Reflect metadata polyfill loaded first.
import 'reflect-metadata';
import type { Socket } from 'node:net';
import {
  AsciiSession,
  DITokens,
  MsgTag,
  MsgTransport,
  MsgType,
  SessionContainer,
  TcpDuplex,
  type IFixSessionStoreFactory,
  type IJsFixConfig,
  type ISessionDescription,
  type MsgView,
} from 'jspurefix';
import type {
  IMarketDataIncrementalRefresh,
  IMarketDataRequest,
  IMarketDataRequestReject,
  IMarketDataSnapshotFullRefresh,
} from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import { type FixLog, fixLogFactory } from './fix-log.ts';

/**
 * The jspurefix side of a FIX price source: one initiator session per TCP connection, on the
 * engine's bundled FIX 4.4 dictionary. jspurefix runs the session layer (logon, heartbeats, test
 * requests, resend requests, sequence resets, sequence numbers in the given store); this hands the
 * market-data messages on. The module is loaded only when a FIX source starts: the engine takes
 * half a second to load.
 */

export type FixSessionSettings = {
  /** Names the session in jspurefix's log lines. */
  name: string;
  senderCompId: string;
  targetCompId: string;
  username?: string;
  password?: string;
  heartbeatSeconds: number;
  /** Makes the store of the sequence numbers. */
  store: IFixSessionStoreFactory;
  log: FixLog;
};


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
  const description = {
    application: { type: 'initiator', name: settings.name, protocol: 'ascii', dictionary: 'qf44' },
    BeginString: 'FIX.4.4',
    SenderCompId: settings.senderCompId,
    TargetCompID: settings.targetCompId,
    Username: settings.username,
    Password: settings.password,
    HeartBtInt: settings.heartbeatSeconds,
    // Sequence numbers go on across logons and restarts, from the store.
    ResetSeqNumFlag: false,
  } as ISessionDescription;
  const sessions = new SessionContainer();
  // registerGlobal and the synchronous start of makeSystem run together, so two sources starting at
  // once each get their own logger factory.
  sessions.registerGlobal(fixLogFactory(settings.log));
  const container = await sessions.makeSystem(description);
  const config = container.resolve<IJsFixConfig>(DITokens.IJsFixConfig);
  config.sessionStoreFactory = settings.store;
  let transports = 0;
  return {
    open(socket, handler) {
      const transport = new MsgTransport(++transports, config, new TcpDuplex(socket));
      // An error event after the session let go of its transport would otherwise be uncaught.
      transport.receiver.on('error', () => {});
      transport.transmitter.on('error', () => {});
      const session = new MarketDataSession(config, handler);
      session.run(transport).then(
        () => handler.ended(),
        (err: Error) => handler.ended(err),
      );
      return {
        subscribe: (requests) => session.requestMarketData(requests),
        logout: () => session.done(),
      };
    },
  };
}

class MarketDataSession extends AsciiSession {
  private readonly handler: MarketDataHandler;

  constructor(config: IJsFixConfig, handler: MarketDataHandler) {
    super(config);
    this.handler = handler;
    // FixSession emits 'error' when it stops on one; the run() promise already carries it.
    this.on('error', () => {});
  }

  requestMarketData(requests: readonly IMarketDataRequest[]): void {
    for (const request of requests) this.send(MsgType.MarketDataRequest, request);
  }

  protected onReady(_view: MsgView): void {
    this.handler.loggedOn();
  }

  protected onApplicationMsg(msgType: string, view: MsgView): void {
    // jspurefix checks the checksum of what an acceptor receives only; a price source checks its own.
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
      case MsgType.MarketDataSnapshotFullRefresh:
        return this.handler.snapshot(decoded as IMarketDataSnapshotFullRefresh);
      case MsgType.MarketDataIncrementalRefresh:
        return this.handler.increment(decoded as IMarketDataIncrementalRefresh);
      case MsgType.MarketDataRequestReject:
        return this.handler.rejected(decoded as IMarketDataRequestReject);
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

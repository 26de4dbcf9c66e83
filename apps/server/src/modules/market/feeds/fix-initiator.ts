// tsyringe, which jspurefix builds its sessions with, needs the Reflect metadata polyfill loaded first.
import 'reflect-metadata';
import type { Socket } from 'node:net';
import { AsciiSession, DITokens, type IFixSessionStoreFactory, type IJsFixConfig, type ISessionDescription, MsgTag, MsgTransport, MsgType, type MsgView, SessionContainer, TcpDuplex } from 'jspurefix';
import { type FixLog, fixLogFactory } from './fix-log.ts';

/** One FIX 4.4 initiator session with a provider, market data or orders. */
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

/** Loads the FIX 4.4 dictionary and settles an initiator's settings, once for all its connections. */
export async function initiatorConfig(settings: FixSessionSettings): Promise<IJsFixConfig> {
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
  // registerGlobal and the synchronous start of makeSystem run together, so two sessions starting at
  // once each get their own logger factory.
  sessions.registerGlobal(fixLogFactory(settings.log));
  const container = await sessions.makeSystem(description);
  const config = container.resolve<IJsFixConfig>(DITokens.IJsFixConfig);
  config.sessionStoreFactory = settings.store;
  return config;
}

/** Runs `session` over a connected socket; `ended` is called once it is over, with the error that ended it. */
export function runSession(config: IJsFixConfig, transportId: number, socket: Socket, session: AsciiSession, ended: (error?: Error) => void): void {
  const transport = new MsgTransport(transportId, config, new TcpDuplex(socket));
  // An error event after the session let go of its transport would otherwise be uncaught.
  transport.receiver.on('error', () => {});
  transport.transmitter.on('error', () => {});
  session.run(transport).then(
    () => ended(),
    (err: Error) => ended(err),
  );
}

/** What every initiator session tells its owner beyond the messages of its trade. */
export type SessionEvents = {
  loggedOn(): void;
  /** The provider sent a Logout (refusing the logon, or ending the session), with its Text if any. */
  loggedOut(text: string | null): void;
  /** A message that failed its checksum, or could not be decoded. */
  garbled(msgType: string, why: string): void;
};

/**
 * A jspurefix initiator session that checks each application message's checksum (jspurefix checks
 * only what an acceptor receives), decodes it once and hands it to `received`.
 */
export abstract class InitiatorSession extends AsciiSession {
  private readonly events: SessionEvents;

  constructor(config: IJsFixConfig, events: SessionEvents) {
    super(config);
    this.events = events;
    // FixSession emits 'error' when it stops on one; the run() promise already carries it.
    this.on('error', () => {});
  }

  /** A decoded application message of the provider's. */
  protected abstract received(msgType: string, message: unknown): void;

  protected onReady(_view: MsgView): void {
    this.events.loggedOn();
  }

  protected onApplicationMsg(msgType: string, view: MsgView): void {
    const sent = Number(view.getString(MsgTag.CheckSum));
    const computed = view.checksum();
    if (sent !== computed) return this.events.garbled(msgType, `checksum ${view.getString(MsgTag.CheckSum)}, computed ${computed}`);
    let decoded: unknown;
    try {
      decoded = view.toObject();
    } catch (err) {
      return this.events.garbled(msgType, err instanceof Error ? err.message : String(err));
    }
    this.received(msgType, decoded);
  }

  protected onSessionMsg(msgType: string, view: MsgView): void {
    if (msgType === MsgType.Logout) this.events.loggedOut(view.getString(MsgTag.Text));
    super.onSessionMsg(msgType, view);
  }

  protected onLogon(_view: MsgView, _user: string, _password: string): boolean {
    return true;
  }

  protected onStopped(_error?: Error): void {}

  protected onDecoded(_msgType: string, _txt: string): void {}

  protected onEncoded(_msgType: string, _txt: string): void {}
}

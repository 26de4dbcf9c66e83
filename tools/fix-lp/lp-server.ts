// tsyringe, which jspurefix builds its sessions with, needs the Reflect metadata polyfill loaded first.
import 'reflect-metadata';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import {
  AsciiSessionMsgFactory,
  DITokens,
  MemorySessionStore,
  MsgTransport,
  SessionContainer,
  SessionRegistry,
  TcpDuplex,
  type IJsFixConfig,
  type IJsFixLogger,
  type ISessionDescription,
  type JsFixLoggerFactory,
  type ObjectMutator,
  type SessionId,
} from 'jspurefix';
import { makeSessionScope } from 'jspurefix/dist/runtime/session-scope.js';
import { RandomMarket } from './lp-market.ts';
import { LpSession, type LpDesk } from './lp-session.ts';

export type LpOptions = {
  host: string;
  /** 0 picks a free port. */
  port: number;
  symbols: readonly string[];
  /** Book updates per second. */
  rate: number;
  /** The provider's SenderCompID; clients log on with any comp id of their own. */
  compId: string;
  username?: string;
  password?: string;
  report(event: object): void;
  /** jspurefix's own log lines, when wanted. */
  log?: (line: string) => void;
};

export type LpServer = {
  port: number;
  /** Closes every client's connection at once, as a network failure would. */
  drop(): number;
  setQuoting(on: boolean): void;
  /** Skips `n` sequence numbers on each session's next message. */
  gap(n: number): number;
  /** Sends each session one market-data message with a wrong checksum (and an absurd price). */
  garble(): number;
  /** Writes bytes that are not FIX at all to each connection: no engine can read on after them. */
  junk(): number;
  close(): Promise<void>;
};

/**
 * A FIX 4.4 acceptor on jspurefix that quotes a random walk per symbol. Sessions and their sequence
 * numbers live as long as the process: a client that reconnects goes on where it left off.
 */
export async function startLp(opts: LpOptions): Promise<LpServer> {
  const market = new RandomMarket(opts.symbols);
  const stores = new Map<string, MemorySessionStore>();
  const seen = new Set<string>();
  const sessions = new Set<LpSession>();
  const sockets = new Set<Socket>();
  let spoilNextChecksum = false;
  let quoting = true;

  // Messages are encoded synchronously as they are sent, so the trailer after the flag is set
  // belongs to the message garble() sends.
  const mutator: ObjectMutator = (_description, type, o) => {
    if (type !== 'StandardTrailer' || !spoilNextChecksum) return o;
    spoilNextChecksum = false;
    return { ...o, CheckSum: String((Number(o.CheckSum) + 1) % 256).padStart(3, '0') };
  };
  const description = {
    application: { type: 'acceptor', name: 'fix-lp', protocol: 'ascii', dictionary: 'qf44' },
    BeginString: 'FIX.4.4',
    SenderCompId: opts.compId,
    // Any client: its own SenderCompID becomes the session's target.
    TargetCompID: '*',
    HeartBtInt: 30,
    ResetSeqNumFlag: false,
  } as ISessionDescription;
  const container = new SessionContainer((d) => new AsciiSessionMsgFactory(d, mutator));
  container.registerGlobal(logFactory(opts.log));
  const config = (await container.makeSystem(description)).resolve<IJsFixConfig>(DITokens.IJsFixConfig);
  config.sessionRegistry = new SessionRegistry(config.logFactory);

  const desk: LpDesk = {
    market,
    username: opts.username,
    password: opts.password,
    report: opts.report,
    firstLogon(key) {
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  };

  let transports = 0;
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    const scoped = makeSessionScope(config);
    const transport = new MsgTransport(++transports, scoped, new TcpDuplex(socket));
    transport.receiver.on('error', () => {});
    transport.transmitter.on('error', () => {});
    const session = new LpSession(scoped, desk);
    sockets.add(socket);
    socket.on('error', () => {});
    // jspurefix hears of a peer's goodbye, not of a socket destroyed on this side (drop).
    socket.on('close', () => {
      sockets.delete(socket);
      session.requestStop('connection closed');
    });
    // A client new to this run starts expecting what its Logon is numbered, so the Logon is not a gap.
    scoped.sessionStoreFactory = { create: (id: SessionId) => storeOf(id, session.logonSeq ?? 1) };
    sessions.add(session);
    const ended = () => {
      sessions.delete(session);
      socket.destroy();
    };
    session.run(transport).then(ended, ended);
  });
  const storeOf = (id: SessionId, firstExpected: number) => {
    let store = stores.get(id.toString());
    if (!store) {
      store = new MemorySessionStore(id);
      store.targetSeqNum = firstExpected;
      stores.set(id.toString(), store);
    }
    return store;
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  server.on('error', (err) => opts.report({ error: err.message }));

  const ticker = setInterval(() => {
    if (!quoting || !sessions.size) return;
    const moves = market.step();
    for (const session of sessions) session.publish(moves);
  }, 1000 / opts.rate);

  return {
    port: (server.address() as AddressInfo).port,
    drop() {
      const n = sockets.size;
      for (const socket of sockets) socket.destroy();
      return n;
    },
    setQuoting(on) {
      quoting = on;
    },
    gap(n) {
      return [...sessions].filter((s) => s.skipSequenceNumbers(n)).length;
    },
    garble() {
      let sent = 0;
      for (const session of sessions) {
        spoilNextChecksum = true;
        if (session.sendNonsense()) sent++;
      }
      spoilNextChecksum = false;
      return sent;
    },
    junk() {
      for (const socket of sockets) socket.write('35=X\x0158=not a FIX message\x0110=000\x01');
      return sockets.size;
    },
    close() {
      clearInterval(ticker);
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function logFactory(log: ((line: string) => void) | undefined): JsFixLoggerFactory {
  const logger = (type: string): IJsFixLogger => ({
    info: (message) => log?.(`info [${type}] ${message}`),
    debug: () => {},
    warning: (message) => log?.(`warn [${type}] ${message}`),
    error: (err) => log?.(`error [${type}] ${err.message}`),
  });
  return { logger, plain: () => logger('plain') } as JsFixLoggerFactory;
}

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
  type IFixMsgStoreRecord,
  type IJsFixConfig,
  type IJsFixLogger,
  type ISessionDescription,
  type JsFixLoggerFactory,
  type ObjectMutator,
  type SessionId,
} from 'jspurefix';
import { makeSessionScope } from 'jspurefix/dist/runtime/session-scope.js';
import { RandomMarket } from './lp-market.ts';
import { OrderDesk } from './lp-order-desk.ts';
import { LpSession, type LpDesk } from './lp-session.ts';

export type LpOptions = {
  host: string;
  /** 0 picks a free port. */
  port: number;
  symbols: readonly string[];
  /** Steps of the market (each moves every symbol) per second; 0 steps as fast as the slowest client reads. */
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
  /** Takes orders on every session; its rules are set from stdin. */
  orders: OrderDesk;
  /** Skips `n` sequence numbers on each session's next message. */
  gap(n: number): number;
  /** Sends each session one market-data message with a wrong checksum (and an absurd price). */
  garble(): number;
  /** Writes bytes that are not FIX at all to each connection: no engine can read on after them. */
  junk(): number;
  close(): Promise<void>;
};

/**
 * A FIX 4.4 acceptor on jspurefix that quotes a random walk per symbol and takes orders. Sessions
 * and their sequence numbers live as long as the process: a client that reconnects goes on where it
 * left off.
 */
export async function startLp(opts: LpOptions): Promise<LpServer> {
  const market = new RandomMarket(opts.symbols);
  const orders = new OrderDesk(market, opts.report);
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
    orders,
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
      store = new SeqNumStore(id);
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

  const step = () => {
    if (!quoting || !sessions.size) return;
    const moves = market.step();
    // One write per connection and step rather than one per message.
    for (const socket of sockets) socket.cork();
    for (const session of sessions) session.publish(moves);
    for (const socket of sockets) socket.uncork();
  };
  // At rate 0 the next step goes out once every connection has taken the last one into its socket
  // buffer: as fast as the slowest client reads.
  let closed = false;
  const pump = () => {
    if (closed) return;
    const backedUp = [...sockets].some((s) => s.writableNeedDrain);
    if (!backedUp) step();
    if (backedUp || !quoting || !sessions.size) setTimeout(pump, 1);
    else setImmediate(pump);
  };
  const ticker = opts.rate > 0 ? setInterval(step, 1000 / opts.rate) : null;
  if (!ticker) pump();

  return {
    port: (server.address() as AddressInfo).port,
    orders,
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
      orders.close();
      closed = true;
      if (ticker) clearInterval(ticker);
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Sequence numbers only. jspurefix puts every message sent into the session store but answers
 * resend requests with a gap fill from elsewhere, so what MemorySessionStore keeps is never read,
 * and at a fast rate it takes hundreds of megabytes a minute.
 */
class SeqNumStore extends MemorySessionStore {
  override put(_record: IFixMsgStoreRecord): Promise<void> {
    return Promise.resolve();
  }
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

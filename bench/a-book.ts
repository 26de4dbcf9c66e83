// A-book order round trip: a market order through Bourse to the liquidity provider and back, less
// the provider's own time. The provider is tools/fix-lp in a child process (FIX 4.4 over TCP,
// quoting two crypto pairs at a modest rate); the node is the real server in-process (embedded
// database on disk in a temp DATA_DIR, as a single-node install keeps it; workers on; the built-in
// simulator idle unless --ticking) with a PRICE_FEEDS file pricing BTCUSD and ETHUSD from the
// provider's price session and routing BTCUSD `a_book` to its order session (a `fix` venue).
//
// Measured, one order at a time (nothing queues) with a pause between orders (--gap-ms) so the work
// an order leaves behind (announcing it to the customer's sockets, the risk engine) is not charged
// to the next one, over one kept-alive HTTP connection so TCP connect is not counted:
//   a_book   POST /api/v1/trades/store of BTCUSD with a bearer token and an Idempotency-Key, as the
//            order form sends it: HTTP, the order's transaction writing the venue order, the
//            NewOrderSingle out and its ExecutionReport back over the venue's FIX session, the
//            second transaction booking the fill, the answer.
//   peer     the provider's own time, in the same run: a bare FixVenue (the client class the product
//            sends with, its own SenderCompID and data directory) sending the same IOC limit order
//            straight to the simulator: loopback TCP, the simulator's matching, and the FIX build,
//            parse and sequence-number bookkeeping at both ends. The FIX client is the same code on
//            both sides, so the overhead is what the order path adds around it. It runs in this
//            process, on the server's event loop, so it shares the server's noise (a child process
//            would be spared the server's pauses and the difference would charge them to Bourse).
//   b_book   for context: ETHUSD (priced from the same provider, no route, so the house fills it)
//            through the same HTTP path: what an order costs Bourse without a venue.
// A-book and peer orders alternate (A then peer, and peer then A in the next round, so neither
// always goes first), each round then a B-book order, after a warm-up: both sides see the same
// noise, and the overhead is taken per pair (a_book[i] − peer[i], the figure the goal is judged
// on) as well as between the percentiles. B-book is ETHUSD rather than a currency pair so it
// trades on any day of the week, as BTCUSD does.
//
// Where the A-book time goes, from wrappers this benchmark puts around the running server's
// objects (no product code changed): the product's own FixVenue.send (its FIX leg, compared with
// the peer's) and the database's transactions, which split each A-book round trip into parts that
// add up to it: before the order's transaction, the order's transaction (it writes the venue
// order), commit to send, the FIX leg, fill to booking, the booking transaction, after it.
// --statements times every statement too (drizzle's prepared query of either driver), by what it
// does and where. The in-process HTTP client's own work is inside the a_book and b_book times, so
// the overhead is, if anything, over-stated.
//
// Orders are spread over several customers (--users) so no account piles up hundreds of positions.
// Usage: node bench/a-book.ts [--orders 600] [--warmup 60] [--gap-ms 5] [--users 20] [--rate 20]
//                             [--memory] [--ticking] [--statements]
//   DATABASE_URL=postgres://… node bench/a-book.ts   (PostgreSQL instead of the embedded database)
// Prints JSON.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { PriceFeedsConfig } from '@bourse/contract';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres/session';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { loadConfig } from '../apps/server/src/config.ts';
import { createSession } from '../apps/server/src/modules/auth/auth.repository.ts';
import { createUser } from '../apps/server/src/modules/auth/auth.service.ts';
import { marketOf } from '../apps/server/src/modules/market/market.runtime.ts';
import { FixVenue, type VenueOrder, type VenueResult } from '../apps/server/src/modules/market/venue/fix-venue.ts';
import { startServer } from '../apps/server/src/server.ts';
import { scratchPostgres } from '../apps/server/test/helpers/test-server.ts';
import { startTool } from '../apps/server/test/helpers/tool-process.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  return Number(argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1]);
};
const ORDERS = arg('orders', 600);
const WARMUP = arg('warmup', 60);
const GAP_MS = arg('gap-ms', 5);
const USERS = arg('users', 20);
const RATE = arg('rate', 20);
const MEMORY = argv.includes('--memory');
const TICKING = argv.includes('--ticking');
const STATEMENTS = argv.includes('--statements');
const GOAL = { overheadP99Ms: 5 };

const CREDENTIALS = { username: 'bourse', password: 'not-a-secret' };
const VENUE = 'lp-orders';
const A_BOOK = { instrument: 'BTCUSD', lp: 'BTC/USD' };
const B_BOOK = { instrument: 'ETHUSD', lp: 'ETH/USD' };
const LOTS = 0.01;
const TIMEOUT_MS = 3000;

const log = (msg: string) => process.stderr.write(`[a-book] ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 2) => Number(n.toFixed(digits));

async function until(what: string, ok: () => boolean, timeoutMs = 15_000): Promise<void> {
  const t0 = performance.now();
  while (!ok()) {
    if (performance.now() - t0 > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(20);
  }
}

type Stats = { samples: number; p50: number | null; p90: number | null; p99: number | null; max: number | null };

/** Nearest-rank percentiles, ms to the hundredth. */
function stats(values: number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => (sorted.length ? round(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!) : null);
  return { samples: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
}

const minus = (a: Stats, b: Stats) => {
  const d = (x: number | null, y: number | null) => (x === null || y === null ? null : round(x - y));
  return { p50: d(a.p50, b.p50), p90: d(a.p90, b.p90), p99: d(a.p99, b.p99), max: d(a.max, b.max) };
};

// ---- The provider simulator, the server and the peer.

const lp = await startTool('fix-lp/main.ts', [
  ...['--port', '0', '--symbols', `${A_BOOK.lp},${B_BOOK.lp}`, '--rate', String(RATE), '--comp-id', 'LP'],
  ...['--username', CREDENTIALS.username, '--password', CREDENTIALS.password],
]);
process.on('exit', () => lp.child.kill());

const pg = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL, 'bourse_bench_a_book') : null;
const dir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-a-book-'));
const peerDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-a-book-peer-'));
const session = { host: '127.0.0.1', port: lp.port, target_comp_id: 'LP', ...CREDENTIALS, heartbeat_seconds: 30, reconnect_seconds: 0.2 };
const feeds: PriceFeedsConfig = {
  sources: [{ name: 'lp', kind: 'fix', sender_comp_id: 'BOURSE', depth: 1, ...session }],
  venues: [{ name: VENUE, kind: 'fix', sender_comp_id: 'BOURSE-ORD', time_in_force: 'IOC', timeout_ms: TIMEOUT_MS, reconcile_minutes: 60, ...session }],
  instruments: {
    [A_BOOK.instrument]: {
      sources: [{ source: 'lp', symbol: A_BOOK.lp }],
      markup: { kind: 'points', value: 50 },
      // The customers here trade on their demo accounts, which the house fills unless the route takes them too.
      execution: { venue: VENUE, symbol: A_BOOK.lp, rule: 'a_book', accounts: [], demo_accounts: true },
    },
    [B_BOOK.instrument]: { sources: [{ source: 'lp', symbol: B_BOOK.lp }], markup: { kind: 'points', value: 50 } },
  },
  stallMs: 5000,
  recoverMs: 30_000,
  spikeFactor: 50,
};
const feedsFile = path.join(dir, 'feeds.json');
writeFileSync(feedsFile, JSON.stringify(feeds));
const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, AUTH_RATE_LIMIT: '1000000' });
const database = pg ? 'postgres' : MEMORY ? 'pglite in memory' : 'pglite on disk';
const server = await startServer(
  {
    ...base,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: pg?.url ?? (MEMORY ? 'memory://' : null),
    runWorkers: true,
    seedDemoUsers: false,
    demoBalance: '100000000',
    market: { ...base.market, autoTick: TICKING, feedsFile },
  },
  { logger: false },
);
const market = marketOf(server.ctx);
const product = market.venues?.venue(VENUE)?.session;
if (!product) throw new Error(`venue ${VENUE} is not running on this node`);
const instrument = (symbol: string) => {
  const found = market.state.find(symbol);
  if (!found) throw new Error(`${symbol} is not in the catalogue`);
  return found;
};
const btc = instrument(A_BOOK.instrument);
const eth = instrument(B_BOOK.instrument);
const quoted = (i: number) => market.state.quoted[i] === 1;
await until('the venue logging on', () => product.connected);
await until('quotes from the provider', () => quoted(btc.index) && quoted(eth.index));

const peer = new FixVenue({ name: 'peer', host: '127.0.0.1', port: lp.port, senderCompId: 'PEER-ORD', targetCompId: 'LP', ...CREDENTIALS, reconnectSeconds: 0.2, dataDir: peerDir });
peer.connect();
await until('the peer logging on', () => peer.connected);

const users: { token: string }[] = [];
for (let i = 0; i < USERS; i++) {
  const user = await createUser(server.ctx, {
    email: `bench.a-book.${i}@example.com`,
    passwordHash: 'not-used',
    firstName: 'Bench',
    lastName: `User${i}`,
    username: `abook${i}`,
    role: 'customer',
    status: 'active',
  });
  users.push({ token: await createSession(server.ctx.db, user.id, 1) });
}

// ---- Wrappers on the running server: the product's FIX leg and its transactions.

const sends = new Map<string, { start: number; end: number }>();
const productSend = product.send.bind(product);
product.send = async (order: VenueOrder, timeoutMs: number): Promise<VenueResult> => {
  const start = performance.now();
  try {
    return await productSend(order, timeoutMs);
  } finally {
    sends.set(order.clOrdId, { start, end: performance.now() });
  }
};
const transactions: { start: number; end: number }[] = [];
const db = server.ctx.db as unknown as { transaction: (fn: unknown, config?: unknown) => Promise<unknown> };
const transaction = db.transaction.bind(db);
db.transaction = async (fn, config) => {
  const span = { start: performance.now(), end: Number.NaN };
  try {
    return await transaction(fn, config);
  } finally {
    span.end = performance.now();
    transactions.push(span);
  }
};

/**
 * --statements: each statement's time, from drizzle's prepared query of either driver (the
 * statements the order path builds once and those the ORM builds per call both run through it).
 * What a transaction spends outside them is BEGIN and COMMIT on the embedded database (PGlite runs
 * those itself), and the JavaScript between statements: building SQL, planning, mapping rows. On
 * PostgreSQL, background work on other pooled connections during a transaction is counted in it
 * too, under its own names and with a handful of samples (price_alerts, say).
 */
const statementLog: (Span & { label: string })[] = [];
const statementTimes: Record<string, number[]> = {};
if (STATEMENTS) {
  for (const prepared of [PglitePreparedQuery, NodePgPreparedQuery]) {
    const proto = prepared.prototype as unknown as { execute(this: { queryString: string }, values?: unknown): Promise<unknown> };
    const execute = proto.execute;
    proto.execute = async function (values) {
      const start = performance.now();
      try {
        return await execute.call(this, values);
      } finally {
        statementLog.push({ start, end: performance.now(), label: statementLabel(this.queryString) });
      }
    };
  }
}

/** A statement named by what it does and to which table: `insert into trades`, `select from order_lock`. */
function statementLabel(text: string): string {
  const sql = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const name = (re: RegExp) => re.exec(sql)?.[1] ?? '?';
  if (sql.startsWith('with ')) return `with … insert into ${name(/insert into "?(\w+)/)}`;
  if (sql.startsWith('insert')) return `insert into ${name(/^insert into "?(\w+)/)}`;
  if (sql.startsWith('update')) return `update ${name(/^update "?(\w+)/)}`;
  if (sql.startsWith('select')) return `select from ${name(/ from "?(\w+)/)}`;
  return sql.split(' ')[0]!;
}

// ---- The orders.

const address = new URL(server.url);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
type Answer = { status: number; body: string; start: number; end: number };

function post(urlPath: string, token: string, key: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(
      {
        host: address.hostname,
        port: address.port,
        path: urlPath,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}`, 'idempotency-key': key },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), start, end: performance.now() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let orderNo = 0;
const failures: { kind: string; status: number; body: string }[] = [];

/** A BTCUSD or ETHUSD buy at the customer's ask of now, through HTTP; its times, or null when it failed. */
async function store(kind: 'a_book' | 'b_book', inst: typeof btc): Promise<Answer | null> {
  const n = orderNo++;
  const body = { id: inst.id, asset_symbol: inst.symbol, asset_name: inst.name, type: 'buy', volume: LOTS, opening_price: market.state.ask[inst.index]! };
  const answer = await post('/api/v1/trades/store', users[n % users.length]!.token, `bench-a-book-${n}`, body);
  if (answer.status === 201) return answer;
  failures.push({ kind, status: answer.status, body: answer.body.slice(0, 300) });
  return null;
}

/** The same order as an A-book one, straight to the simulator; ms, or null when it was not filled. */
async function direct(): Promise<number | null> {
  const n = orderNo++;
  const limit = round(market.state.rawAsk[btc.index]! * 1.01);
  const order: VenueOrder = { clOrdId: `P${n}`, symbol: A_BOOK.lp, side: 'buy', quantity: LOTS, limitPrice: limit, timeInForce: 'IOC' };
  const start = performance.now();
  const result = await peer.send(order, TIMEOUT_MS);
  const ms = performance.now() - start;
  if (result.status === 'filled') return ms;
  failures.push({ kind: 'peer', status: 0, body: JSON.stringify(result) });
  return null;
}

type Span = { start: number; end: number };
/** One round's times, ms. The A-book order's parts add up to its round trip. */
type Sample = {
  aBook: number;
  peer: number;
  bBook: number;
  parts: { beforeTx1: number; tx1: number; tx1ToSend: number; fix: number; sendToTx2: number; tx2: number; afterTx2: number } | null;
  bTx: number | null;
};

/** The transactions that began within the span. */
const spansIn = (outer: Span) => transactions.filter((t) => t.start >= outer.start && t.start <= outer.end);

/** Statement times (--statements) within a transaction, by label; what is left of the transaction goes to 'outside statements'. */
function charge(prefix: string, tx: Span): void {
  let inside = 0;
  for (const s of statementLog.filter((st) => st.start >= tx.start && st.end <= tx.end)) {
    (statementTimes[`${prefix}: ${s.label}`] ??= []).push(s.end - s.start);
    inside += s.end - s.start;
  }
  (statementTimes[`${prefix}: outside statements`] ??= []).push(tx.end - tx.start - inside);
}

async function roundOf(i: number): Promise<Sample | null> {
  let a: Answer | null = null;
  let p: number | null = null;
  if (i % 2 === 0) {
    a = await store('a_book', btc);
    await sleep(GAP_MS);
    p = await direct();
  } else {
    p = await direct();
    await sleep(GAP_MS);
    a = await store('a_book', btc);
  }
  await sleep(GAP_MS);
  const b = await store('b_book', eth);
  await sleep(GAP_MS);
  try {
    if (!a || p === null || !b) return null;
    const [sent] = [...sends.values()].filter((s) => s.start >= a.start && s.end <= a.end);
    if (!sent) throw new Error('an A-book order answered 201 without going through the venue');
    // Exactly the order's two transactions (before and after the FIX leg), or no breakdown: a background one overlapped.
    const aTx = spansIn(a);
    const [tx1, tx2] = aTx;
    const parts =
      aTx.length === 2 && tx1!.end <= sent.start && tx2!.start >= sent.end
        ? {
            beforeTx1: tx1!.start - a.start,
            tx1: tx1!.end - tx1!.start,
            tx1ToSend: sent.start - tx1!.end,
            fix: sent.end - sent.start,
            sendToTx2: tx2!.start - sent.end,
            tx2: tx2!.end - tx2!.start,
            afterTx2: a.end - tx2!.end,
          }
        : null;
    const bTx = spansIn(b);
    if (STATEMENTS && parts) {
      charge('order transaction', tx1!);
      charge('booking transaction', tx2!);
      if (bTx.length === 1) charge('B-book transaction', bTx[0]!);
    }
    return { aBook: a.end - a.start, peer: p, bBook: b.end - b.start, parts, bTx: bTx.length === 1 ? bTx[0]!.end - bTx[0]!.start : null };
  } finally {
    transactions.length = 0;
    statementLog.length = 0;
    sends.clear();
  }
}

log(`${database}; ${WARMUP} warm-up rounds, then ${ORDERS} rounds of an A-book order, a direct one and a B-book one, ${GAP_MS} ms apart; ${USERS} customers`);
const load0 = loadavg();
for (let i = 0; i < WARMUP; i++) await roundOf(i);
const warmupFailures = failures.length;
failures.length = 0;
for (const key of Object.keys(statementTimes)) delete statementTimes[key];
const samples: Sample[] = [];
const t0 = performance.now();
const cpu0 = process.cpuUsage();
for (let i = 0; i < ORDERS; i++) {
  const s = await roundOf(i);
  if (s) samples.push(s);
  if (failures.length > ORDERS / 10) throw new Error(`too many failed orders: ${JSON.stringify(failures.slice(0, 5))}`);
}
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);

// What the simulator saw: every order of both sessions filled, none twice.
const lpOrders = lp.events.flatMap((e) => (e.order ? [e.order as { comp_id: string; status: string }] : []));
const atLp = (compId: string) => lpOrders.filter((o) => o.comp_id === compId);
const col = (f: (s: Sample) => number | null | undefined) => samples.flatMap((s) => {
  const v = f(s);
  return v === null || v === undefined ? [] : [v];
});
const part = (k: keyof NonNullable<Sample['parts']>) => stats(col((s) => s.parts?.[k]));

const aBook = stats(col((s) => s.aBook));
const peerStats = stats(col((s) => s.peer));
const bBook = stats(col((s) => s.bBook));
const pairwise = stats(samples.map((s) => s.aBook - s.peer));
const result = {
  bench: 'a-book',
  database,
  orders: ORDERS,
  warmup: WARMUP,
  gap_ms: GAP_MS,
  lots: LOTS,
  customers: USERS,
  simulator: { symbols: 2, quote_rate_per_s: RATE, builtin_simulator_ticking: TICKING },
  machine: { cpus: cpus().length, model: cpus()[0]?.model ?? null, loadavg_before: load0.map((l) => round(l)), loadavg_after: loadavg().map((l) => round(l)) },
  seconds: round(seconds, 1),
  this_process_cpu_pct: round(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100, 1),
  round_trip_ms: {
    a_book: { what: `POST /api/v1/trades/store of ${A_BOOK.instrument}, routed a_book to the FIX venue: request sent to answer read`, ...aBook },
    peer: { what: 'a bare FixVenue sending the same IOC order straight to the simulator: the provider’s own time', ...peerStats },
    b_book: { what: `POST /api/v1/trades/store of ${B_BOOK.instrument}, the same provider’s prices, filled by the house`, ...bBook },
  },
  overhead_ms: {
    what: 'A-book round trip less the peer’s: Bourse’s own time on an A-book order (pairwise: each A-book order less the direct order next to it)',
    pairwise,
    difference_of_percentiles: minus(aBook, peerStats),
    a_book_less_b_book_pairwise: { what: 'what routing to the provider adds to a house fill, the provider’s time included', ...stats(samples.map((s) => s.aBook - s.bBook)) },
  },
  // The A-book round trip in the order it happens; the parts of one order add up to its round trip.
  a_book_breakdown_ms: {
    orders: samples.filter((s) => s.parts).length,
    before_order_transaction: { what: 'HTTP in, authentication, validation, the leverage settings read', ...part('beforeTx1') },
    order_transaction: { what: 'BEGIN, the order lock, planning and the margin check, the venue order written, COMMIT', ...part('tx1') },
    commit_to_send: part('tx1ToSend'),
    fix_leg: { what: 'the product’s FixVenue.send, from the call to the final ExecutionReport', ...part('fix') },
    fix_leg_less_peer_pairwise: stats(col((s) => (s.parts ? s.parts.fix - s.peer : null))),
    fill_to_booking: part('sendToTx2'),
    booking_transaction: { what: 'BEGIN, the account lock, the trade, the venue order settled, the activity line, the first answer, COMMIT', ...part('tx2') },
    after_booking: { what: 'announcing the position, the answer out and read by the client', ...part('afterTx2') },
  },
  b_book_transaction_ms: stats(col((s) => s.bTx)),
  ...(STATEMENTS && { statements_ms: Object.fromEntries(Object.entries(statementTimes).map(([k, v]) => [k, stats(v)])) }),
  at_simulator: {
    what: 'orders the simulator saw from each session, the warm-up included',
    a_book_orders: atLp('BOURSE-ORD').length,
    a_book_filled: atLp('BOURSE-ORD').filter((o) => o.status === 'filled').length,
    peer_orders: atLp('PEER-ORD').length,
    peer_filled: atLp('PEER-ORD').filter((o) => o.status === 'filled').length,
  },
  failed: { warmup: warmupFailures, measured: failures.length, first: failures.slice(0, 3) },
  goal: GOAL,
  meets: pairwise.p99 !== null && pairwise.p99 <= GOAL.overheadP99Ms,
};

agent.destroy();
await peer.stop();
await server.close();
await pg?.drop();
lp.child.kill();
rmSync(dir, { recursive: true, force: true });
rmSync(peerDir, { recursive: true, force: true });
console.log(JSON.stringify(result, null, 2));
process.exit(0);

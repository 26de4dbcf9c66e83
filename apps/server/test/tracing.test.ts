// OpenTelemetry traces from the real server process: with OTEL_EXPORTER_OTLP_ENDPOINT set, an order's
// trace reaches the stand-in collector (tools/otlp-collector) whole: the HTTP span of the order
// route, the account lock, the trade's transaction with its pg queries and the events with their
// Redis publishes, each with the right parent; no attribute carries the password or the session
// token. The risk engine's close of a position is a span with its transaction under it. A node
// without the variable sends nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedSpan } from '../../../tools/otlp-collector/otlp-json.ts';
import { hashPassword } from '../src/lib/tokens.ts';
import { answerAppropriateness } from '../src/modules/compliance/appropriateness.service.ts';
import { createUser } from '../src/modules/auth/auth.service.ts';
import { tradingRuntime } from '../src/modules/trading/trading-runtime.ts';
import { childServerSetup, freePort, startChild, waitReady } from './helpers/child-server.ts';
import { passingAnswers } from './helpers/factories.ts';
import { apiCall, type ApiCall, scratchPostgres, startServerFromSnapshot } from './helpers/test-server.ts';
import { startTool, type ToolProcess } from './helpers/tool-process.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = `tracing-${randomBytes(6).toString('hex')}`;
/** EUR/USD's simulated spread, about 0.9 pip at 1.10. */
const SPREAD = 0.000088;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-tracing-'));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

let collector: ToolProcess;
let traced: ApiCall;
let untraced: ApiCall;
let untracedPort: number;
let email: string;
let order: Record<string, unknown>;

async function startNode(env: Record<string, string>, port: number): Promise<ApiCall> {
  const server = startChild({ ...env, PORT: String(port) });
  cleanups.push(() => void (server.child.exitCode === null && server.child.kill('SIGKILL')));
  const call = apiCall(`http://127.0.0.1:${port}`);
  await waitReady(call, server.output);
  return call;
}

const received = async () => (await collector.command('spans')).spans as ReceivedSpan[];

/** Signs the customer in and places a market order; the session token used. */
async function placeOrder(call: ApiCall): Promise<string> {
  const login = await call('POST', '/auth/login', { body: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  const token = login.body.data.token as string;
  const placed = await call('POST', '/trades/store', { token, body: order, headers: { 'idempotency-key': randomBytes(8).toString('hex') } });
  expect(placed.status).toBe(201);
  return token;
}

// pg is instrumented, not the embedded database: this runs where there is a PostgreSQL.
describe.skipIf(!DATABASE_URL)('OpenTelemetry traces', () => {
  beforeAll(async () => {
    collector = await startTool('otlp-collector/main.ts', []);
    cleanups.push(() => void collector.child.kill());
    const database = await scratchPostgres(DATABASE_URL!, 'bourse_tracing');
    cleanups.push(() => database.drop());
    const tag = randomBytes(5).toString('hex');
    const setup = childServerSetup(dataDir, database.url);
    const prep = await startServerFromSnapshot(setup.config);
    try {
      email = `traced.${tag}@example.com`;
      const user = await createUser(prep.ctx, { email, passwordHash: await hashPassword(PASSWORD), firstName: 'Trace', lastName: 'Client', username: `trace${tag}`, role: 'customer', status: 'active' });
      await answerAppropriateness(prep.ctx.db, user.id, { answers: passingAnswers() });
      const eurusd = (await tradingRuntime(prep.ctx).catalog.pair('EUR', 'USD'))!;
      order = { type: 'buy', id: eurusd.id, volume: 0.01, opening_price: 1.1, leverage: 100, amount: 1000, qty: 1000, margin: 11, asset_symbol: eurusd.symbol, asset_name: eurusd.name };
    } finally {
      await prep.close();
    }
    const env = { ...setup.env, REDIS_URL, REALTIME_REDIS_PREFIX: `bourse-tracing-${tag}:`, PRICE_SOCKET_STREAM: `bourse-tracing-${tag}` };
    // The worker (risk engine, price feed) is the traced node; the other serves requests only.
    untracedPort = await freePort();
    [traced, untraced] = await Promise.all([
      startNode({ ...env, OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`, OTEL_BSP_SCHEDULE_DELAY: '100', PRICE_TICK_SCALE: '10' }, await freePort()),
      startNode({ ...env, RUN_WORKERS: 'false' }, untracedPort),
    ]);
  });

  it("exports an order's trace: request, lock, trade with its queries, events with their publishes", async () => {
    const token = await placeOrder(traced);
    let spans: ReceivedSpan[] = [];
    let request: ReceivedSpan | undefined;
    const deadline = Date.now() + 10_000;
    // The request's span ends last, after its children: once it is in, the trace is.
    while (!request && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      spans = await received();
      request = spans.find((s) => s.kind === 2 && s.attributes['http.route'] === '/api/v1/trades/store');
    }
    expect(request, 'the order route span').toBeDefined();
    expect(request!.name).toBe('POST /api/v1/trades/store');
    expect(request!.parentSpanId).toBeNull();
    expect(request!.resource).toMatchObject({ 'service.name': 'bourse', 'bourse.node.role': 'worker' });
    expect(request!.resource['service.instance.id']).toEqual(expect.any(String));

    const trace = spans.filter((s) => s.traceId === request!.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    for (const span of trace) if (span !== request) expect(byId.has(span.parentSpanId!), `${span.name}'s parent is in the trace`).toBe(true);
    const only = (name: string) => {
      const found = trace.filter((s) => s.name === name);
      expect(found, name).toHaveLength(1);
      return found[0]!;
    };
    const trade = only('order.trade');
    const lock = only('order.lock');
    const events = only('order.events');
    expect(trade.parentSpanId).toBe(request!.spanId);
    expect(lock.parentSpanId).toBe(trade.spanId);
    expect(events.parentSpanId).toBe(request!.spanId);

    const pgUnder = (parent: ReceivedSpan) => trace.filter((s) => s.parentSpanId === parent.spanId && s.attributes['db.system.name'] === 'postgresql' && s.name.startsWith('pg.query'));
    const inTransaction = pgUnder(trade).map((s) => s.attributes['db.query.text']);
    expect(inTransaction[0]).toMatch(/^begin$/i);
    expect(inTransaction.at(-1)).toMatch(/^commit$/i);
    expect(inTransaction.some((q) => /insert into/i.test(String(q)))).toBe(true);
    expect(pgUnder(lock).map((s) => s.attributes['db.query.text'])).toEqual([expect.stringMatching(/order_lock/)]);
    const publishes = trace.filter((s) => s.parentSpanId === events.spanId && s.attributes['db.system.name'] === 'redis');
    expect(publishes.length).toBeGreaterThan(0);
    expect(publishes.every((s) => s.name === 'publish' && s.kind === 3)).toBe(true);

    // Nothing of the customer's credentials anywhere in what was exported.
    const everything = JSON.stringify(spans);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(email);
    // No header is recorded at all (authorization, cookie).
    expect(spans.flatMap((s) => Object.keys(s.attributes)).filter((key) => /header/i.test(key))).toEqual([]);
  });

  it("traces the risk engine's take-profit or stop-loss close with its transaction", async () => {
    const login = await traced('POST', '/auth/login', { body: { email, password: PASSWORD } });
    const token = login.body.data.token as string;
    let id = 0;
    // A level the market crossed between the fill and the change is refused: a new position then.
    for (let attempt = 0; attempt < 5 && !id; attempt++) {
      const placed = await traced('POST', '/trades/store', { token, body: order, headers: { 'idempotency-key': randomBytes(8).toString('hex') } });
      expect(placed.status).toBe(201);
      const { id: trade, opening_price: entry } = placed.body.data as { id: number; opening_price: number };
      // A buy closes at the bid, about a spread under its entry: levels half a pip either side of it.
      const closing = entry - SPREAD;
      const levels = { take_profit: Number((closing + 0.00005).toFixed(5)), stop_loss: Number((closing - 0.00005).toFixed(5)) };
      if ((await traced('PATCH', `/trade/${trade}`, { token, body: levels })).status === 200) id = trade;
    }
    expect(id, 'a position with levels').toBeGreaterThan(0);
    let close: ReceivedSpan | undefined;
    let spans: ReceivedSpan[] = [];
    const deadline = Date.now() + 20_000;
    while (!close && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      spans = await received();
      close = spans.find((s) => s.name === 'risk.close' && s.attributes['bourse.trade.id'] === id);
    }
    expect(close, 'the close span').toBeDefined();
    expect(['tp', 'sl']).toContain(close!.attributes['bourse.close.trigger']);
    const queries = spans.filter((s) => s.parentSpanId === close!.spanId && s.name.startsWith('pg.query')).map((s) => s.attributes['db.query.text']);
    // The position is read first, then locked and closed in a transaction.
    expect(queries).toContainEqual(expect.stringMatching(/^begin$/i));
    expect(queries.at(-1)).toMatch(/^commit$/i);
  });

  it('sends nothing from a node without an OTLP endpoint', async () => {
    await collector.command('clear');
    await placeOrder(untraced);
    // Several of the traced node's export intervals: any span of the request would be in by now.
    await new Promise((r) => setTimeout(r, 1_000));
    const spans = await received();
    expect(spans.filter((s) => String(s.resource['service.instance.id']).endsWith(`:${untracedPort}`))).toEqual([]);
    expect(spans.filter((s) => s.kind === 2)).toEqual([]);
  });
});

// What OpenTelemetry tracing costs an order: POST /trades/store against two real server processes
// (apps/server/src/main.ts) started alike and run side by side, one with OTEL_EXPORTER_OTLP_ENDPOINT
// pointing at the stand-in collector (tools/otlp-collector, in a process of its own, so every span
// is encoded and sent over HTTP as to a real collector, at the SDK's default 5 s batch delay) and
// one without. Each has its own database (PostgreSQL when DATABASE_URL is set, so pg is
// instrumented; the embedded database otherwise) and Redis when REDIS_URL is set. Measured twice:
// one connection (an order's latency, nothing queued) and --connections at once (throughput).
// The two take turns each round, the first swapping every round, so a noisy moment falls on both.
// Load comes from autocannon in a child process (lib/order-load.ts).
//   node bench/tracing.ts [--seconds 5] [--connections 10] [--users 20] [--rounds 3]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 node bench/tracing.ts
// Prints JSON.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSession } from '../apps/server/src/modules/auth/auth.repository.ts';
import { createUser } from '../apps/server/src/modules/auth/auth.service.ts';
import { tradingRuntime } from '../apps/server/src/modules/trading/trading-runtime.ts';
import { startServer } from '../apps/server/src/server.ts';
import { childServerSetup, freePort, startChild, waitReady } from '../apps/server/test/helpers/child-server.ts';
import { apiCall, scratchPostgres } from '../apps/server/test/helpers/test-server.ts';
import { startTool } from '../apps/server/test/helpers/tool-process.ts';
import { combined, type Load, runLoad } from './lib/load-rounds.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const SECONDS = arg('--seconds', 5);
const CONNECTIONS = arg('--connections', 10);
const USERS = arg('--users', 20);
const ROUNDS = arg('--rounds', 3);
const WARMUP_SECONDS = 2;
// Tracing on keeps at least this share of the order throughput it has off, in the same run.
const GOAL = { throughputOnVsOff: 0.8 };

type Node = { url: string; tokens: string[]; order: Record<string, unknown>; close(): Promise<void> };

/** A server process on a database of its own, with customers (sessions written directly) made before it starts. */
async function startNode(name: string, extraEnv: Record<string, string>): Promise<Node> {
  const database = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL, `bourse_bench_tracing_${name}`) : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), `bourse-bench-tracing-${name}-`));
  const setup = childServerSetup(dataDir, database?.url ?? null);
  const prep = await startServer({ ...setup.config, host: '127.0.0.1', demoBalance: '100000000' }, { logger: false });
  const tokens: string[] = [];
  let order: Record<string, unknown>;
  try {
    for (let i = 0; i < USERS; i++) {
      const user = await createUser(prep.ctx, { email: `bench.${name}.${i}@example.com`, passwordHash: 'not-used', firstName: 'Bench', lastName: `User${i}`, username: `bench${name}${i}`, role: 'customer', status: 'active' });
      tokens.push(await createSession(prep.ctx.db, user.id, 1));
    }
    const eurusd = (await tradingRuntime(prep.ctx).catalog.pair('EUR', 'USD'))!;
    order = { type: 'buy', id: eurusd.id, volume: 0.01, opening_price: 1.1, leverage: 100, amount: 1000, qty: 1000, margin: 11, asset_symbol: eurusd.symbol, asset_name: eurusd.name };
  } finally {
    await prep.close();
  }
  const port = await freePort();
  const tag = randomBytes(4).toString('hex');
  const redis: Record<string, string> = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REALTIME_REDIS_PREFIX: `bench-tracing-${tag}:`, PRICE_SOCKET_STREAM: `bench-tracing-${tag}` } : {};
  // Requests are not logged (sample 0), as a busy production node would keep it.
  const child = startChild({ ...setup.env, ...redis, ...extraEnv, PORT: String(port), LOG_REQUEST_SAMPLE: '0' });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(apiCall(url), child.output);
  return {
    url,
    tokens,
    order,
    async close() {
      child.child.kill('SIGTERM');
      await child.exited;
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const collector = await startTool('otlp-collector/main.ts', []);
const nodes = {
  on: await startNode('on', { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}` }),
  off: await startNode('off', {}),
};
try {
  const orderLoad = (side: 'on' | 'off', connections: number, seconds: number, label: string) =>
    runLoad({ url: nodes[side].url, method: 'POST', path: '/api/v1/trades/store', tokens: nodes[side].tokens, body: nodes[side].order, seconds, connections, label: `${side}-${label}` });
  // Unmeasured first: pooled connections prepare their statements, the order path gets compiled.
  for (const side of ['on', 'off'] as const) await orderLoad(side, CONNECTIONS, WARMUP_SECONDS, 'warmup');
  await collector.command('clear');
  const measured = { serial: { on: [] as Load[], off: [] as Load[] }, loaded: { on: [] as Load[], off: [] as Load[] } };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    for (const side of order) measured.serial[side].push(await orderLoad(side, 1, SECONDS, `serial-${round}`));
    for (const side of order) measured.loaded[side].push(await orderLoad(side, CONNECTIONS, SECONDS, `loaded-${round}`));
  }
  // The last batch leaves within the SDK's 5 s delay.
  await new Promise((r) => setTimeout(r, 6_000));
  const spans = (await collector.command('spans')).spans as { name: string }[];
  // Per order's trace, counted by their root spans (the warm-up's late batches are in both counts).
  const orderTraces = spans.filter((s) => s.name === 'POST /api/v1/trades/store').length;
  const serial = { on: combined(measured.serial.on), off: combined(measured.serial.off) };
  const loaded = { on: combined(measured.loaded.on), off: combined(measured.loaded.off) };
  const throughputOnVsOff = Number((loaded.on.rps / loaded.off.rps).toFixed(2));
  console.log(
    JSON.stringify(
      {
        benchmark: 'tracing',
        database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        redis: Boolean(process.env.REDIS_URL),
        seconds: SECONDS,
        rounds: ROUNDS,
        users: USERS,
        goal: GOAL,
        serial: { connections: 1, ...serial, p50OnMinusOffMs: Number((serial.on.p50Ms - serial.off.p50Ms).toFixed(2)) },
        loaded: { connections: CONNECTIONS, ...loaded, throughputOnVsOff, p50OnVsOff: Number((loaded.on.p50Ms / loaded.off.p50Ms).toFixed(2)) },
        spansExported: spans.length,
        orderTracesExported: orderTraces,
        spansPerOrderTrace: Number((spans.length / orderTraces).toFixed(1)),
        met: throughputOnVsOff >= GOAL.throughputOnVsOff,
      },
      null,
      2,
    ),
  );
} finally {
  await nodes.on.close();
  await nodes.off.close();
  collector.child.kill();
}

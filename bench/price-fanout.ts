// Price socket fan-out: the whole catalogue (2,700 instruments) ticking in the simulator at a
// moment when every market is open, N price socket clients in a child process. Measures delivered
// updates and frames per second, server CPU per delivered frame and per delivered update,
// tick-to-client latency and server memory per idle connection, for the coalesced batch fan-out
// (one data:batch frame per 100 ms window) against a naive peer measured in the same run: one
// data:update broadcast per tick, no coalescing.
// The coalesced phase spreads clients over GROUPS groups whose windows end a step apart (the
// server's default, PRICE_FANOUT_GROUPS); `--groups 1` writes to every client at the end of one window.
// Usage: node bench/price-fanout.ts [--clients 1000] [--seconds 10] [--naive-ticks 400] [--client-procs 2] [--groups 10]. Prints JSON.
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadConfig } from '../apps/server/src/config.ts';
import { marketOf } from '../apps/server/src/modules/market/market.runtime.ts';
import { startServer } from '../apps/server/src/server.ts';
import { scratchPostgres } from '../apps/server/test/helpers/test-server.ts';
import { rpc } from './lib/ipc.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  return Number(argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1]);
};
const CLIENTS = arg('clients', 1000);
const SECONDS = arg('seconds', 10);
const NAIVE_TICKS = arg('naive-ticks', 400);
const PROCS = arg('client-procs', Math.min(2, Math.ceil(CLIENTS / 1000)));
const GROUPS = arg('groups', loadConfig({ NODE_ENV: 'test' }).market.fanoutGroups);
const WINDOW_MS = 100;
const STEP_MS = 20;
const MAX_STEP_MS = 100;
const WARMUP_MS = 2000;
const FEED_ONLY_MS = 3000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const log = (msg: string) => process.stderr.write(`[price-fanout] ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The feed runs at the next Wednesday 15:00 UTC (10:00 in New York): every market is open. */
function clockOffset(): number {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((3 - d.getUTCDay() + 7) % 7 || 7));
  d.setUTCHours(15, 0, 0, 0);
  return d.getTime() - Date.now();
}

type Percentiles = { samples: number; p50: number | null; p99: number | null; max: number | null };
type Report = { frames: number; bytes: number; updatesPerFrame: number; latency: Percentiles; send: Percentiles; cpu: NodeJS.CpuUsage };
/** What one client process reports (see lib/price-fanout-clients.ts). */
type Part = { frames: number; bytes: number; sampledFrames: number; sampledUpdates: number; latencies: number[]; sendDelays: number[]; cpu: NodeJS.CpuUsage };

/**
 * The clients, spread over PROCS processes so that reading frames is not the bottleneck being
 * measured (one process tops out at a core long before the server does).
 */
type Clients = { procs: ChildProcess[]; call(type: string, payload?: (i: number) => unknown): Promise<unknown[]>; report(): Promise<Report> };

function forkClients(): Promise<{ proc: ChildProcess; call: ReturnType<typeof rpc> }> {
  const proc = fork(new URL('./lib/price-fanout-clients.ts', import.meta.url), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    proc.once('message', () => resolve({ proc, call: rpc(proc) }));
    proc.once('exit', (code) => reject(new Error(`clients exited with ${code}`)));
  });
}

async function startClients(): Promise<Clients> {
  const parts = await Promise.all(Array.from({ length: PROCS }, forkClients));
  const call = (type: string, payload: (i: number) => unknown = () => null) => Promise.all(parts.map((p, i) => p.call(type, payload(i))));
  const report = async (): Promise<Report> => {
    const got = (await call('report')) as Part[];
    const sum = (f: (p: Part) => number) => got.reduce((n, p) => n + f(p), 0);
    const percentiles = (values: number[]): Percentiles => {
      const sorted = Float64Array.from(values).sort();
      const at = (q: number) => (sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1)) : null);
      return { samples: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
    };
    const sampledFrames = sum((p) => p.sampledFrames);
    return {
      frames: sum((p) => p.frames),
      bytes: sum((p) => p.bytes),
      updatesPerFrame: sampledFrames ? sum((p) => p.sampledUpdates) / sampledFrames : 0,
      latency: percentiles(got.flatMap((p) => p.latencies)),
      send: percentiles(got.flatMap((p) => p.sendDelays)),
      cpu: { user: sum((p) => p.cpu.user), system: sum((p) => p.cpu.system) },
    };
  };
  return { procs: parts.map((p) => p.proc), call, report };
}

const rssMb = () => process.memoryUsage().rss / 1048576;

type Setup = {
  server: Awaited<ReturnType<typeof startServer>>;
  pgDb: Awaited<ReturnType<typeof scratchPostgres>> | null;
  clients: Clients;
  rssBefore: number;
  rssIdle: number;
  /** Ticks made since the last `take()`. */
  take(): number;
  /** Stops the feed now, or once `limit` more ticks have been made. */
  stop(limit?: number): Promise<void>;
};

/** A server (coalescing window `windowMs`, 0 for none) with CLIENTS idle price socket clients connected. */
async function prepare(windowMs: number, offset: number): Promise<Setup> {
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/bourse-bench-price-fanout' });
  // On PostgreSQL when DATABASE_URL is set: the embedded database runs its queries (the periodic
  // candle saves) on the server's own thread, stalls a deployed node does not have.
  const pgDb = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL, 'bourse_bench_fanout') : null;
  const config = {
    ...base,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: pgDb?.url ?? 'memory://',
    seedDemoUsers: false,
    market: { ...base.market, autoTick: false, coalesceMs: windowMs, fanoutGroups: GROUPS },
  };
  const server = await startServer(config, { logger: false });
  const market = marketOf(server.ctx);
  const clock = () => Date.now() + offset;
  market.step(clock());
  market.coalescer.flush();
  market.assetsJson();
  // The feed keeps ticking from here on, clients or not, as a live server's would.
  let ticks = 0;
  let limit = Infinity;
  let stopped: () => void = () => {};
  // At most MAX_STEP_MS of feed per step: a server that falls behind does not get ever larger bursts.
  let fed = clock();
  const stepper = setInterval(() => {
    fed = Math.min(clock(), fed + MAX_STEP_MS);
    ticks += market.step(fed);
    if (ticks >= limit) {
      clearInterval(stepper);
      stopped();
    }
  }, STEP_MS);
  const take = () => {
    const n = ticks;
    ticks = 0;
    return n;
  };
  const stop = (after = 0) =>
    new Promise<void>((resolve) => {
      if (after <= 0) {
        clearInterval(stepper);
        return resolve();
      }
      limit = ticks + after;
      stopped = resolve;
    });
  const clients = await startClients();
  gc();
  const rssBefore = rssMb();
  const port = Number(new URL(server.url).port);
  const share = (i: number) => Math.floor(CLIENTS / PROCS) + (i < CLIENTS % PROCS ? 1 : 0);
  const sampleEvery = Math.max(1, Math.floor(CLIENTS / 50));
  await clients.call('connect', (i) => ({ port, key: config.priceSocketKey, clients: share(i), sampleEvery, clockOffsetMs: offset, concurrency: 100 }));
  await sleep(500);
  gc();
  return { server, pgDb, clients, rssBefore, rssIdle: rssMb(), take, stop };
}

async function finish(s: Setup): Promise<void> {
  await s.stop();
  await s.clients.call('close');
  for (const proc of s.clients.procs) proc.kill();
  await s.server.close();
  await s.pgDb?.drop();
}

function figures(s: Setup, r: Report, cpu: NodeJS.CpuUsage, elapsed: number, ticks: number) {
  const cpuUs = cpu.user + cpu.system;
  const updates = r.frames * r.updatesPerFrame;
  return {
    ticks_per_s: Math.round(ticks / elapsed),
    delivered_frames_per_s: Math.round(r.frames / elapsed),
    delivered_updates_per_s: Math.round(updates / elapsed),
    updates_per_frame: Number(r.updatesPerFrame.toFixed(1)),
    delivered_mb_per_s: Number((r.bytes / 1048576 / elapsed).toFixed(1)),
    server_cpu_pct: Number(((cpuUs / 1e6 / elapsed) * 100).toFixed(1)),
    cpu_us_per_frame: Number((cpuUs / Math.max(1, r.frames)).toFixed(2)),
    cpu_us_per_update: Number((cpuUs / Math.max(1, updates)).toFixed(3)),
    latency_ms: r.latency,
    // Of which: from the server encoding the frame to the client reading it (the rest is the tick waiting for its window).
    send_ms: r.send,
    rss_per_idle_connection_kb: Number((((s.rssIdle - s.rssBefore) * 1024) / CLIENTS).toFixed(1)),
    server_rss_mb: { before_clients: Math.round(s.rssBefore), idle_clients: Math.round(s.rssIdle), end: Math.round(rssMb()) },
    clients_cpu_pct: Number((((r.cpu.user + r.cpu.system) / 1e6 / elapsed) * 100).toFixed(1)),
  };
}

/** Steady state: the feed ticks on, one data:batch per window goes to every client. */
async function coalescedPhase(offset: number) {
  const s = await prepare(WINDOW_MS, offset);
  // The feed alone (simulation, candles, 24h figures) with every client connected and none
  // subscribed: what the server spends whether or not anyone listens, taken out of the fan-out figure.
  await sleep(1000);
  const feed0 = process.cpuUsage();
  const f0 = performance.now();
  await sleep(FEED_ONLY_MS);
  const feedCpu = process.cpuUsage(feed0);
  const feedCpuPerS = (feedCpu.user + feedCpu.system) / ((performance.now() - f0) / 1000);
  await s.clients.call('subscribe', () => 'batch');
  await sleep(WARMUP_MS);
  await s.clients.call('reset');
  s.take();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  const cpu = process.cpuUsage(cpu0);
  const elapsed = (performance.now() - t0) / 1000;
  const made = s.take();
  loopDelay.disable();
  const r = await s.clients.report();
  await s.stop();
  const fanoutCpuUs = cpu.user + cpu.system - feedCpuPerS * elapsed;
  const out = {
    ...figures(s, r, cpu, elapsed, made),
    feed_only_cpu_pct: Number((feedCpuPerS / 1e4).toFixed(1)),
    fanout_cpu_us_per_frame: Number((fanoutCpuUs / Math.max(1, r.frames)).toFixed(2)),
    server_cpu_system_pct: Number(((cpu.system / 1e6 / elapsed) * 100).toFixed(1)),
    server_event_loop_delay_ms: { p50: Number((loopDelay.percentile(50) / 1e6).toFixed(1)), p99: Number((loopDelay.percentile(99) / 1e6).toFixed(1)), max: Number((loopDelay.max / 1e6).toFixed(1)) },
  };
  await finish(s);
  return out;
}

/**
 * The naive peer cannot keep up (every tick is a frame to every client), so it gets a bounded
 * burst: NAIVE_TICKS ticks, then the time until every frame has been delivered.
 */
async function naivePhase(offset: number) {
  const s = await prepare(0, offset);
  await s.clients.call('reset');
  s.take();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await s.clients.call('subscribe', () => 'each');
  await s.stop(NAIVE_TICKS);
  const ticks = s.take();
  log(`naive: ${ticks} ticks made, draining`);
  let r = await s.clients.report();
  for (let last = -1; r.frames !== last && performance.now() - t0 < 120_000; ) {
    last = r.frames;
    await sleep(500);
    r = await s.clients.report();
  }
  const cpu = process.cpuUsage(cpu0);
  const { rss_per_idle_connection_kb: _, ...out } = figures(s, r, cpu, (performance.now() - t0) / 1000, ticks);
  await finish(s);
  return { ...out, burst_ticks: ticks, expected_frames: ticks * CLIENTS };
}

const offset = clockOffset();
log(`${CLIENTS} clients: coalesced for ${SECONDS} s, then naive for ${NAIVE_TICKS} ticks`);
const coalesced = await coalescedPhase(offset);
log(`coalesced: ${JSON.stringify(coalesced)}`);
const naive = await naivePhase(offset);
log(`naive: ${JSON.stringify(naive)}`);
console.log(
  JSON.stringify(
    {
      bench: 'price-fanout',
      instruments: coalesced.ticks_per_s ? (await import('../apps/server/src/modules/market/catalogue.ts')).catalogue().length : 0,
      clients: CLIENTS,
      window_ms: WINDOW_MS,
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      fanout_groups: GROUPS,
      machine: { cpus: cpus().length, loadavg: loadavg().map((l) => Number(l.toFixed(2))) },
      coalesced,
      naive,
      ratio: {
        cpu_per_frame_coalesced_over_naive: Number((coalesced.cpu_us_per_frame / naive.cpu_us_per_frame).toFixed(3)),
        cpu_per_update_coalesced_over_naive: Number((coalesced.cpu_us_per_update / naive.cpu_us_per_update).toFixed(4)),
        delivered_updates_coalesced_over_naive: Number((coalesced.delivered_updates_per_s / Math.max(1, naive.delivered_updates_per_s)).toFixed(2)),
      },
      goals: {
        cpu_per_update_at_most_half_naive: coalesced.cpu_us_per_update / naive.cpu_us_per_update <= 0.5,
        p99_at_most_150ms: coalesced.latency_ms.p99 !== null && coalesced.latency_ms.p99 <= 150,
      },
    },
    null,
    2,
  ),
);
process.exit(0);

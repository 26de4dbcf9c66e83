// The request path at the speed of the database (issue #20): each hot call of
// lib/request-path-cases.ts on the product, started as in production (an API node without
// background workers, JSON logs to a pipe), and on a bare Fastify + node-postgres peer making the
// queries the product made before tuning, by hand; same PostgreSQL database, same data, same pool
// size. The two take turns for each call over several rounds, so a noisy moment falls on both.
// With --single-node the product is also measured as `npm start` runs it (workers in the same
// process: price feed, candles, robots, risk engine) against the API node. Prints JSON.
//   node bench/request-path.ts [--seconds 5] [--connections 20] [--rounds 3] [--users 50] [--pool 10] [--single-node] [--only <name part>] [--kind read|write] [--cpu-prof <dir>]
//   DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/postgres (a scratch database is made and dropped)
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scratchPostgres } from '../apps/server/test/helpers/test-server.ts';
import { freePort } from './lib/bench-server.ts';
import { type BenchUser, requestPathCases } from './lib/request-path-cases.ts';
import type { RequestLoad, RequestLoadSpec } from './lib/request-path-load.ts';
import type { PeerSpec } from './lib/request-path-peer.ts';
import { seedRequestPath } from './lib/request-path-seed.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const SECONDS = arg('--seconds', 5);
const CONNECTIONS = arg('--connections', 20);
const ROUNDS = arg('--rounds', 3);
const USERS = arg('--users', 50);
const POOL = arg('--pool', 10);
const WARMUP_SECONDS = 2;
// Positions for the close call: enough for every user to close one per request of every round at
// 1,500 closes a second, product and peer together.
const CLOSABLE_PER_USER = Math.ceil((2 * (ROUNDS * SECONDS + WARMUP_SECONDS) * 1500) / USERS);
// Chat senders per user: the chat call stays under the per-sender limit of 60 messages a minute.
const TALKERS_PER_USER = 10;
const SINGLE_NODE = argv.includes('--single-node');
const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1]! : '';
// Where the product nodes write a CPU profile each (on exit), to see where their time goes.
const CPU_PROF = argv.includes('--cpu-prof') ? path.resolve(argv[argv.indexOf('--cpu-prof') + 1]!) : null;
const KIND = argv.includes('--kind') ? argv[argv.indexOf('--kind') + 1]! : '';
const GOAL = { readVsPeer: 1.0, writeVsPeer: 0.9, readP99Ms: 20, singleNodeVsApiNode: 0.8 };
const repo = path.resolve(import.meta.dirname, '..');

type Server = { url: string; child: ChildProcess; close(): Promise<void> };

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The product as `npm run serve` starts it, in production mode; its log lines go to a pipe this process drains. */
async function startProduct(databaseUrl: string, workers: boolean): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-reqpath-'));
  const child = spawn(process.execPath, [...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []), 'apps/server/src/main.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DB_POOL_SIZE: String(POOL),
      RUN_WORKERS: String(workers),
      DATA_DIR: dataDir,
      PUSHER_APP_SECRET: 'bench-secret',
      PRICE_SOCKET_KEY: 'bench-price-key',
      // No feed runs on the bench (an API node without workers or Redis): prices stand still, which
      // must not count as a stalled feed, or every fill at market would be refused.
      PRICE_STALE_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.resume();
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 240) throw new Error(`product did not start: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/v1/settings`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    close: async () => {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startPeer(spec: PeerSpec): Promise<Server> {
  const child = fork(new URL('./lib/request-path-peer.ts', import.meta.url));
  child.send(spec);
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string }));
    child.once('exit', (code) => reject(new Error(`peer exited with ${code}`)));
  });
  return { url, child, close: () => stop(child) };
}

function load(spec: RequestLoadSpec): Promise<RequestLoad> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./lib/request-path-load.ts', import.meta.url), [JSON.stringify(spec)]);
    child.once('message', (figures) => resolve(figures as RequestLoad));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
  });
}

/** Rounds of one load as one: the mean rate, the median p50, the worst p99, failures summed. */
function combined(rounds: RequestLoad[]) {
  const p50s = rounds.map((l) => l.p50Ms).sort((a, b) => a - b);
  return {
    rps: Number((rounds.reduce((n, l) => n + l.rps, 0) / rounds.length).toFixed(1)),
    p50Ms: p50s[Math.floor(p50s.length / 2)]!,
    p99Ms: Math.max(...rounds.map((l) => l.p99Ms)),
    failed: rounds.reduce((n, l) => n + l.non2xx + l.errors, 0),
  };
}

const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = await scratchPostgres(base, 'bourse_bench');
const servers: Server[] = [];
try {
  const users: BenchUser[] = await seedRequestPath(scratch.url, { users: USERS, openTrades: 5, closedTrades: 40, unreadNotes: 5, closableTrades: CLOSABLE_PER_USER, talkers: TALKERS_PER_USER });
  const product = await startProduct(scratch.url, false);
  servers.push(product);
  const assetsJson = await (await fetch(`${product.url}/api/v1/assets`, { headers: { authorization: `Bearer ${users[0]!.token}` } })).text();
  const peer = await startPeer({ databaseUrl: scratch.url, poolSize: POOL, assetsJson });
  servers.push(peer);
  const singleNode = SINGLE_NODE ? await startProduct(scratch.url, true) : null;
  if (singleNode) servers.push(singleNode);
  const contenders = { product, peer, ...(singleNode && { singleNode }) };

  const cases = requestPathCases.filter((c) => c.name.includes(ONLY) && (!KIND || c.kind === KIND));
  const figures = new Map<string, Record<string, RequestLoad[]>>(cases.map((c) => [c.name, {}]));
  // A call's requests are numbered across all its loads (see RequestPathCase.product); a load's
  // last requests may be in flight when it stops, uncounted, hence the margin.
  const sent = new Map<string, number>();
  const run = async (url: string, caseName: string, seconds = SECONDS) => {
    const first = sent.get(caseName) ?? 0;
    const figures = await load({ url, caseName, users, first, seconds, connections: CONNECTIONS });
    sent.set(caseName, first + figures.requests + figures.errors + CONNECTIONS);
    return figures;
  };
  // Unmeasured first: each pooled connection prepares its statements and the hot code gets compiled.
  for (const c of cases) for (const s of Object.values(contenders)) await run(s.url, c.name, WARMUP_SECONDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      // Who goes first alternates between rounds.
      const order = Object.entries(contenders);
      if (round % 2) order.reverse();
      for (const [who, s] of order) (figures.get(c.name)![who] ??= []).push(await run(s.url, c.name));
    }
  }

  const results = cases.map((c) => {
    const f = figures.get(c.name)!;
    const p = combined(f.product!);
    const peerFigures = combined(f.peer!);
    const ratio = Number((p.rps / peerFigures.rps).toFixed(2));
    const single = f.singleNode ? combined(f.singleNode) : null;
    const met = c.kind === 'read' ? ratio >= GOAL.readVsPeer && p.p99Ms <= GOAL.readP99Ms : ratio >= GOAL.writeVsPeer;
    return {
      call: c.name,
      kind: c.kind,
      product: p,
      peer: peerFigures,
      ratio,
      ratioByRound: f.product!.map((l, i) => Number((l.rps / f.peer![i]!.rps).toFixed(2))),
      met,
      ...(single && { singleNode: single, singleNodeVsApiNode: Number((single.rps / p.rps).toFixed(2)) }),
    };
  });
  console.log(
    JSON.stringify(
      {
        benchmark: 'request-path',
        seconds: SECONDS,
        connections: CONNECTIONS,
        rounds: ROUNDS,
        users: USERS,
        poolSize: POOL,
        peer: 'Fastify + node-postgres, hand-written SQL: the queries the product made before tuning, one round trip each',
        goal: GOAL,
        results,
        met: results.every((r) => r.met),
      },
      null,
      2,
    ),
  );
} finally {
  for (const s of servers.reverse()) await s.close();
  await scratch.drop();
}

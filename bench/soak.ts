// Soak: one real server process under a steady mixed load for a few minutes, then it stops itself.
// 2,000 price socket clients take every coalesced batch of the whole catalogue while 500 signed-in
// customers trade (market orders, closes) and chat. Reports the server's memory slope, errors and
// p99 latencies, against the same server's idle phase (the price clients connected, nobody
// trading) measured in the same run. On PostgreSQL when DATABASE_URL is set, else the embedded one.
//   node bench/soak.ts [--minutes 3] [--users 500] [--price-clients 2000] [--think-ms 2000]. Prints JSON.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { scratchPostgres } from '../apps/server/test/helpers/test-server.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { rpc } from './lib/ipc.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback);
const MINUTES = arg('minutes', 3);
const USERS = arg('users', 500);
const PRICE_CLIENTS = arg('price-clients', 2000);
const THINK_MS = arg('think-ms', 2000);
const IDLE_MS = 30_000;
const MEMORY_EVERY_MS = 2000;
const PASSWORD = 'soak-password-1';
const log = (msg: string) => process.stderr.write(`[soak] ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pg = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL, 'bourse_soak') : null;
const server = await startBenchServer(mkdtempSync(path.join(tmpdir(), 'bourse-soak-web-')), {
  TRADE_MAX_DEVIATION_PCT: '100',
  ...(pg ? { DATABASE_URL: pg.url } : {}),
});
const port = Number(new URL(server.url).port);
// A failed run must not leave the server behind.
process.on('exit', () => {
  try {
    process.kill(server.pid, 'SIGKILL');
  } catch {
    // already gone
  }
});

// biome-ignore lint/suspicious/noExplicitAny: the load reads a field or two of whatever JSON each route answered
type Answer = { status: number; body: any };
async function call(method: string, route: string, token?: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${server.url}/api/v1${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** The newest mail to `email` in the server's mail log. */
const mailTo = (email: string) => readFileSync(path.join(server.dataDir, 'mail.log'), 'utf8').split(/^--- /m).findLast((m) => m.includes(`To: ${email}\n`)) ?? '';

/** Resident memory of the server process, in MB. */
const rssMb = () => Math.round(Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 102.4) / 10;

/** Least-squares slope of the samples, in MB per minute. */
function slope(samples: { at: number; mb: number }[]): number {
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.at, 0) / n;
  const my = samples.reduce((s, p) => s + p.mb, 0) / n;
  const num = samples.reduce((s, p) => s + (p.at - mx) * (p.mb - my), 0);
  const den = samples.reduce((s, p) => s + (p.at - mx) ** 2, 0);
  return Number(((num / den) * 60_000).toFixed(2));
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1)) : null);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

// Customers: registered, approved by the demo admin and signed in, ten at a time.
// The demo admin is seeded just after the server starts answering.
let admin = '';
for (let tries = 0; !admin; tries++) {
  const res = await call('POST', '/auth/login', undefined, { email: 'admin@bourse.local', password: 'admin-demo-pass' });
  if (res.status === 200) admin = res.body.data.token;
  else if (tries > 60) throw new Error(`the demo admin cannot sign in: ${JSON.stringify(res.body)}`);
  else await sleep(500);
}
const customers: { token: string; open: number[] }[] = [];
for (let i = 0; i < USERS; i += 10) {
  await Promise.all(
    Array.from({ length: Math.min(10, USERS - i) }, async (_, k) => {
      const email = `soak.${i + k}.${Date.now()}@example.com`;
      // Through the real sign-up: the code mailed to the address, read from the mail log.
      await call('POST', '/auth/email-code', undefined, { email });
      const code = /^Subject: .*\b(\d{6})\u2069?$/m.exec(mailTo(email))?.[1];
      const proof = await call('POST', '/auth/verify-email', undefined, { email, code });
      const reg = await call('POST', '/auth/register', undefined, {
        first_name: 'Soak', last_name: 'Tester', username: `soak${i + k}`, email, phone: '+15550001111',
        country_code: '+1', country: 'united-states', nationality: 'united-states', password: PASSWORD, confirm_password: PASSWORD,
        email_token: proof.body.data.email_token,
      });
      await call('PATCH', `/admin/clients/${reg.body.data.user.id}/status`, admin, { status: 'active' });
      customers.push({ token: (await call('POST', '/auth/login', undefined, { email, password: PASSWORD })).body.data.token, open: [] });
    }),
  );
}
const btc = ((await call('GET', '/assets', customers[0]!.token)).body.data as { id: number; symbol: string; name: string; buy_price: number }[]).find((a) => a.symbol === 'BTCUSD')!;
log(`${customers.length} customers signed in`);

const priceProc = fork(new URL('./lib/price-fanout-clients.ts', import.meta.url), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
await new Promise((r) => priceProc.once('message', r));
const prices = rpc(priceProc);
await prices('connect', { port, key: 'bourse-dev-price-key', clients: PRICE_CLIENTS, sampleEvery: 20, clockOffsetMs: 0, concurrency: 100 });
await prices('subscribe', 'batch');
log(`${PRICE_CLIENTS} price clients subscribed; idle for ${IDLE_MS / 1000} s`);

const memory: { at: number; mb: number; phase: 'idle' | 'load' }[] = [];
const started = Date.now();
let loadStarted = false;
const sampler = setInterval(() => memory.push({ at: Date.now() - started, mb: rssMb(), phase: loadStarted ? 'load' : 'idle' }), MEMORY_EVERY_MS);
await sleep(IDLE_MS);
await prices('reset');

// The load: each customer acts every THINK_MS on average: an order, a close of its oldest position
// once it holds three, or a chat message.
loadStarted = true;
const latency: Record<string, number[]> = { order: [], close: [], chat: [] };
const statuses: Record<string, number> = {};
const deadline = Date.now() + MINUTES * 60_000;
async function act(c: (typeof customers)[number], n: number) {
  const kind = c.open.length >= 3 ? 'close' : n % 3 === 2 ? 'chat' : 'order';
  const t0 = performance.now();
  let res: Answer;
  try {
    if (kind === 'order') {
      res = await call('POST', '/trades/store', c.token, { type: n % 2 ? 'sell' : 'buy', volume: 0.01, opening_price: btc.buy_price, id: btc.id, asset_symbol: btc.symbol, asset_name: btc.name });
      if (res.status === 201) c.open.push(res.body.data.id);
    } else if (kind === 'close') {
      res = await call('POST', `/trade/${c.open[0]}/close`, c.token, {});
      if (res.status === 200) c.open.shift();
    } else {
      res = await call('POST', '/chat/messages', c.token, { message: `Soak message ${n}` });
    }
  } catch {
    res = { status: 0, body: null };
  }
  latency[kind]!.push(performance.now() - t0);
  const key = `${kind} ${res.status || 'network error'}`;
  statuses[key] = (statuses[key] ?? 0) + 1;
}
await Promise.all(
  customers.map(async (c, i) => {
    await sleep((i / customers.length) * THINK_MS);
    for (let n = 0; Date.now() < deadline; n++) {
      await act(c, n);
      await sleep(THINK_MS * (0.5 + Math.random()));
    }
  }),
);
clearInterval(sampler);
const priceReport = (await prices('report')) as { frames: number; latencies: number[] };
await prices('close');
priceProc.kill();
await server.close();
await pg?.drop();

const loadMemory = memory.filter((m) => m.phase === 'load');
// The first fifth of the load is warm-up (pools, caches, JIT); the slope is taken over the rest.
const steady = loadMemory.slice(Math.floor(loadMemory.length / 5));
const idleSlope = slope(memory.filter((m) => m.phase === 'idle'));
const loadSlope = slope(steady);
const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
const errors = Object.entries(statuses).filter(([k]) => /\s(5\d\d|network error)$/.test(k)).reduce((a, [, v]) => a + v, 0);
console.log(
  JSON.stringify(
    {
      bench: 'soak',
      machine: { cpus: cpus().length, loadavg: loadavg().map((l) => Number(l.toFixed(2))) },
      database: pg ? 'postgres' : 'pglite',
      minutes: MINUTES,
      users: customers.length,
      price_clients: PRICE_CLIENTS,
      requests,
      requests_per_s: Number((requests / (MINUTES * 60)).toFixed(1)),
      error_responses: errors,
      answers: statuses,
      latency_ms: Object.fromEntries(Object.entries(latency).map(([k, v]) => [k, percentiles(v)])),
      price_frames_per_client: Math.round(priceReport.frames / PRICE_CLIENTS),
      price_tick_to_client_ms: percentiles(priceReport.latencies),
      server_rss_mb: { idle_start: memory[0]?.mb, load_start: loadMemory[0]?.mb, end: memory.at(-1)?.mb, max: Math.max(...memory.map((m) => m.mb)) },
      // The peer: the same process's slope while idle with the price clients connected (it includes
      // their connection's settling, so it is an upper bound for a server doing nothing new).
      rss_slope_mb_per_min: { idle_peer: idleSlope, under_load: loadSlope },
    },
    null,
    2,
  ),
);
process.exit(errors ? 1 : 0);

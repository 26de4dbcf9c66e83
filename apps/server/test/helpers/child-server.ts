import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.ts';
import { createSession } from '../../src/modules/auth/auth.repository.ts';
import { createUser } from '../../src/modules/auth/auth.service.ts';
import { tradingRuntime } from '../../src/modules/trading/trading-runtime.ts';
import { answerAppropriateness } from '../../src/modules/compliance/appropriateness.service.ts';
import { passingAnswers } from './factories.ts';
import { startServerFromSnapshot, type ApiCall } from './test-server.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** A TCP port nothing listens on now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export type ChildServer = { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }> };

/**
 * The real server (`main.ts`) in a process of its own, with `env` over this one's; its output is
 * kept. `root` is the tree it runs from: this checkout, or another release's (previous-release.ts).
 */
export function startChild(env: Record<string, string>, root = repoRoot): ChildServer {
  let output = '';
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  return { child, output: () => output, exited };
}

/** Waits until the server answers, or fails with what it printed. */
export async function waitReady(call: ApiCall, output: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await call('GET', '/settings').then((r) => r.status === 200, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Active customers with a session each, and the EUR/USD instrument, made by an in-process server on
 * the database a child server will use; it is closed before the child starts. The sessions are
 * written directly: signing fifty customers in would only spend seconds on password hashing.
 */
export async function prepareCustomers(config: Config, count: number, prefix: string) {
  const server = await startServerFromSnapshot(config);
  try {
    const customers: { id: number; token: string }[] = [];
    for (let i = 0; i < count; i++) {
      const email = `${prefix}.${i}.${Date.now()}@example.com`;
      const user = await createUser(server.ctx, { email, passwordHash: 'x', firstName: 'Test', lastName: 'Client', username: `${prefix}${i}`, role: 'customer', status: 'active' });
      // Their first account is live: a customer trading it has passed the appropriateness test.
      await answerAppropriateness(server.ctx.db, user.id, { answers: passingAnswers() });
      customers.push({ id: user.id, token: await createSession(server.ctx.db, user.id, 24) });
    }
    const eurusd = await tradingRuntime(server.ctx).catalog.pair('EUR', 'USD');
    if (!eurusd) throw new Error('EUR/USD is not in the catalogue');
    return { customers, asset: { id: eurusd.id, symbol: eurusd.symbol, name: eurusd.name } };
  } finally {
    await server.close();
  }
}

/**
 * The environment of a child server on `dataDir` (or the PostgreSQL `databaseUrl`), and the config
 * of an in-process server on the same database. Orders fill at whatever the simulator quotes: the
 * tests that use it are about processes, not price checks.
 */
export function childServerSetup(dataDir: string, databaseUrl: string | null) {
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SEED_DEMO_USERS: 'false',
    AUTH_RATE_LIMIT: '100000',
    TRADE_MAX_DEVIATION_PCT: '100',
    // These tests are about processes: EUR/USD must trade on a Friday night or a Sunday too.
    MARKET_ALWAYS_OPEN: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const config: Config = { ...loadConfig({ ...env, NODE_ENV: 'test' }), port: 0, databaseUrl };
  return { env, config };
}

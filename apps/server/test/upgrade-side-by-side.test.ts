// An upgrade without downtime: the previous release's node serves a customer on a PostgreSQL
// database; this build's node starts on the same database and applies the migrations the previous
// one does not know while the old one keeps answering, orders included; both then serve the same
// customer on the same session, and the old one stops, handing the worker lease to the new one.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationNames } from '../src/db/migrate.ts';
import { demoUsers } from '../src/seed/demo-users.ts';
import { childServerSetup, freePort, startChild, waitReady, type ChildServer } from './helpers/child-server.ts';
import { admin, untilUnused } from './helpers/postgres-admin.ts';
import { checkOutRelease, migrationsAt, previousReleaseRef, previousReleaseUnavailable } from './helpers/previous-release.ts';
import { apiCall, type ApiCall } from './helpers/test-server.ts';

const pgBase = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const unavailable = pgBase ? previousReleaseUnavailable() : 'no PostgreSQL';
if (pgBase && unavailable) console.warn(`upgrade test skipped: ${unavailable}`);

const workDir = mkdtempSync(path.join(tmpdir(), 'bourse-upgrade-'));
const cleanups: (() => Promise<unknown> | unknown)[] = [() => rmSync(workDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Node = { name: string; url: string; call: ApiCall; server: ChildServer };
type Traffic = { served: number; failures: string[]; stop(): Promise<void> };

const readiness = async (node: Node) => {
  const res = await fetch(`${node.url}/readyz`).catch(() => null);
  return res ? ((await res.json()) as { status: string; worker?: { lease: string } }) : null;
};

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number, seen: () => string[] = () => []): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error([`timed out waiting for ${what}`, ...seen().slice(0, 5)].join('\n'));
    await pause(100);
  }
}

/**
 * A customer trading on `node` without pause: open a small BTC/USD position, list the open
 * positions, close it. Every answer that is not a success is kept with what was asked.
 */
function trade(node: Node, token: string, asset: { id: number; price: number }): Traffic {
  const traffic: Traffic = { served: 0, failures: [], stop: async () => {} };
  let running = true;
  const record = (what: string, res: { status: number; body: unknown }, expected: number) => {
    if (res.status === expected) traffic.served++;
    else traffic.failures.push(`${node.name} ${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.status === expected;
  };
  const roundTrip = async () => {
    const order = { type: 'buy', volume: 0.01, opening_price: asset.price, id: asset.id };
    const placed = await node.call('POST', '/trades/store', { token, body: order });
    if (!record('open', placed, 201)) return false;
    record('list', await node.call('GET', '/open/trades', { token }), 200);
    return record('close', await node.call('POST', `/trade/${placed.body.data.id}/close`, { token }), 200);
  };
  const loop = (async () => {
    while (running) {
      const ok = await roundTrip().catch((error: Error) => {
        traffic.failures.push(`${node.name}: ${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`);
        return false;
      });
      if (!ok) await pause(100);
    }
  })();
  traffic.stop = async () => {
    running = false;
    await loop;
  };
  cleanups.push(() => traffic.stop());
  return traffic;
}

describe.skipIf(unavailable)('an upgrade with the previous release still serving', () => {
  it('runs both releases on one database through the migration, neither failing a request', { timeout: 300_000 }, async () => {
    const ref = previousReleaseRef();
    const before = migrationsAt(ref);
    const added = migrationNames().filter((name) => !before.includes(name));
    expect(added.length, `no migration between ${ref} and this build`).toBeGreaterThan(0);

    // An empty database, as the previous release was first installed on.
    const name = `bourse_upgrade_${randomBytes(5).toString('hex')}`;
    await admin(pgBase!, (c) => c.query(`CREATE DATABASE ${name}`));
    cleanups.push(() =>
      admin(pgBase!, async (c) => {
        await untilUnused(c, name);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
    );
    const databaseUrl = Object.assign(new URL(pgBase!), { pathname: `/${name}` }).toString();
    const tag = randomBytes(4).toString('hex');
    const { env: base } = childServerSetup(workDir, databaseUrl);
    const env = {
      ...base,
      REDIS_URL: redisUrl,
      SEED_DEMO_USERS: 'true',
      PUSHER_APP_SECRET: randomBytes(16).toString('hex'),
      PRICE_SOCKET_KEY: `upgrade-${tag}`,
      REALTIME_REDIS_PREFIX: `bourse-upgrade-${tag}:`,
      PRICE_SOCKET_STREAM: `bourse-upgrade-${tag}`,
    };
    const start = async (nodeName: string, root?: string): Promise<Node> => {
      const port = await freePort();
      const dataDir = path.join(workDir, nodeName);
      mkdirSync(dataDir, { recursive: true });
      const server = startChild({ ...env, DATA_DIR: dataDir, PORT: String(port), RUN_WORKERS: 'true' }, root);
      cleanups.push(() => void (server.child.exitCode === null && server.child.kill('SIGKILL')));
      const url = `http://127.0.0.1:${port}`;
      return { name: nodeName, url, call: apiCall(url), server };
    };

    const old = await start('previous', checkOutRelease(ref, path.join(workDir, 'release')));
    await waitReady(old.call, old.server.output);
    await until('the previous release holding the lease with fresh prices', async () => (await readiness(old))?.status === 'ready', 60_000);

    const demo = demoUsers.find((u) => u.role === 'customer')!;
    // The demo users are made just after the node starts listening.
    const login = await until('the demo customer signed in', async () => {
      const res = await old.call('POST', '/auth/login', { body: { email: demo.email, password: demo.password } });
      return res.status === 200 && res;
    }, 30_000);
    const token = login.body.data.token as string;
    const assets = (await old.call('GET', '/assets', { token })).body.data as { id: number; symbol: string; buy_price: number }[];
    const btc = assets.find((a) => a.symbol === 'BTCUSD')!;
    const asset = { id: btc.id, price: btc.buy_price };

    // The customer trades on the previous release while this build starts and migrates.
    const onOld = trade(old, token, asset);
    await until('a first round trip on the previous release', async () => onOld.served >= 3, 30_000, () => onOld.failures);
    const servedBefore = onOld.served;
    const startedAt = performance.now();
    const next = await start('next');
    await waitReady(next.call, next.server.output);
    const startMs = performance.now() - startedAt;
    const servedDuring = onOld.served - servedBefore;
    expect(await until('this build ready', async () => (await readiness(next))?.status === 'ready', 30_000)).toBe(true);
    expect((await readiness(next))?.worker?.lease).toBe('standby');

    // Both serve the same customer on the same session; each sees the other's trades.
    const onNext = trade(next, token, asset);
    await until('round trips on both releases', async () => onNext.served >= 9, 30_000, () => [...onOld.failures, ...onNext.failures]);
    await onNext.stop();
    const placedOnNext = await next.call('POST', '/trades/store', { token, body: { type: 'buy', volume: 0.02, opening_price: asset.price, id: asset.id } });
    expect(placedOnNext.status, JSON.stringify(placedOnNext.body)).toBe(201);
    const seenOnOld = await old.call('GET', '/open/trades', { token });
    expect(seenOnOld.body.data.map((t: { id: number }) => t.id)).toContain(placedOnNext.body.data.id);
    expect((await old.call('POST', `/trade/${placedOnNext.body.data.id}/close`, { token })).status).toBe(200);
    await onOld.stop();

    // The previous release leaves as a rollout stops it; this build takes over its singletons.
    const stoppedAt = performance.now();
    old.server.child.kill('SIGTERM');
    await old.server.exited;
    await until('this build holding the worker lease', async () => (await readiness(next))?.worker?.lease === 'held', 15_000);
    const takeoverMs = performance.now() - stoppedAt;
    const afterward = trade(next, token, asset);
    await until('round trips after the previous release left', async () => afterward.served >= 3, 30_000, () => afterward.failures);
    await afterward.stop();

    console.log(JSON.stringify({ upgrade: { from: ref.slice(0, 12), migrations: added, startMs: Math.round(startMs), servedDuringStart: servedDuring, takeoverMs: Math.round(takeoverMs) } }));
    expect([...onOld.failures, ...onNext.failures, ...afterward.failures]).toEqual([]);
    expect(servedDuring, 'the previous release answered while this build migrated').toBeGreaterThan(0);
  });
});

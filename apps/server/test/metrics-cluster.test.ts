// The metrics Prometheus scrapes from a deployment, each series present and moving under load: a
// worker (the price feed, risk engine and robots) and an API node on one PostgreSQL and one Redis,
// a customer trading on the API node with a take-profit and a stop-loss resting, listening to
// prices and their private channel, with Auto Trader on.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { channels } from '@bourse/contract';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { childServerSetup, freePort, prepareCustomers, startChild, waitReady } from './helpers/child-server.ts';
import { PusherSocket } from './helpers/pusher-socket.ts';
import { apiCall, type ApiCall, scratchPostgres } from './helpers/test-server.ts';

const pgBase = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOKEN = 'cluster-metrics-token';
const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-metrics-'));
const cleanups: (() => Promise<unknown> | unknown)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

type Node = { url: string; call: ApiCall };
type Series = Map<string, number>;

/** Every sample of a node's exposition, by its series (name and labels as printed). */
async function scrape(node: Node): Promise<Series> {
  const res = await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const series: Series = new Map();
  for (const line of (await res.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

/** The names whose value did not grow from `before` to `after` (absent counts as not grown). */
const stillOrAbsent = (before: Series, after: Series, names: string[]) => names.filter((name) => !((after.get(name) ?? 0) > (before.get(name) ?? 0)));
const absent = (series: Series, names: string[]) => names.filter((name) => !series.has(name));

describe.skipIf(!pgBase)('metrics of a deployment under load', () => {
  it('has every named series on the node that does the work, moving while customers trade', { timeout: 240_000 }, async () => {
    const database = await scratchPostgres(pgBase!, 'bourse_metrics');
    cleanups.push(() => database.drop());
    const tag = randomBytes(4).toString('hex');
    const setup = childServerSetup(dataDir, database.url);
    const env = {
      ...setup.env,
      REDIS_URL: redisUrl,
      METRICS_TOKEN: TOKEN,
      PUSHER_APP_SECRET: randomBytes(16).toString('hex'),
      PRICE_SOCKET_KEY: `metrics-${tag}`,
      REALTIME_REDIS_PREFIX: `bourse-metrics-${tag}:`,
      PRICE_SOCKET_STREAM: `bourse-metrics-${tag}`,
      ROBOT_PASS_MS: '1000',
    };
    const { customers, asset } = await prepareCustomers(setup.config, 1, 'metrics');
    const customer = customers[0]!;
    await (async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('UPDATE users SET autotrader = true WHERE id = $1', [customer.id]);
      await client.end();
    })();

    const start = async (runWorkers: boolean): Promise<Node> => {
      const port = await freePort();
      const server = startChild({ ...env, PORT: String(port), RUN_WORKERS: String(runWorkers) });
      cleanups.push(() => void (server.child.exitCode === null && server.child.kill('SIGKILL')));
      const url = `http://127.0.0.1:${port}`;
      const call = apiCall(url);
      await waitReady(call, server.output);
      return { url, call };
    };
    const [worker, api] = await Promise.all([start(true), start(false)]);

    // A price client taking batches and the customer's private channel, both on the API node.
    const prices: Socket = io(api.url, { path: '/socket.io', transports: ['websocket'], auth: { key: env.PRICE_SOCKET_KEY } });
    cleanups.push(() => void prices.disconnect());
    const batch = new Promise((resolve) => prices.once('data:batch', resolve));
    prices.once('connect', () => prices.emit('subscribe:all', { batch: true }));
    await batch;
    const privateSocket = await PusherSocket.open(api);
    cleanups.push(() => privateSocket.close());
    await privateSocket.subscribe(api, customer.token, `private-${channels.trade(customer.id)}`);

    const [workerBefore, apiBefore] = await Promise.all([scrape(worker), scrape(api)]);
    const ask = ((await api.call('GET', '/assets', { token: customer.token })).body.data as { id: number; buy_price: number }[]).find((a) => a.id === asset.id)!.buy_price;
    for (let i = 0; i < 5; i++) {
      const order = { type: 'buy', volume: 0.01, opening_price: ask, id: asset.id, take_profit: +(ask * 1.05).toFixed(5), stop_loss: +(ask * 0.95).toFixed(5) };
      const placed = await api.call('POST', '/trades/store', { token: customer.token, body: order });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
    await privateSocket.next((f) => f.channel === `private-${channels.trade(customer.id)}`, 10_000);
    // A robots pass, ledger and price batches in between.
    await new Promise((r) => setTimeout(r, 2500));
    const [workerAfter, apiAfter] = await Promise.all([scrape(worker), scrape(api)]);

    // The API node: requests, the database, Redis, prices from the worker and out to clients, private frames.
    expect(
      stillOrAbsent(apiBefore, apiAfter, [
        'bourse_http_requests_total{route="/api/v1/trades/store",method="POST",status="201"}',
        'bourse_http_request_duration_seconds_count{route="/api/v1/trades/store",method="POST"}',
        'bourse_orders_total{outcome="opened"}',
        'bourse_db_query_duration_seconds_count',
        'bourse_redis_publish_duration_seconds_count{client="events"}',
        'bourse_ticks_in_total{source="peers"}',
        'bourse_ticks_out_total{channel="batch"}',
        'bourse_fanout_frames_total{channel="prices",result="written"}',
        'bourse_fanout_frames_total{channel="private",result="written"}',
        'bourse_fanout_lag_seconds_count',
      ]),
    ).toEqual([]);
    expect(absent(apiAfter, ['bourse_db_pool_connections{state="total"}', 'bourse_nodejs_eventloop_lag_seconds', 'bourse_feed_age_seconds'])).toEqual([]);
    expect(apiAfter.get('bourse_redis_connected{client="events"}')).toBe(1);
    expect(apiAfter.get('bourse_redis_connected{client="prices"}')).toBe(1);
    expect(apiAfter.get('bourse_price_sockets')).toBe(1);
    expect(apiAfter.get('bourse_private_sockets')).toBe(1);
    // No price waits long between the worker's tick and the client's frame.
    expect(apiAfter.get('bourse_fanout_lag_seconds_bucket{le="1"}')).toBeGreaterThan(0);

    // The worker: its feed, the ticks it hands the other nodes, the triggers it watches, its jobs and robots.
    expect(
      stillOrAbsent(workerBefore, workerAfter, [
        'bourse_ticks_in_total{source="simulator"}',
        'bourse_ticks_out_total{channel="peers"}',
        'bourse_trigger_evaluations_total',
        'bourse_db_query_duration_seconds_count',
        'bourse_job_runs_total{job="robots pass",outcome="done"}',
      ]),
    ).toEqual([]);
    expect(workerAfter.get('bourse_robots_running{kind="auto_trader"}')).toBe(1);
    expect(workerAfter.get('bourse_robots_running{kind="expert_advisor"}')).toBe(0);
    expect(workerAfter.get('bourse_worker_leases_held{lease="worker"}')).toBe(1);
    expect(workerAfter.get('bourse_redis_connected{client="prices"}')).toBe(1);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Asset, backtestReportSchema, backtestSchema } from '@bourse/contract';
import type { Bar } from '@bourse/domain';
import { packBars } from '../src/modules/backtests/backtest-job.ts';
import { BacktestRunner } from '../src/modules/backtests/backtest-runner.ts';
import { insertBacktest } from '../src/modules/backtests/backtests.repository.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let btc: Asset;

const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([createTestUser(server), createTestUser(server)]);
  const assets = await server.call('GET', '/assets', { token: alice.token });
  btc = (assets.body.data as Asset[]).find((a) => a.sy === 'BTC/USD')!;
});
afterAll(() => server.close());

const request = (overrides: Record<string, unknown> = {}) => ({
  strategy: 'ma_crossover',
  params: { lots: 0.1, fast: 10, slow: 40 },
  asset_id: btc.id,
  timeframe: '5m',
  from: new Date(Date.now() - 10 * DAY).toISOString(),
  to: new Date().toISOString(),
  ...overrides,
});

/** Polls a run until it finishes, collecting the progress values seen on the way. */
async function settle(token: string, id: number, seen: number[] = []) {
  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline) {
    const res = await server.call('GET', `/backtests/${id}`, { token });
    expect(res.status).toBe(200);
    seen.push(res.body.data.progress);
    if (res.body.data.status === 'done' || res.body.data.status === 'failed') return backtestSchema.parse(res.body.data);
    await sleep(25);
  }
  throw new Error('backtest did not finish');
}

describe('POST /backtests', () => {
  it('refuses anonymous callers', async () => {
    expect((await server.call('POST', '/backtests', { body: request() })).status).toBe(401);
    expect((await server.call('GET', '/backtests')).status).toBe(401);
    expect((await server.call('GET', '/backtests/1')).status).toBe(401);
  });

  it('refuses bad requests with the uniform error shape', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ params: { fast: 50, slow: 20 } }, 'params.fast'],
      [{ params: { lots: 0 } }, 'params.lots'],
      [{ strategy: 'martingale' }, 'strategy'],
      [{ strategy: undefined }, 'strategy'],
      [{ timeframe: '2m' }, 'timeframe'],
      [{ from: new Date(Date.now() - 400 * DAY).toISOString() }, 'to'],
      [{ from: 'yesterday' }, 'from'],
      [{ asset_id: 999_999 }, 'asset_id'],
    ];
    for (const [overrides, field] of cases) {
      const res = await server.call('POST', '/backtests', { token: alice.token, body: request(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(typeof res.body.message).toBe('string');
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
  });

  it('answers 404 for an advisor that is not in the catalogue', async () => {
    const res = await server.call('POST', '/backtests', { token: alice.token, body: request({ strategy: undefined, ea_id: 987_654 }) });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Expert Advisor not found');
  });
});

describe('backtests of catalogue advisors', () => {
  async function advisor(slug: string, published: boolean): Promise<number> {
    const result = await server.ctx.db.execute(sql`INSERT INTO expert_advisors
      (slug, name, description, author, image, type, strategy, default_params, features, amount, billing, rating, downloads, published)
      VALUES (${slug}, 'Trend Rider', 'Test advisor', 'Bourse', '/images/eas/test.png', 'expert_advisor', 'ma_crossover',
      ${JSON.stringify({ lots: 0.2, fast: 5, slow: 20 })}::jsonb, '[]'::jsonb, 0, 'one_time', 4.5, 10, ${published}) RETURNING id`);
    return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
  }

  it("runs the advisor's strategy with its defaults under the given parameters", async () => {
    const id = await advisor(`bt-trend-${Date.now()}`, true);
    const erin = await createTestUser(server);
    const res = await server.call('POST', '/backtests', { token: erin.token, body: request({ strategy: undefined, ea_id: id, params: { lots: 0.3 } }) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ea_id: id, strategy: 'ma_crossover', params: { lots: 0.3, fast: 5, slow: 20, maType: 'ema' } });
    expect((await settle(erin.token, res.body.data.id)).status).toBe('done');
    const other = await server.call('POST', '/backtests', { token: erin.token, body: request({ strategy: 'grid', ea_id: id }) });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.errors)).toEqual(['strategy']);
  });

  it('does not run an unpublished advisor', async () => {
    const id = await advisor(`bt-hidden-${Date.now()}`, false);
    const res = await server.call('POST', '/backtests', { token: alice.token, body: request({ strategy: undefined, ea_id: id }) });
    expect(res.status).toBe(404);
  });
});

describe('a backtest run', () => {
  let id: number;

  it('is queued, runs in a worker and finishes with a report', async () => {
    const res = await server.call('POST', '/backtests', { token: alice.token, body: request() });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ strategy: 'ma_crossover', params: { lots: 0.1, fast: 10, slow: 40, maType: 'ema' }, report: null });
    id = res.body.data.id;
    const run = await settle(alice.token, id);
    expect(run.error).toBeNull();
    expect(run).toMatchObject({ status: 'done', progress: 100 });
    const report = backtestReportSchema.parse(run.report);
    expect(report.bars).toBeGreaterThan(2000);
    expect(report.trade_count).toBe(report.trades.length);
    expect(report.trade_count).toBeGreaterThan(5);
    const sum = report.trades.reduce((a, t) => a + t.pnl, 0);
    expect(report.net_profit).toBeCloseTo(sum, 2);
    expect(report.final_equity).toBeCloseTo(10_000 + sum, 2);
    expect(report.gross_profit - report.gross_loss).toBeCloseTo(report.net_profit, 2);
    expect(report.equity.length).toBeLessThanOrEqual(2001);
  });

  it('runs a year of 1-minute bars', async () => {
    const dave = await createTestUser(server);
    const body = request({ timeframe: '1m', from: new Date(Date.now() - 365 * DAY).toISOString(), params: { lots: 0.01, fast: 20, slow: 80 } });
    const res = await server.call('POST', '/backtests', { token: dave.token, body });
    expect(res.status).toBe(201);
    const run = await settle(dave.token, res.body.data.id);
    expect(run.error).toBeNull();
    expect(run.report!.bars).toBeGreaterThan(525_000);
    // How fast is for bench/backtest to say (beside its peer); a shared CI machine only proves it finishes.
  }, 120_000);

  it('is visible to its owner only', async () => {
    expect((await server.call('GET', `/backtests/${id}`, { token: bob.token })).status).toBe(404);
    const mine = await server.call('GET', '/backtests', { token: alice.token });
    expect(mine.body.data.map((b: { id: number }) => b.id)).toContain(id);
    expect(mine.body.data[0]).not.toHaveProperty('report');
    const theirs = await server.call('GET', '/backtests', { token: bob.token });
    expect(theirs.body.data).toEqual([]);
  });

  it('allows one unfinished run per customer', async () => {
    const row = await insertBacktest(server.ctx.db, { userId: bob.id, strategy: 'grid', assetId: btc.id, timeframe: '1h', fromTime: new Date(Date.now() - DAY), toTime: new Date(), status: 'running' });
    const res = await server.call('POST', '/backtests', { token: bob.token, body: request() });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already running/);
    expect((await server.call('GET', `/backtests/${row.id}`, { token: bob.token })).body.data.status).toBe('running');
  });
});

describe('the worker runner', () => {
  const bars: Bar[] = [];
  for (let i = 0; i < 1_200_000; i++) {
    const c = 100 + 10 * Math.sin(i / 5000) + Math.sin(i / 7);
    bars.push({ time: 1_600_000_000 + i * 60, open: c, high: c + 0.2, low: c - 0.2, close: c, volume: 1 });
  }
  const terms = { buySpread: 0.0001, sellSpread: 0.0001, contractSize: 1, leverage: 10, initialBalance: 10_000, conversion: 1 };
  const newRow = () =>
    insertBacktest(server.ctx.db, { userId: alice.id, strategy: 'ma_crossover', assetId: btc.id, timeframe: '1m', fromTime: new Date(0), toTime: new Date(), status: 'queued' });

  it('writes progress to the row while a long run goes on', async () => {
    const row = await newRow();
    const runner = new BacktestRunner(server.ctx, async () => ({ strategy: 'ma_crossover', params: { lots: 1, fast: 50, slow: 200, maType: 'sma' }, packed: packBars(bars), terms }));
    runner.enqueue(row.id);
    const seen: number[] = [];
    const run = await settle(alice.token, row.id, seen);
    expect(run.status).toBe('done');
    expect(seen.some((p) => p > 0 && p < 100), `progress seen: ${seen.join(',')}`).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('marks the row failed with a clear message when the worker fails', async () => {
    const row = await newRow();
    const runner = new BacktestRunner(server.ctx, async () => ({ strategy: 'martingale' as 'grid', params: {}, packed: packBars(bars.slice(0, 10)), terms }));
    runner.enqueue(row.id);
    const run = await settle(alice.token, row.id);
    expect(run).toMatchObject({ status: 'failed', error: 'The backtest failed: Unknown strategy: martingale' });
  });

  it('marks the row failed when there is no history to run on', async () => {
    const carol = await createTestUser(server);
    const res = await server.call('POST', '/backtests', { token: carol.token, body: request({ from: '2001-01-01', to: '2001-02-01' }) });
    expect(res.status).toBe(201);
    const run = await settle(carol.token, res.body.data.id);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^There is no price history for BTC\/USD in this range\. History starts on \d{4}-\d{2}-\d{2}\.$/);
  });
});

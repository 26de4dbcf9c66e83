import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Candle, candlesResponse, type PriceFeedsConfig } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import { findAsset } from '../src/modules/market/asset.repository.ts';
import { rangeCandles } from '../src/modules/market/candle.repository.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import type { RunningServer } from '../src/server.ts';
import { createTestUser } from './helpers/factories.ts';
import { lastingStorage } from './helpers/lasting-storage.ts';
import { apiCall, startServerFromSnapshot, startTestServer, type TestServer } from './helpers/test-server.ts';
import { startTool, type ToolProcess } from './helpers/tool-process.ts';

// History filled in from the exchanges' REST APIs when the sources start, each exchange played by
// tools/exchange-replay in a child process (its WebSocket stream and its REST API on one port):
// BTCUSD from Binance (24 hours, two pages of 1000), ETHUSD from Coinbase (6 hours, two pages of
// 300), SOLUSD from Kraken (13 hours asked, of which Kraken keeps the last 720 minutes).
const EXCHANGES = ['binance', 'coinbase', 'kraken'] as const;
type Exchange = (typeof EXCHANGES)[number];
const PRICED: Record<Exchange, { instrument: string; symbol: string; hours: number }> = {
  binance: { instrument: 'BTCUSD', symbol: 'BTCUSDT', hours: 24 },
  coinbase: { instrument: 'ETHUSD', symbol: 'ETH-USD', hours: 6 },
  kraken: { instrument: 'SOLUSD', symbol: 'SOL/USD', hours: 13 },
};
const MIN = 60;
const HOUR = 3600;

/** Starts the replay server for one exchange. */
const startReplay = (exchange: Exchange) => startTool('exchange-replay/main.ts', ['--exchange', exchange, '--port', '0', '--rate', '20']);

/** The REST requests the replay served so far (path and query). */
const restRequests = async (replay: ToolProcess) => (await replay.command('requests')).requests as string[];

/** Bars as the replay's Binance REST API serves them, asked for directly. */
async function replayKlines(port: number, fromSec: number, toSec: number): Promise<Candle[]> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=${fromSec * 1000}&endTime=${toSec * 1000}&limit=1000`);
  const rows = (await res.json()) as [number, string, string, string, string, string][];
  return rows.map(([t, o, h, l, c, v]) => ({ time: t / 1000, open: Number(o), high: Number(h), low: Number(l), close: Number(c), volume: Number(v) }));
}

const storage = lastingStorage('feeds-backfill');
const replays = {} as Record<Exchange, ToolProcess>;
let feedsFile: string;

async function start(): Promise<RunningServer & { call: TestServer['call'] }> {
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: storage.dataDir });
  const server = await startServerFromSnapshot({ ...base, port: 0, host: '127.0.0.1', databaseUrl: storage.databaseUrl, seedDemoUsers: false, market: { ...base.market, feedsFile } });
  return { ...server, call: apiCall(server.url) };
}

beforeAll(async () => {
  await storage.open();
  const started = await Promise.all(EXCHANGES.map(startReplay));
  EXCHANGES.forEach((exchange, i) => {
    replays[exchange] = started[i]!;
  });
  const config: PriceFeedsConfig = {
    sources: EXCHANGES.map((exchange) => ({
      name: exchange,
      kind: 'exchange' as const,
      exchange,
      url: `ws://127.0.0.1:${replays[exchange].port}`,
      rest_url: `http://127.0.0.1:${replays[exchange].port}`,
      reconnect_seconds: 0.2,
      backfill_hours: PRICED[exchange].hours,
    })),
    venues: [],

    instruments: Object.fromEntries(EXCHANGES.map((exchange) => [PRICED[exchange].instrument, { sources: [{ source: exchange, symbol: PRICED[exchange].symbol }] }])),
    stallMs: 5000,
    recoverMs: 30_000,
    spikeFactor: 8,
  };
  feedsFile = path.join(storage.dataDir, 'feeds.json');
  writeFileSync(feedsFile, JSON.stringify(config));
});

afterAll(async () => {
  for (const replay of Object.values(replays)) replay.child.kill();
  await storage.close();
});

describe('history filled in from the exchanges at start', () => {
  it('stores the missing 1-minute bars and their aggregates, moves the anchor back, and fetches nothing twice', { timeout: 90_000 }, async () => {
    const first = await start();
    let recorded: Candle[];
    let anchor: number;
    let until: number;
    let lastLiveMinute: number;
    try {
      const market = marketOf(first.ctx);
      await market.backfilled;
      const user = await createTestUser(first);
      const candles = async (symbol: string, query: string) => {
        const res = await first.call('GET', `/assets/${symbol}/candles?${query}`, { token: user.token });
        expect(res.status).toBe(200);
        return candlesResponse.parse(res.body).data;
      };

      // Binance: two pages, the second ending before the minute the live ticks started in.
      const asked = await restRequests(replays.binance);
      expect(asked).toHaveLength(2);
      const pages = asked.map((p) => new URL(p, 'http://x').searchParams);
      until = (Number(pages[1]!.get('endTime')) + 1) / 1000;
      const btc = market.state.find('BTCUSD')!;
      anchor = btc.historyAnchor / 1000;
      expect(Number(pages[0]!.get('startTime')) / 1000).toBe(anchor);
      expect(until - anchor).toBe(24 * HOUR);
      // The anchor moved back to the first fetched bar, in the database too.
      expect((await findAsset(first.ctx.db, btc.id))!.historyAnchor.getTime()).toBe(anchor * 1000);

      recorded = await rangeCandles(first.ctx.db, btc.id, '1m', anchor, until - MIN);
      expect(recorded).toHaveLength(24 * 60);
      expect(recorded.every((b, k) => b.time === anchor + k * MIN)).toBe(true);

      // The chart shows the replay's bars for the last hours, not generated ones.
      const shown = await candles('BTCUSD', `tf=1m&from=${until - 3 * HOUR}&to=${until - MIN}`);
      const served = await replayKlines(replays.binance.port, until - 3 * HOUR, until - MIN);
      expect(shown).toHaveLength(180);
      expect(shown.map(({ volume, ...ohlc }) => ohlc)).toEqual(served.map(({ volume, ...ohlc }) => ohlc));
      // Volumes are shown to two decimals: half a hundredth apart at most (11.215 shows as 11.22).
      shown.forEach((b, k) => {
        expect(Math.abs(b.volume - served[k]!.volume)).toBeLessThanOrEqual(0.005 + 1e-9);
      });

      // Hourly bars are the aggregate of the minutes in them.
      const minutes = [...(await candles('BTCUSD', `tf=1m&from=${anchor}&to=${anchor + 999 * MIN}`)), ...(await candles('BTCUSD', `tf=1m&from=${anchor + 1000 * MIN}&to=${until - MIN}`))];
      expect(minutes).toHaveLength(24 * 60);
      const hours = await candles('BTCUSD', `tf=1h&from=${anchor}&to=${until}`);
      const complete = hours.filter((h) => h.time >= anchor && h.time + HOUR <= until);
      expect(complete.length).toBeGreaterThanOrEqual(23);
      for (const h of complete) {
        const inside = minutes.filter((m) => m.time >= h.time && m.time < h.time + HOUR);
        expect(inside).toHaveLength(60);
        expect(h).toMatchObject({ open: inside[0]!.open, close: inside.at(-1)!.close, high: Math.max(...inside.map((m) => m.high)), low: Math.min(...inside.map((m) => m.low)) });
        expect(h.volume).toBeCloseTo(inside.reduce((sum, m) => sum + m.volume, 0), 0);
      }
      // The hour in progress starts with the fetched minutes and goes on with the live ticks.
      const current = hours.at(-1)!;
      if (current.time < until && current.time >= anchor) {
        const fetched = minutes.filter((m) => m.time >= current.time);
        expect(current.open).toBe(fetched[0]!.open);
        expect(current.high).toBeGreaterThanOrEqual(Math.max(...fetched.map((m) => m.high)));
      }
      // The 24h figures start from the same hourly bars (unless an hour began meanwhile).
      const hourNow = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
      const day = await candles('BTCUSD', `tf=1h&from=${hourNow - 23 * HOUR}`);
      if (Math.floor(Date.now() / 1000 / HOUR) * HOUR === hourNow) expect(market.state.open24[btc.index]).toBe(day[0]!.open);

      // Coinbase: two pages of at most 300 minutes; Kraken: one request, the last 720 minutes at most.
      expect(await restRequests(replays.coinbase)).toHaveLength(2);
      const eth = market.state.find('ETHUSD')!;
      expect(await rangeCandles(first.ctx.db, eth.id, '1m', eth.historyAnchor / 1000, until - MIN)).toHaveLength(6 * 60);
      expect(await restRequests(replays.kraken)).toHaveLength(1);
      const sol = market.state.find('SOLUSD')!;
      const solBars = await rangeCandles(first.ctx.db, sol.id, '1m', sol.historyAnchor / 1000, until - MIN);
      expect(solBars.length).toBeGreaterThanOrEqual(715);
      expect(solBars.length).toBeLessThanOrEqual(720);
      expect(solBars[0]!.time).toBe(sol.historyAnchor / 1000);

      // Live ticks carry on.
      await expect.poll(() => market.state.quoted[btc.index], { timeout: 5000 }).toBe(1);
      lastLiveMinute = market.aggregator!.current(btc.index, '1m')!.time;
    } finally {
      await first.close();
    }

    const before = Object.fromEntries(await Promise.all(EXCHANGES.map(async (e) => [e, (await restRequests(replays[e])).length] as const)));
    const second = await start();
    try {
      const market = marketOf(second.ctx);
      await market.backfilled;
      const btc = market.state.find('BTCUSD')!;
      // What the first run recorded is not asked for again: at most the minutes between the two runs.
      const asked = (await restRequests(replays.binance)).slice(before.binance);
      for (const p of asked) expect(Number(new URL(p, 'http://x').searchParams.get('startTime')) / 1000).toBeGreaterThanOrEqual(lastLiveMinute + MIN);
      for (const e of ['coinbase', 'kraken'] as const) expect((await restRequests(replays[e])).length - before[e]).toBeLessThanOrEqual(1);
      expect(btc.historyAnchor).toBe(anchor * 1000);
      expect(await rangeCandles(second.ctx.db, btc.id, '1m', anchor, until - MIN)).toEqual(recorded);
    } finally {
      await second.close();
    }
  });

  it('starts and prices all the same when the exchange’s REST API cannot be reached, generated history left in place', { timeout: 90_000 }, async () => {
    const file = path.join(storage.dataDir, 'feeds-unreachable.json');
    const config: PriceFeedsConfig = {
      sources: [{ name: 'binance', kind: 'exchange', exchange: 'binance', url: `ws://127.0.0.1:${replays.binance.port}`, rest_url: 'http://127.0.0.1:1', reconnect_seconds: 0.2, backfill_hours: 24 }],
      venues: [],

      instruments: { BTCUSD: { sources: [{ source: 'binance', symbol: 'BTCUSDT' }] } },
      stallMs: 5000,
      recoverMs: 30_000,
      spikeFactor: 8,
    };
    writeFileSync(file, JSON.stringify(config));
    const started = Date.now();
    const server = await startTestServer({ market: { ...loadConfig({ NODE_ENV: 'test' }).market, feedsFile: file } });
    try {
      const market = marketOf(server.ctx);
      await market.backfilled;
      const btc = market.state.find('BTCUSD')!;
      expect(btc.historyAnchor).toBeGreaterThanOrEqual(started - 1000);
      expect(await rangeCandles(server.ctx.db, btc.id, '1m', 0, Math.floor(started / 1000) - MIN)).toEqual([]);
      await expect.poll(() => market.state.quoted[btc.index], { timeout: 5000 }).toBe(1);
    } finally {
      await server.close();
    }
  });
});

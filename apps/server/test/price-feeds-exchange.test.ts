import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceFeedsConfig } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import { ExchangeFeed } from '../src/modules/market/feeds/exchange-feed.ts';
import type { SourceStatus } from '../src/modules/market/feeds/feed-types.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { startTool, TOOLS, type ToolProcess } from './helpers/tool-process.ts';

// One server, three exchange sources, each played by tools/exchange-replay in a child process from
// its recorded frames: BTCUSD from Binance, ETHUSD from Coinbase, SOLUSD from Kraken (all crypto,
// so no market here is ever closed).
const REPLAY = path.join(TOOLS, 'exchange-replay');
const EXCHANGES = ['binance', 'coinbase', 'kraken'] as const;
type Exchange = (typeof EXCHANGES)[number];
const PRICED: Record<Exchange, { instrument: string; symbol: string }> = {
  binance: { instrument: 'BTCUSD', symbol: 'BTCUSDT' },
  coinbase: { instrument: 'ETHUSD', symbol: 'ETH-USD' },
  kraken: { instrument: 'SOLUSD', symbol: 'SOL/USD' },
};

/** Starts the replay server for one exchange. */
const startReplay = (exchange: Exchange) => startTool('exchange-replay/main.ts', ['--exchange', exchange, '--port', '0', '--rate', '40']);

/** Sends a control command to a replay server and waits for its answer. */
const control = (replay: ToolProcess, command: string) => replay.command(command) as Promise<{ done: string; connections: number }>;

/** Each symbol's best bids in the recorded frames, whatever the exchange's layout. */
function fixtureBids(exchange: Exchange, symbol: string): Set<number> {
  const bids = new Set<number>();
  for (const line of readFileSync(path.join(REPLAY, 'fixtures', `${exchange}.jsonl`), 'utf8').split('\n').filter(Boolean)) {
    const frame = JSON.parse(line);
    const entry = frame.data?.[0] ?? frame.data ?? frame;
    const [s, bid] = [entry.s ?? entry.symbol ?? entry.product_id, entry.b ?? entry.bid ?? entry.best_bid];
    if (s === symbol) bids.add(Number(bid));
  }
  return bids;
}

let dir: string;
let server: TestServer;
const replays = {} as Record<Exchange, ToolProcess>;

beforeAll(async () => {
  const started = await Promise.all(EXCHANGES.map(startReplay));
  EXCHANGES.forEach((exchange, i) => {
    replays[exchange] = started[i]!;
  });
  dir = mkdtempSync(path.join(tmpdir(), 'bourse-exchange-feeds-'));
  const config: PriceFeedsConfig = {
    // No history fill-in here (price-feeds-backfill.test.ts has it): nothing is asked of the exchanges' REST APIs.
    sources: EXCHANGES.map((exchange) => ({ name: exchange, kind: 'exchange' as const, exchange, url: `ws://127.0.0.1:${replays[exchange].port}`, reconnect_seconds: 0.2, backfill_hours: 0 })),
    venues: [],

    instruments: Object.fromEntries(EXCHANGES.map((exchange) => [PRICED[exchange].instrument, { sources: [{ source: exchange, symbol: PRICED[exchange].symbol }] }])),
    stallMs: 5000,
    recoverMs: 30_000,
    spikeFactor: 8,
  };
  const feedsFile = path.join(dir, 'feeds.json');
  writeFileSync(feedsFile, JSON.stringify(config));
  const { market } = loadConfig({ NODE_ENV: 'test' });
  server = await startTestServer({ market: { ...market, feedsFile } });
});

afterAll(async () => {
  await server?.close();
  for (const replay of Object.values(replays)) replay.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const market = () => marketOf(server.ctx);
const indexOf = (exchange: Exchange) => market().state.find(PRICED[exchange].instrument)!.index;
const healthOf = (exchange: Exchange) => market().feeds!.health().find((h) => h.source === exchange)!;
const feedOf = (exchange: Exchange) => market().feeds!.feed(exchange) as ExchangeFeed;

describe('prices from crypto exchanges', () => {
  it.each(EXCHANGES)('prices an instrument from %s at the bid and ask the exchange sent', async (exchange) => {
    const { state } = market();
    const i = indexOf(exchange);
    await expect.poll(() => state.quoted[i], { timeout: 5000 }).toBe(1);
    expect(state.rawBid[i]).toBeLessThan(state.rawAsk[i]!);
    expect(fixtureBids(exchange, PRICED[exchange].symbol).has(state.rawBid[i]!), `bid ${state.rawBid[i]}`).toBe(true);
    // No markup configured: the customer trades at the exchange's quote.
    expect(state.bid[i]).toBe(state.rawBid[i]);
    expect(state.ask[i]).toBe(state.rawAsk[i]);
    expect(healthOf(exchange)).toMatchObject({ kind: 'exchange', status: 'connected', connected: true, drops: 0, unknownSymbols: 0 });
  });

  it('drops frames it cannot read, counts them, and goes on pricing', async () => {
    for (const exchange of EXCHANGES) expect(feedOf(exchange).malformed).toBe(0);
    const answers = await Promise.all(EXCHANGES.map((exchange) => control(replays[exchange], 'garbage')));
    for (const answer of answers) expect(answer.connections).toBe(1);
    for (const exchange of EXCHANGES) {
      await expect.poll(() => feedOf(exchange).malformed, { timeout: 3000 }).toBe(2);
      const after = Date.now();
      await expect.poll(() => market().state.at[indexOf(exchange)], { timeout: 3000 }).toBeGreaterThan(after);
      expect(healthOf(exchange)).toMatchObject({ status: 'connected', reconnects: 0 });
    }
  });

  it('reconnects after the exchange drops the connection, and prices resume', async () => {
    await Promise.all(EXCHANGES.map((exchange) => control(replays[exchange], 'drop')));
    const dropped = Date.now();
    for (const exchange of EXCHANGES) {
      await expect.poll(() => healthOf(exchange).reconnects, { timeout: 5000 }).toBe(1);
      expect(healthOf(exchange).status).toBe('connected');
      await expect.poll(() => market().state.at[indexOf(exchange)], { timeout: 3000 }).toBeGreaterThan(dropped);
      expect(fixtureBids(exchange, PRICED[exchange].symbol).has(market().state.rawBid[indexOf(exchange)]!)).toBe(true);
    }
  });

  it('takes a connection that goes quiet for dead, and reconnects', async () => {
    // The idle limit is 30 s in service; a feed of its own with a short one shows the behaviour.
    const statuses: { status: SourceStatus; detail?: string }[] = [];
    let quotes = 0;
    const feed = new ExchangeFeed({ name: 'quiet', exchange: 'kraken', symbols: ['BTC/USD'], url: `ws://127.0.0.1:${replays.kraken.port}/v2`, reconnectSeconds: 0.2, idleMs: 800 });
    feed.start({ quote: () => quotes++, status: (status, detail) => statuses.push({ status, detail }) });
    try {
      await expect.poll(() => quotes, { timeout: 3000 }).toBeGreaterThan(0);
      await control(replays.kraken, 'silence');
      await expect.poll(() => statuses.find((s) => s.status === 'disconnected')?.detail, { timeout: 3000 }).toMatch(/^nothing received for \d+ s/);
      await control(replays.kraken, 'resume');
      const before = quotes;
      await expect.poll(() => quotes, { timeout: 5000 }).toBeGreaterThan(before);
      expect(statuses.at(-1)!.status).toBe('connected');
    } finally {
      await control(replays.kraken, 'resume');
      await feed.stop();
    }
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { priceFeedsResponse, priceSocket, type MarketDepth, type PriceFeedsConfig } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import type { SourceStatus } from '../src/modules/market/feeds/feed-types.ts';
import { FixFeed } from '../src/modules/market/feeds/fix-feed.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { startTool, type ToolProcess } from './helpers/tool-process.ts';

// One server with a `fix` source played by tools/fix-lp in a child process over TCP. BTCUSD is BTC/USD
// at the provider (crypto trades every day, so no market here is ever closed); ETHUSD asks for
// ETH/USD, which this provider does not quote.
const CREDENTIALS = { username: 'bourse', password: 'not-a-secret' };
const LP_ARGS = ['--port', '0', '--symbols', 'EUR/USD,BTC/USD', '--rate', '20', '--comp-id', 'LP', '--username', CREDENTIALS.username, '--password', CREDENTIALS.password];

/** Sends a control command to the simulator and waits for its answer. */
const control = (command: string) => lp.command(command) as Promise<{ done: string; sessions: number }>;

const logonsOf = (compId: string) =>
  lp.events.flatMap((e) => (e.logon && (e.logon as { comp_id: string }).comp_id === compId ? [e.logon as { seq: number; reset: boolean }] : []));

let dir: string;
let lp: ToolProcess;
let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  lp = await startTool('fix-lp/main.ts', LP_ARGS);
  dir = mkdtempSync(path.join(tmpdir(), 'bourse-fix-feeds-'));
  const config: PriceFeedsConfig = {
    sources: [
      {
        name: 'lp',
        kind: 'fix',
        host: '127.0.0.1',
        port: lp.port,
        sender_comp_id: 'BOURSE',
        target_comp_id: 'LP',
        ...CREDENTIALS,
        heartbeat_seconds: 30,
        depth: 3,
        reconnect_seconds: 0.2,
      },
    ],
    venues: [],

    instruments: {
      BTCUSD: { sources: [{ source: 'lp', symbol: 'BTC/USD' }] },
      ETHUSD: { sources: [{ source: 'lp', symbol: 'ETH/USD' }] },
    },
    stallMs: 5000,
    recoverMs: 30_000,
    spikeFactor: 8,
  };
  const feedsFile = path.join(dir, 'feeds.json');
  writeFileSync(feedsFile, JSON.stringify(config));
  const { market } = loadConfig({ NODE_ENV: 'test' });
  server = await startTestServer({ market: { ...market, feedsFile } });
  admin = await createTestUser(server, { role: 'admin' });
});

afterAll(async () => {
  await server?.close();
  lp?.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const market = () => marketOf(server.ctx);
const btc = () => market().state.find('BTCUSD')!.index;
const eth = () => market().state.find('ETHUSD')!.index;
const feed = () => market().feeds!.feed('lp') as FixFeed;
const health = () => market().feeds!.health().find((h) => h.source === 'lp')!;

/** Waits for BTCUSD to take a quote after now. */
async function freshQuote() {
  const after = Date.now();
  await expect.poll(() => market().state.at[btc()], { timeout: 5000 }).toBeGreaterThan(after);
}

describe('prices from a FIX liquidity provider', () => {
  it('logs on with the credentials and prices BTCUSD from the best of the book', async () => {
    const { state } = market();
    await expect.poll(() => state.quoted[btc()], { timeout: 10_000 }).toBe(1);
    const bid = state.rawBid[btc()]!;
    const ask = state.rawAsk[btc()]!;
    expect(bid).toBeGreaterThan(60_000);
    expect(ask).toBeLessThan(70_000);
    expect(ask - bid).toBeGreaterThan(0);
    expect(ask - bid).toBeLessThan(10);
    // No markup configured: the customer trades at the provider's quote.
    expect(state.bid[btc()]).toBe(bid);
    expect(state.ask[btc()]).toBe(ask);
    expect(logonsOf('BOURSE')[0]).toMatchObject({ seq: 1 });
    expect(health()).toMatchObject({ kind: 'fix', status: 'connected', connected: true, drops: 0 });

    // Three levels a side were asked for, best first, around the quote.
    const depth = feed().depth('BTC/USD')!;
    expect(depth.bids).toHaveLength(3);
    expect(depth.asks).toHaveLength(3);
    expect(depth.bids.map((l) => l.price)).toEqual([...depth.bids.map((l) => l.price)].sort((a, b) => b - a));
    expect(depth.asks.map((l) => l.price)).toEqual([...depth.asks.map((l) => l.price)].sort((a, b) => a - b));
    expect(depth.bids[0]!.price).toBeLessThan(depth.asks[0]!.price);
  });

  it('streams the book to a price socket client that asks for it, and stops when it unsubscribes', async () => {
    const id = market().state.instruments[btc()]!.id;
    const socket = io(server.url, { path: priceSocket.path, transports: ['websocket'], auth: { key: server.ctx.config.priceSocketKey } });
    try {
      const books: MarketDepth[] = [];
      socket.on(priceSocket.events.depth, (book) => books.push(book));
      socket.on('connect', () => socket.emit(priceSocket.events.subscribeDepth, { id }));
      // The LP moves its book 20 times a second: several changes within a second.
      await expect.poll(() => books.length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
      const book = books.at(-1)!;
      expect(book.id).toBe(id);
      expect(book.bids).toHaveLength(3);
      expect(book.asks).toHaveLength(3);
      expect(book.bids.map(([p]) => p)).toEqual([...book.bids.map(([p]) => p)].sort((a, b) => b - a));
      expect(book.bids[0]![0]).toBeLessThan(book.asks[0]![0]);
      for (const [, size] of [...book.bids, ...book.asks]) expect(size).toBeGreaterThan(0);

      socket.emit(priceSocket.events.unsubscribeDepth);
      await new Promise((r) => setTimeout(r, 300));
      const seen = books.length;
      await new Promise((r) => setTimeout(r, 1000));
      expect(books.length).toBe(seen);
      // An instrument without a book (the simulator's) sends nothing; a bad request is ignored.
      socket.emit(priceSocket.events.subscribeDepth, { id: market().state.find('EURUSD')!.id });
      socket.emit(priceSocket.events.subscribeDepth, { id: 'x' } as never);
      await new Promise((r) => setTimeout(r, 600));
      expect(books.length).toBe(seen);
    } finally {
      socket.disconnect();
    }
  });

  it('counts a symbol the provider refuses, shows it to the back office, and prices the rest', async () => {
    await expect.poll(() => feed().rejected.get('ETH/USD'), { timeout: 5000 }).toMatch(/unknown symbol/);
    expect(market().state.quoted[eth()]).toBe(0);
    const res = await server.call('GET', '/admin/price-feeds', { token: admin.token });
    const view = priceFeedsResponse.parse(res.body).data;
    expect(view.sources[0]).toMatchObject({ source: 'lp', kind: 'fix', status: 'connected' });
    expect(view.sources[0]!.detail).toContain('refused: ETH/USD (unknown symbol');
    await freshQuote();
  });

  it('drops a message with a bad checksum and goes on', async () => {
    expect(feed().malformed).toBe(0);
    expect((await control('garble')).sessions).toBe(1);
    await expect.poll(() => feed().malformed, { timeout: 3000 }).toBe(1);
    // The spoilt message added a bid at half the price; it must not be in the book.
    await freshQuote();
    expect(feed().depth('BTC/USD')!.bids.every((l) => l.price > 60_000)).toBe(true);
    expect(health()).toMatchObject({ status: 'connected', reconnects: 0 });
    // The detail changes at most once a second, and the refusal above changed it just now.
    await expect.poll(() => health().detail, { timeout: 3000 }).toContain('1 malformed dropped');
  });

  it('fills a gap in the provider’s sequence numbers without reconnecting', async () => {
    expect((await control('gap 4')).sessions).toBe(1);
    await freshQuote();
    await freshQuote();
    expect(health()).toMatchObject({ status: 'connected', reconnects: 0 });
    expect(feed().logons).toBe(1);
  });

  it('reconnects after the provider drops the connection, going on with its sequence numbers', async () => {
    const before = logonsOf('BOURSE').length;
    expect((await control('drop')).sessions).toBe(1);
    await expect.poll(() => health().reconnects, { timeout: 5000 }).toBe(1);
    await freshQuote();
    expect(feed().logons).toBe(2);
    const again = logonsOf('BOURSE')[before]!;
    // Neither side started over: the Logon went on from the stored number, past the first session's messages.
    expect(again.reset).toBe(false);
    expect(again.seq).toBeGreaterThan(2);
    const stored = readFileSync(path.join(server.ctx.config.dataDir, 'fix', 'lp', 'FIX.4.4-BOURSE-LP.seqnums'), 'utf8');
    const [nextOut, nextIn] = stored.split(':').map((n) => Number(n.trim()));
    expect(nextOut).toBeGreaterThan(again.seq);
    expect(nextIn).toBeGreaterThan(1);
  });

  it('reconnects after bytes that are not FIX at all, without harm to the server', async () => {
    expect((await control('junk')).sessions).toBe(1);
    await expect.poll(() => health().reconnects, { timeout: 5000 }).toBe(2);
    await freshQuote();
    expect(feed().logons).toBe(3);
    expect(logonsOf('BOURSE').at(-1)!.reset).toBe(false);
    expect((await server.call('GET', '/assets', { token: admin.token })).status).toBe(200);
  });

  it('tells a refused logon from a lost connection', async () => {
    const statuses: { status: SourceStatus; detail?: string }[] = [];
    const intruder = new FixFeed({
      name: 'intruder',
      host: '127.0.0.1',
      port: lp.port,
      senderCompId: 'INTRUDER',
      targetCompId: 'LP',
      username: CREDENTIALS.username,
      password: 'guess',
      symbols: ['BTC/USD'],
      storeDir: path.join(dir, 'intruder'),
      reconnectSeconds: 5,
    });
    intruder.start({ quote: () => {}, status: (status, detail) => statuses.push({ status, detail }) });
    await expect.poll(() => statuses.find((s) => s.status === 'disconnected'), { timeout: 5000 }).toBeTruthy();
    await intruder.stop();
    expect(statuses.some((s) => s.status === 'connected')).toBe(false);
    expect(statuses.find((s) => s.status === 'disconnected')!.detail).toBe(`127.0.0.1:${lp.port}: logon refused: logon rejected by application; retrying in 5 s`);
    expect(lp.events).toContainEqual({ logon_refused: { comp_id: 'INTRUDER', user: CREDENTIALS.username } });
    // The server's own session is untouched.
    await freshQuote();
  });
});

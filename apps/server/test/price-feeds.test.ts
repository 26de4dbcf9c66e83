import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { priceFeedsResponse, type PackedPriceUpdate, type PriceBatch, type PriceFeedsConfig } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// BTCUSD trades every day, so no test here meets a closed market. The primary's file is played
// once (about 1.5 s) and then ends; the backup loops at a level 1,000 dollars higher, so where a
// price came from is plain to see.
const PRIMARY_TICKS = 30;
const TICK_GAP_MS = 50;
const MARKUP_POINTS = 50; // 0.50 with BTCUSD's two digits

let dir: string;
let configFile: string;
let server: TestServer;
let customer: TestUser;
let admin: TestUser;
const sockets: Socket[] = [];

function tickFile(name: string, level: number, count: number): string {
  const start = Date.parse('2026-11-02T10:00:00Z');
  const lines = ['time,bid,ask'];
  for (let i = 0; i < count; i++) {
    const bid = level + (i % 7) * 0.5;
    lines.push(`${new Date(start + i * TICK_GAP_MS).toISOString()},${bid.toFixed(2)},${(bid + 1).toFixed(2)}`);
  }
  const file = path.join(dir, name);
  writeFileSync(file, lines.join('\n'));
  return file;
}

function writeConfig(config: PriceFeedsConfig) {
  writeFileSync(configFile, JSON.stringify(config));
}

const feedsConfig = (instruments: PriceFeedsConfig['instruments']): PriceFeedsConfig => ({
  sources: [
    { name: 'primary', kind: 'replay', file: 'primary.csv', symbol: 'XBT/USD', speed: 1, loop: false },
    { name: 'backup', kind: 'replay', file: 'backup.csv', symbol: 'BTC-USD', speed: 1, loop: true },
    { name: 'eth-tape', kind: 'replay', file: 'eth-spike.csv', symbol: 'ETHUSD', speed: 1, loop: true },
  ],
  venues: [],
  instruments,
  stallMs: 10_000,
  recoverMs: 30_000,
  spikeFactor: 8,
});
const btcFeed = {
  sources: [
    { source: 'primary', symbol: 'XBT/USD' },
    { source: 'backup', symbol: 'BTC-USD' },
  ],
  markup: { kind: 'points' as const, value: MARKUP_POINTS },
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bourse-feeds-'));
  tickFile('primary.csv', 90_000, PRIMARY_TICKS);
  tickFile('backup.csv', 91_000, 40);
  configFile = path.join(dir, 'feeds.json');
  // ETHUSD: a quiet tape with one quote 10 % off in the middle, back at once: a spike to drop.
  const eth = ['time,bid,ask'];
  for (let i = 0; i < 30; i++) {
    const level = i === 15 ? 3300 : 3000 + (i % 3) * 0.5;
    eth.push(`${new Date(Date.UTC(2026, 10, 2, 10) + i * TICK_GAP_MS).toISOString()},${level.toFixed(2)},${(level + 1).toFixed(2)}`);
  }
  writeFileSync(path.join(dir, 'eth-spike.csv'), eth.join('\n'));
  writeConfig(feedsConfig({ BTCUSD: btcFeed, ETHUSD: { sources: [{ source: 'eth-tape', symbol: 'ETHUSD' }] } }));
  const { market } = loadConfig({ NODE_ENV: 'test' });
  server = await startTestServer({ market: { ...market, feedsFile: configFile } });
  [customer, admin] = await Promise.all([createTestUser(server), createTestUser(server, { role: 'admin' })]);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const market = () => marketOf(server.ctx);
const btc = () => market().state.find('BTCUSD')!;
const quote = () => market().state.quote(btc().id)!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('prices from outside sources', () => {
  it('prices the instrument from its primary source, widened by the markup, and keeps the raw quote', async () => {
    await expect.poll(() => market().state.quoted[btc().index], { timeout: 5000 }).toBe(1);
    const { state } = market();
    const i = btc().index;
    const q = quote();
    expect(q.bid).toBeLessThan(91_000);
    expect(q.bid).toBeCloseTo(state.rawBid[i]! - 0.5, 6);
    expect(q.ask).toBeCloseTo(state.rawAsk[i]! + 0.5, 6);
    expect(q.ask - q.bid).toBeCloseTo(2, 6);
    expect(q.price).toBeCloseTo((q.bid + q.ask) / 2, 6);
    // The catalogue shows the customer's quote.
    const listed = (await server.call('GET', '/assets', { token: customer.token })).body.data.find((a: { symbol: string }) => a.symbol === 'BTCUSD');
    expect(listed.buy_price).toBeGreaterThanOrEqual(90_000);
    expect(listed.buy_price - listed.sell_price).toBeCloseTo(2, 6);
  });

  it('sends the customer bid and ask with each price update', async () => {
    const socket = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { key: server.ctx.config.priceSocketKey } });
    sockets.push(socket);
    const found = new Promise<PackedPriceUpdate>((resolve) => {
      socket.on('data:batch', (batch: PriceBatch) => {
        const update = batch.data.find((u) => u[0] === btc().id);
        if (update && update.length === 10) resolve(update);
      });
    });
    socket.on('connect', () => socket.emit('subscribe:all', { batch: true }));
    const update = await found;
    expect(update[9]! - update[8]!).toBeCloseTo(2, 6);
    expect(update[1]).toBeCloseTo((update[8]! + update[9]!) / 2, 2);
  });

  it('fills an order at the customer ask, markup included', async () => {
    const inst = btc();
    const ask = quote().ask;
    const body = { type: 'buy', volume: 0.01, opening_price: ask, id: inst.id, asset_symbol: inst.symbol, asset_name: inst.name };
    const res = await server.call('POST', '/trades/store', { token: customer.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const filled = Number(res.body.data.opening_price);
    // The fill is the ask of the moment it was placed: the raw ask of one of the files, plus 0.50.
    const raw = filled - 0.5;
    const fromPrimary = raw >= 90_001 && raw <= 90_004 && Number.isInteger(raw * 2);
    const fromBackup = raw >= 91_001 && raw <= 91_004 && Number.isInteger(raw * 2);
    expect(fromPrimary || fromBackup, `filled at ${filled}`).toBe(true);
  });

  it('switches to the backup when the primary ends, and the back office sees it', async () => {
    // The primary plays 1.5 s and ends; the switch is immediate.
    await expect.poll(() => quote().bid, { timeout: 6000 }).toBeGreaterThan(90_900);
    const res = await server.call('GET', '/admin/price-feeds', { token: admin.token });
    expect(res.status).toBe(200);
    const view = priceFeedsResponse.parse(res.body).data;
    expect(view.running).toBe(true);
    expect(view.switches[0]).toMatchObject({ symbol: 'BTCUSD', from: 'primary', to: 'backup', reason: 'disconnected' });
    const byName = new Map(view.sources.map((s) => [s.source, s]));
    expect(byName.get('primary')).toMatchObject({ kind: 'replay', status: 'ended', connected: false, failovers: 1, active_for: 0 });
    expect(byName.get('backup')).toMatchObject({ kind: 'replay', status: 'connected', connected: true, active_for: 1, drops: 0 });
    expect(byName.get('backup')!.last_quote_age_ms).toBeLessThan(2000);
    // The dealer sees each instrument's quote as the source sent it and as customers trade it.
    const listed = view.instruments.find((i) => i.symbol === 'BTCUSD')!;
    expect(listed).toMatchObject({ source: 'backup', digits: 2 });
    expect(listed.raw_bid! - listed.bid!).toBeCloseTo(0.5, 6);
    expect(listed.ask! - listed.raw_ask!).toBeCloseTo(0.5, 6);
  });

  it('never prices at a spike the next quote does not confirm, and counts it', async () => {
    const id = market().state.find('ETHUSD')!.id;
    const seen: number[] = [];
    const stop = market().state.onTick((q) => q.assetId === id && seen.push(q.bid));
    // Two passes of the 1.5 s tape: the spike goes by twice.
    await sleep(3200);
    stop();
    expect(seen.length).toBeGreaterThan(40);
    expect(Math.max(...seen)).toBeLessThan(3100);
    const tape = market().feeds!.health().find((h) => h.source === 'eth-tape')!;
    expect(tape.drops).toBeGreaterThanOrEqual(2);
  });

  it('is for staff only', async () => {
    expect((await server.call('GET', '/admin/price-feeds')).status).toBe(401);
    expect((await server.call('GET', '/admin/price-feeds', { token: customer.token })).status).toBe(403);
  });

  it('follows edits of the configuration file without a restart, and keeps the running sources when an edit is wrong', async () => {
    const before = market().feeds;
    writeFileSync(configFile, '{ "sources": [], "instruments": { "BTCUSD": { "sources": [{ "source": "nowhere", "symbol": "X" }] } } }');
    await sleep(4500);
    expect(market().feeds).toBe(before);
    expect(market().state.quoted[btc().index]).toBe(1);

    writeConfig(feedsConfig({}));
    await expect.poll(() => market().state.quoted[btc().index], { timeout: 8000 }).toBe(0);
    expect(market().feeds).not.toBe(before);
    const ask = quote().ask;
    expect(ask).toBeCloseTo(quote().price * (1 + btc().buySpread), 6);
  });

  it('lets an admin set and remove an instrument’s sources from the back office, written to the file and run at once', async () => {
    const ltc = () => market().state.find('LTCUSD')!;
    const path_ = '/admin/price-feeds/instruments/LTCUSD';
    const entry = { sources: [{ source: 'backup', symbol: 'BTC-USD' }], markup: { kind: 'points', value: 10 } };
    expect((await server.call('PUT', path_, { token: customer.token, body: entry })).status).toBe(403);

    const set = await server.call('PUT', path_, { token: admin.token, body: entry });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ editable: true, instruments: { LTCUSD: { sources: [{ source: 'backup', symbol: 'BTC-USD' }] } } });
    expect(set.body.data.sources.map((s: { name: string }) => s.name)).toEqual(['primary', 'backup', 'eth-tape']);
    // In the file, as the server will read it after a restart, and running now.
    expect(JSON.parse(readFileSync(configFile, 'utf8')).instruments.LTCUSD).toMatchObject(entry);
    expect(market().feeds!.covers(ltc().index)).toBe(true);
    await expect.poll(() => market().state.quoted[ltc().index], { timeout: 5000 }).toBe(1);
    const read = await server.call('GET', '/admin/price-feeds/config', { token: admin.token });
    expect(read.body.data.instruments.LTCUSD).toMatchObject(entry);
    expect(JSON.stringify(read.body)).not.toContain('password');

    // An edit that would break the file is refused with the reason, and nothing changes.
    const before = readFileSync(configFile, 'utf8');
    const wrong = await server.call('PUT', path_, { token: admin.token, body: { sources: [{ source: 'nowhere', symbol: 'X' }] } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('instruments.LTCUSD: LTCUSD names an unknown source nowhere.');
    expect(readFileSync(configFile, 'utf8')).toBe(before);
    expect((await server.call('PUT', '/admin/price-feeds/instruments/NOPE', { token: admin.token, body: entry })).status).toBe(404);

    const removed = await server.call('DELETE', path_, { token: admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.instruments.LTCUSD).toBeUndefined();
    expect(market().feeds!.covers(ltc().index)).toBe(false);
    const audit = await server.call('GET', '/admin/audit-log', { token: admin.token });
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['price_feed.set', 'price_feed.removed']));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { assetSchema, priceUpdateSchema, unpackPriceUpdate, type AssetSnapshot, type PriceBatch, type PriceUpdate } from '@bourse/contract';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { createTestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server.close();
});

/** A client with the SPEC's options (§7 "Price socket", §9). */
function connect(auth: { key?: string } = { key: server.ctx.config.priceSocketKey }): Socket {
  const socket = io(server.url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    reconnectionAttempts: 5,
    reconnectionDelay: 2000,
    timeout: 10000,
  });
  sockets.push(socket);
  return socket;
}

const once = <T>(socket: Socket, event: string, timeoutMs = 20_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

const collect = <T>(socket: Socket, event: string) => {
  const got: T[] = [];
  socket.on(event, (payload: T) => got.push(payload));
  return got;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let feedClock = 0;
/** Moves the feed `seconds` further on (crypto trades at every hour, so updates flow whatever the day). */
const tick = (seconds: number) => {
  feedClock = Math.max(feedClock, Date.now()) + seconds * 1000;
  return marketOf(server.ctx).step(feedClock);
};

describe('price socket', () => {
  it('tells signed-in clients its key and path', async () => {
    expect((await server.call('GET', '/market/socket')).status).toBe(401);
    const user = await createTestUser(server);
    const res = await server.call('GET', '/market/socket', { token: user.token });
    expect(res.body).toEqual({ data: { key: server.ctx.config.priceSocketKey, path: '/socket.io' } });
  });

  it('refuses a wrong or missing API key with connect_error', async () => {
    for (const auth of [{ key: 'wrong-key' }, {}]) {
      const socket = connect(auth);
      const error = await once<Error>(socket, 'connect_error');
      expect(error.message).toBe('Invalid API key');
      expect(socket.connected).toBe(false);
      socket.disconnect();
    }
  });

  it('sends data:all, then one coalesced data:update per instrument that ticked', async () => {
    const socket = connect();
    await once(socket, 'connect');
    const all = once<AssetSnapshot>(socket, 'data:all');
    socket.emit('subscribe:all');
    const snapshot = await all;
    expect(snapshot.success).toBe(true);
    expect(snapshot.data.length).toBeGreaterThanOrEqual(2000);
    assetSchema.parse(snapshot.data[0]);
    const updates = collect<PriceUpdate>(socket, 'data:update');
    expect(tick(20)).toBeGreaterThan(20);
    await sleep(400);
    expect(updates.length).toBeGreaterThan(0);
    const ids = updates.map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length); // one per instrument in the window
    const { state } = marketOf(server.ctx);
    for (const u of updates) {
      priceUpdateSchema.parse(u);
      const inst = state.find(u.id)!;
      expect(u.price).toBe(state.price[inst.index]); // the latest tick won
      expect(u.lastUpdated).toBe(new Date(u.ts).toISOString());
      expect(u.priceLow24h).toBeLessThanOrEqual(u.price);
      expect(u.priceHigh24h).toBeGreaterThanOrEqual(u.price);
    }
    expect(ids).toContain(state.find('BTCUSD')!.id);
    socket.disconnect();
  });

  it('in batch mode sends one data:batch per window instead, the first with every instrument', async () => {
    const socket = connect();
    await once(socket, 'connect');
    const all = once<AssetSnapshot>(socket, 'data:all');
    socket.emit('subscribe:all', { batch: true });
    const snapshot = await all;
    const singles = collect<PriceUpdate>(socket, 'data:update');
    const batches = collect<PriceBatch>(socket, 'data:batch');
    const { state } = marketOf(server.ctx);
    const btcAt = () => state.price[state.find('BTCUSD')!.index];
    for (let round = 1; round <= 2; round++) {
      tick(20);
      await sleep(400);
      expect(singles).toHaveLength(0);
      expect(batches).toHaveLength(round);
      const unpacked = batches[round - 1]!.data.map(unpackPriceUpdate);
      const btc = unpacked.find((u) => u.id === state.find('BTCUSD')!.id)!;
      expect(btc.price).toBe(btcAt());
      priceUpdateSchema.parse(btc);
      const ids = unpacked.map((u) => u.id);
      expect(new Set(ids).size).toBe(ids.length);
      // The first batch catches the client up on everything; later ones carry what ticked.
      if (round === 1) expect(ids.length).toBe(snapshot.data.length);
      else expect(ids.length).toBeLessThan(snapshot.data.length);
    }
    socket.disconnect();
  });

  it('sends each batch subscriber its data:all first, then every instrument in its first data:batch', async () => {
    const clients = [connect(), connect(), connect()];
    await Promise.all(clients.map((c) => once(c, 'connect')));
    const order = clients.map((c) => {
      const seen: string[] = [];
      c.onAny((event: string) => seen.push(event));
      return seen;
    });
    const received = clients.map((c) => once<PriceBatch>(c, 'data:batch'));
    const snapshots = clients.map((c) => once<AssetSnapshot>(c, 'data:all'));
    for (const c of clients) c.emit('subscribe:all', { batch: true });
    // Ticks while the snapshots are on their way, and on until every client has a batch: no batch
    // may overtake its client's snapshot.
    let done = false;
    void Promise.all(received).then(() => (done = true));
    for (let k = 0; k < 100 && !done; k++) {
      tick(1);
      await sleep(50);
    }
    const batches = await Promise.all(received);
    const expected = (await snapshots[0]!).data.length;
    for (const batch of batches) expect(new Set(batch.data.map((u) => u[0])).size).toBe(expected);
    for (const seen of order) expect(seen.slice(0, 2)).toEqual(['data:all', 'data:batch']);
    for (const c of clients) c.disconnect();
  });

  it('sends only the chosen instruments after subscribe, with their snapshot in the acknowledgement', async () => {
    const socket = connect();
    await once(socket, 'connect');
    const { state } = marketOf(server.ctx);
    const btc = state.find('BTCUSD')!;
    const eth = state.find('ETHUSD')!;
    const ack = await new Promise<AssetSnapshot>((resolve) => socket.emit('subscribe', ['BTC/USD', eth.id, 'NO-SUCH'], resolve));
    expect(ack.success).toBe(true);
    expect(ack.data.map((a) => a.symbol).sort()).toEqual(['BTCUSD', 'ETHUSD']);
    const updates = collect<PriceUpdate>(socket, 'data:update');
    tick(30);
    await sleep(400);
    expect(new Set(updates.map((u) => u.id))).toEqual(new Set([btc.id, eth.id]));
    socket.emit('unsubscribe', { symbols: ['ETHUSD'] });
    await sleep(100);
    updates.length = 0;
    tick(40);
    await sleep(400);
    expect(updates.map((u) => u.id)).toEqual([btc.id]);
    const bad = await new Promise<AssetSnapshot>((resolve) => socket.emit('subscribe', 'BTCUSD', resolve));
    expect(bad.success).toBe(false);
    socket.disconnect();
  });

  it('reconnects after the server drops the connection and resubscribes', async () => {
    const socket = connect();
    socket.on('connect', () => socket.emit('subscribe:all', { batch: true }));
    await once(socket, 'data:all');
    const disconnected = once<string>(socket, 'disconnect');
    for (const s of serverSockets()) s.conn.close();
    expect(await disconnected).toBe('transport close');
    const again = await once<AssetSnapshot>(socket, 'data:all');
    expect(again.success).toBe(true);
    expect(socket.connected).toBe(true);
    const batches = collect<PriceBatch>(socket, 'data:batch');
    tick(50);
    await sleep(400);
    expect(batches.length).toBeGreaterThan(0);
    socket.disconnect();
  });
});

function serverIo() {
  const socket = marketOf(server.ctx).priceSocket;
  if (!socket) throw new Error('the price socket is not attached');
  return socket.io;
}

/** The server side of every connected price socket client. */
function serverSockets() {
  return [...serverIo().of('/').sockets.values()];
}

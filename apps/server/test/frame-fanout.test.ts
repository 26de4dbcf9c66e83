import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { WebSocket } from 'ws';
import { encodeEvent, FrameFanout, MAX_QUEUED_BYTES } from '../src/realtime/frame-fanout.ts';

let http: HttpServer;
let ioServer: Server;
let url: string;
const joined: ServerSocket[] = [];

beforeAll(async () => {
  http = createServer();
  ioServer = new Server(http, { transports: ['websocket'] });
  ioServer.on('connection', (socket) => joined.push(socket));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ioServer.close();
});

async function connectClients(n: number): Promise<{ clients: Socket[]; servers: ServerSocket[] }> {
  const before = joined.length;
  const clients = Array.from({ length: n }, () => io(url, { transports: ['websocket'], forceNew: true }));
  await Promise.all(clients.map((c) => new Promise<void>((resolve) => c.once('connect', () => resolve()))));
  while (joined.length < before + n) await new Promise((r) => setTimeout(r, 5));
  return { clients, servers: joined.slice(before) };
}

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('frame fan-out', () => {
  it('delivers one pre-built frame to every member as a regular Socket.IO event, whatever its length', async () => {
    const { clients, servers } = await connectClients(3);
    const fanout = new FrameFanout();
    for (const s of servers) fanout.add(s);
    // Payload lengths on each side of the websocket frame-length encodings (7-bit, 16-bit, 64-bit).
    for (const size of [10, 120, 5_000, 70_000]) {
      const data = { ts: size, data: 'x'.repeat(size) };
      const received = clients.map((c) => next<typeof data>(c, 'data:batch'));
      const result = fanout.send(encodeEvent('data:batch', JSON.stringify(data)), () => {
        throw new Error('no member is behind');
      });
      expect(result).toEqual({ written: 3, skipped: 0 });
      for (const got of await Promise.all(received)) expect(got).toEqual(data);
    }
    for (const c of clients) c.disconnect();
  });

  it('forgets members that disconnect', async () => {
    const { clients, servers } = await connectClients(2);
    const fanout = new FrameFanout();
    for (const s of servers) fanout.add(s);
    fanout.add(servers[0]!);
    expect(fanout.size).toBe(2);
    clients[0]!.disconnect();
    while (fanout.has(servers[0]!)) await sleep(5);
    expect(fanout.size).toBe(1);
    clients[1]!.disconnect();
  });

  it('skips a member that stopped reading and catches it up with the whole state once it reads again', async () => {
    // A raw protocol client, so the test can stop reading its TCP socket.
    const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const texts: string[] = [];
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text === '2') return ws.send('3');
      if (text.startsWith('0')) return ws.send('40');
      texts.push(text);
    });
    while (!texts.some((t) => t.startsWith('40'))) await sleep(5);
    const member = joined.at(-1)!;
    const fanout = new FrameFanout();
    fanout.add(member);
    (ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();

    const big = encodeEvent('data:batch', JSON.stringify({ delta: 'd'.repeat(256 * 1024) }));
    let catchUps = 0;
    const catchUp = () => {
      catchUps++;
      return encodeEvent('data:batch', JSON.stringify({ full: true }));
    };
    let skipped = 0;
    for (let i = 0; i < 400 && !skipped; i++) {
      skipped = fanout.send(big, catchUp).skipped;
      await sleep(1);
    }
    expect(skipped).toBe(1);
    // Bounded: what is queued stays near the limit instead of growing with every frame sent.
    const raw = (member.conn.transport as unknown as { socket: { _socket: { writableLength: number } } }).socket._socket;
    expect(raw.writableLength).toBeLessThanOrEqual(MAX_QUEUED_BYTES + big.frame.length);
    fanout.send(big, catchUp);
    expect(catchUps).toBe(0);

    (ws as unknown as { _socket: { resume(): void } })._socket.resume();
    while (raw.writableLength > MAX_QUEUED_BYTES) await sleep(5);
    expect(fanout.send(big, catchUp)).toEqual({ written: 1, skipped: 0 });
    expect(catchUps).toBe(1);
    while (!texts.at(-1)?.includes('"full":true')) await sleep(5);
    // After the catch-up, deltas flow again.
    fanout.send(encodeEvent('data:batch', '{"after":1}'), catchUp);
    while (!texts.at(-1)?.includes('"after":1')) await sleep(5);
    expect(catchUps).toBe(1);
    ws.terminate();
  });

  it('spreads members evenly over its groups and sends to one group at a time, a catch-up first where asked', async () => {
    const { clients, servers } = await connectClients(5);
    const fanout = new FrameFanout(2);
    for (const [i, s] of servers.entries()) fanout.add(s, { catchUpFirst: i === 4 });
    const got = clients.map(() => [] as unknown[]);
    for (const [i, c] of clients.entries()) c.on('data:batch', (data: unknown) => got[i]!.push(data));
    const catchUp = () => encodeEvent('data:batch', '{"full":true}');
    expect(fanout.send(encodeEvent('data:batch', '{"to":0}'), catchUp, 0)).toEqual({ written: 3, skipped: 0 });
    expect(fanout.send(encodeEvent('data:batch', '{"to":1}'), catchUp, 1)).toEqual({ written: 2, skipped: 0 });
    fanout.send(encodeEvent('data:batch', '{"to":0,"again":true}'), catchUp, 0);
    while (got.flat().length < 8) await sleep(5);
    // Members join the smallest group: 0, 1, 0, 1, 0. The last one asked for a catch-up first.
    expect(got).toEqual([
      [{ to: 0 }, { to: 0, again: true }],
      [{ to: 1 }],
      [{ to: 0 }, { to: 0, again: true }],
      [{ to: 1 }],
      [{ full: true }, { to: 0, again: true }],
    ]);
    // A member that leaves makes room in its group for the next one.
    clients[1]!.disconnect();
    while (fanout.size > 4) await sleep(5);
    expect(fanout.hasMembers(1)).toBe(true);
    clients[3]!.disconnect();
    while (fanout.size > 3) await sleep(5);
    expect(fanout.hasMembers(1)).toBe(false);
    for (const c of clients) c.disconnect();
  });
});

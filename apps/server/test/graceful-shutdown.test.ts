import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { trades } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { childServerSetup, freePort, prepareCustomers, startChild as startChildServer, waitReady } from './helpers/child-server.ts';
import { PusherSocket } from './helpers/pusher-socket.ts';
import { apiCall, scratchPostgres, startServerFromSnapshot } from './helpers/test-server.ts';

const CLIENTS = 20;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-shutdown-'));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

/** Whether a new TCP connection to the port is refused outright. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

function startChild(env: Record<string, string>) {
  const started = startChildServer(env);
  cleanups.push(() => void (started.child.exitCode === null && started.child.kill('SIGKILL')));
  return started;
}

type Outcome = { key: string; status: number | null; error?: string; sentAt: number; doneAt: number };

describe('graceful shutdown under load', () => {
  it('answers every request in flight, refuses new connections, tells sockets to reconnect and exits 0', async () => {
    const pgBase = process.env.DATABASE_URL;
    const database = pgBase ? await scratchPostgres(pgBase, 'bourse_shutdown') : null;
    if (database) cleanups.push(() => database.drop());
    const { env, config } = childServerSetup(dataDir, database?.url ?? null);
    const { customers, asset } = await prepareCustomers(config, CLIENTS, 'shutdown');

    const port = await freePort();
    const { child, output, exited } = startChild({ ...env, PORT: String(port) });
    const url = `http://127.0.0.1:${port}`;
    const call = apiCall(url);
    await waitReady(call, output);

    // Realtime clients: a price socket and a private channel per customer.
    const priceKey = (await call('GET', '/market/socket', { token: customers[0]!.token })).body.data.key as string;
    const priceEnds: string[] = [];
    const sockets: Socket[] = [];
    let price = 0;
    await Promise.all(
      customers.map(
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { key: priceKey }, reconnection: false, timeout: 30_000 });
            sockets.push(socket);
            socket.on('data:all', (snapshot: { data: { id: number; buy_price: number }[] }) => {
              price = snapshot.data.find((a) => a.id === asset.id)?.buy_price ?? price;
            });
            socket.once('connect', () => {
              socket.emit('subscribe:all');
              resolve();
            });
            socket.once('connect_error', reject);
            socket.on('disconnect', (reason) => priceEnds.push(reason));
          }),
      ),
    );
    const pusherEnds: number[] = [];
    // Generous waits: the embedded database keeps a busy process from its sockets for seconds.
    const channels: PusherSocket[] = [];
    for (const c of customers) {
      const socket = PusherSocket.connect({ url }, '/app/bourse-key?protocol=7&client=js&version=8.6.0');
      socket.ws.on('error', () => {});
      socket.ws.on('close', (code) => pusherEnds.push(code));
      channels.push(socket);
      const established = await socket.next((f) => f.event === 'pusher:connection_established', 30_000);
      const channel = `private-user.${c.id}`;
      const auth = await call('POST', '/broadcasting/auth', { token: c.token, body: { socket_id: (established.data as { socket_id: string }).socket_id, channel_name: channel } });
      socket.send('pusher:subscribe', { channel, auth: auth.body.auth });
      await socket.next((f) => f.channel === channel && f.event === 'pusher_internal:subscription_succeeded', 30_000);
    }
    for (let i = 0; price === 0 && i < 100; i++) await new Promise((r) => setTimeout(r, 100));
    expect(price).toBeGreaterThan(0);

    // Load: every client places orders back to back, each with a key of its own; a key that got
    // no answer is retried once, as a client would.
    const outcomes: Outcome[] = [];
    let stopped = false;
    const order = () => ({ type: 'buy', leverage: 100, volume: 0.01, amount: 1000, qty: 1000, margin: 11, opening_price: price, take_profit: 0, stop_loss: 0, id: asset.id, asset_symbol: asset.symbol, asset_name: asset.name });
    const place = async (token: string, key: string): Promise<Outcome> => {
      const sentAt = performance.now();
      try {
        const res = await call('POST', '/trades/store', { token, body: order(), headers: { 'idempotency-key': key } });
        return { key, status: res.status, sentAt, doneAt: performance.now() };
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        return { key, status: null, error: cause?.code ?? cause?.message ?? String(err), sentAt, doneAt: performance.now() };
      }
    };
    const clients = customers.map(async (c, i) => {
      for (let n = 0; !stopped; n++) {
        const key = `shutdown-${i}-${n}`;
        let outcome = await place(c.token, key);
        if (outcome.status === null && outcome.error !== 'ECONNREFUSED') {
          outcomes.push({ ...outcome, key: `${key}#first-try` });
          outcome = await place(c.token, key);
        }
        outcomes.push(outcome);
        if (outcome.status === null || outcome.status === 503) return;
      }
    });

    // The signal comes once the server is busy: more orders acknowledged than there are clients (a
    // loaded machine takes longer to get there than a fixed wait would allow).
    for (const until = Date.now() + 30_000; outcomes.filter((o) => o.status === 201).length <= CLIENTS && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const sigtermAt = performance.now();
    const sigtermSentAt = Date.now();
    child.kill('SIGTERM');
    let refusedAt = Number.POSITIVE_INFINITY;
    while (Date.now() - sigtermSentAt < 10_000) {
      if (await refused(port)) {
        refusedAt = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const { code, at } = await Promise.race([exited, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no exit within 20 s:\n${output()}`)), 20_000))]);
    stopped = true;
    await Promise.all(clients);
    for (const s of sockets) s.close();
    for (const c of channels) c.close();

    // Every order the server acknowledged exists once; none exists that was not acknowledged.
    const after = await startServerFromSnapshot({ ...config, runWorkers: false });
    cleanups.push(() => after.close());
    const keys = outcomes.map((o) => o.key);
    const rows = await after.ctx.db.select({ key: trades.idempotencyKey }).from(trades).where(inArray(trades.idempotencyKey, keys));
    const rowsPerKey = new Map<string, number>();
    for (const r of rows) rowsPerKey.set(r.key!, (rowsPerKey.get(r.key!) ?? 0) + 1);
    const acknowledged = new Set(outcomes.filter((o) => o.status === 201).map((o) => o.key));
    // What the server took in: every request it logged as incoming it also logged as answered.
    const taken = new Set<string>();
    const answered = new Map<string, number>();
    for (const line of output().split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { reqId?: string; msg?: string; req?: { url?: string }; res?: { statusCode?: number } };
      if (!entry.reqId) continue;
      if (entry.msg === 'incoming request' && entry.req?.url === '/api/v1/trades/store') taken.add(entry.reqId);
      if (entry.msg === 'request completed') answered.set(entry.reqId, entry.res?.statusCode ?? 0);
    }
    const unanswered = [...taken].filter((id) => !answered.has(id));
    // Shutdown begins when the process handles the signal (the log's clock is this machine's).
    const began = output()
      .split('\n')
      .filter((l) => l.includes('"msg":"shutting down"'))
      .map((l) => (JSON.parse(l) as { time: number }).time)[0];
    const inFlightAtSigterm = outcomes.filter((o) => o.sentAt < sigtermAt && o.doneAt > sigtermAt);
    const figures = {
      shutdown_database: database ? 'postgresql' : 'pglite',
      orders_acknowledged: acknowledged.size,
      answers_by_status: countBy(outcomes.map((o) => String(o.status ?? o.error))),
      in_flight_at_sigterm: inFlightAtSigterm.length,
      in_flight_at_sigterm_answered: inFlightAtSigterm.filter((o) => o.status !== null).length,
      requests_taken_by_server: taken.size,
      requests_taken_but_unanswered: unanswered.length,
      signal_handled_ms_after_sigterm: began === undefined ? null : began - sigtermSentAt,
      refused_ms_after_shutdown_began: began === undefined ? null : refusedAt - began,
      exit_code: code,
      exit_ms_after_sigterm: Math.round(at - sigtermAt),
      price_socket_disconnects: countBy(priceEnds),
      private_channel_close_codes: countBy(pusherEnds.map(String)),
    };
    console.log(JSON.stringify({ graceful_shutdown: figures }));

    expect(code, output().split('\n').slice(-40).join('\n')).toBe(0);
    expect(at - sigtermAt).toBeLessThan(15_000);
    expect(began).toBeDefined();
    expect(refusedAt - began!).toBeLessThan(500);
    expect(taken.size).toBeGreaterThan(CLIENTS);
    expect(inFlightAtSigterm.length).toBeGreaterThan(0);
    expect(unanswered).toEqual([]);
    expect(acknowledged.size).toBeGreaterThan(CLIENTS);
    for (const key of acknowledged) expect(rowsPerKey.get(key), key).toBe(1);
    for (const key of rowsPerKey.keys()) expect(acknowledged.has(key), `${key} was written but never acknowledged`).toBe(true);
    // Socket errors are left only for requests the server never took in (a connection refused, or
    // reset from the listen queue as the listener closed): no row exists for them, checked above.
    for (const o of outcomes) {
      if (o.status === null) expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'], `${o.key}: ${o.error}`).toContain(o.error);
      else expect([201, 503]).toContain(o.status);
    }
    expect(await unbalancedAccounts(after.ctx.db)).toEqual([]);
    expect(priceEnds).toEqual(Array(CLIENTS).fill('io server disconnect'));
    expect(pusherEnds).toEqual(Array(CLIENTS).fill(4200));
    expect(output()).toContain('"msg":"stopped"');
  }, 180_000);
});

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PriceFeedsConfig } from '@bourse/contract';
import { trades, venueOrders } from '../src/db/schema/index.ts';
import { childServerSetup, freePort, prepareCustomers, startChild, waitReady, type ChildServer } from './helpers/child-server.ts';
import { apiCall, scratchPostgres, startServerFromSnapshot } from './helpers/test-server.ts';
import { startTool, type ToolProcess } from './helpers/tool-process.ts';

// The real server in a process of its own, its BTCUSD orders filled by tools/fix-lp (another
// process) over FIX. The provider keeps back its answer to an order, the server is SIGKILLed with
// the order out, the provider trades it; the restarted server asks the provider about the order's
// ClOrdID and books exactly that fill: one position, one order at the provider.
const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-a-book-crash-'));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

type LpEvent = { cl_ord_id: string; status: string; held?: boolean; avg_px?: number };

describe('a server killed while an A-book order is out', () => {
  it('books the provider’s fill after the restart, once, and never sends the order again', { timeout: 180_000 }, async () => {
    const lp: ToolProcess = await startTool('fix-lp/main.ts', ['--port', '0', '--symbols', 'BTC/USD', '--rate', '10', '--comp-id', 'LP']);
    cleanups.push(() => void lp.child.kill());
    const session = { host: '127.0.0.1', port: lp.port, target_comp_id: 'LP', heartbeat_seconds: 30, reconnect_seconds: 0.2 };
    const feeds: PriceFeedsConfig = {
      sources: [{ name: 'lp', kind: 'fix', sender_comp_id: 'BOURSE', depth: 1, ...session }],
      venues: [{ name: 'lp-orders', kind: 'fix', sender_comp_id: 'BOURSE-ORD', time_in_force: 'IOC', timeout_ms: 30_000, reconcile_minutes: 60, ...session }],
      instruments: { BTCUSD: { sources: [{ source: 'lp', symbol: 'BTC/USD' }], execution: { venue: 'lp-orders', symbol: 'BTC/USD', rule: 'a_book', accounts: [], demo_accounts: true } } },
      stallMs: 5000,
      recoverMs: 30_000,
      spikeFactor: 50,
    };
    const feedsFile = path.join(dataDir, 'feeds.json');
    writeFileSync(feedsFile, JSON.stringify(feeds));

    const pgBase = process.env.DATABASE_URL;
    const database = pgBase ? await scratchPostgres(pgBase, 'bourse_abook') : null;
    if (database) cleanups.push(() => database.drop());
    const { env, config } = childServerSetup(dataDir, database?.url ?? null);
    const { customers } = await prepareCustomers(config, 1, 'abook');
    const customer = customers[0]!;
    const port = await freePort();
    const call = apiCall(`http://127.0.0.1:${port}`);
    let server: ChildServer;
    const start = async () => {
      server = startChild({ ...env, PORT: String(port), PRICE_FEEDS: feedsFile });
      cleanups.push(() => void (server.child.exitCode === null && server.child.kill('SIGKILL')));
      await waitReady(call, server.output);
    };
    await start();

    const assets = await call('GET', '/assets', { token: customer.token });
    const btc = (assets.body.data as { id: number; symbol: string; name: string; buy_price: number }[]).find((a) => a.symbol === 'BTCUSD')!;
    // Priced by the provider once its first quote is in.
    const quoted = await vi.waitFor(
      async () => {
        const res = await call('GET', '/assets', { token: customer.token });
        const asset = (res.body.data as (typeof btc)[]).find((a) => a.symbol === 'BTCUSD')!;
        expect(asset.buy_price).toBeGreaterThan(50_000);
        return asset;
      },
      { timeout: 60_000, interval: 200 },
    );
    const body = { id: btc.id, asset_symbol: btc.symbol, asset_name: btc.name, type: 'buy', volume: 0.05, opening_price: quoted.buy_price };
    const key = 'a-book-crash-1';
    const place = () => call('POST', '/trades/store', { token: customer.token, body, headers: { 'idempotency-key': key } });

    await lp.command('orders hold');
    // The order session may still be logging on: until it is, the order is refused (503) with
    // nothing written or sent, and is sent again. Once out, the provider holds back its answer.
    const inFlight = (async () => {
      for (;;) {
        const res = await place().catch(() => null);
        if (res?.status !== 503) return res;
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const order = await vi.waitFor(
      () => {
        const found = lp.events.flatMap((e) => (e.order ? [e.order as LpEvent] : []));
        expect(found).toHaveLength(1);
        return found[0]!;
      },
      { timeout: 60_000, interval: 50 },
    );
    // The provider has traded it and keeps back the answer: the server dies with the order out.
    expect(order).toMatchObject({ status: 'filled', held: true });
    server!.child.kill('SIGKILL');
    await server!.exited;
    expect(await inFlight).toBeNull();
    await lp.command('orders release');
    await lp.command('orders fill');

    await start();
    // The retry of the same order is answered from the booked fill once the provider has been asked.
    const replayed = await vi.waitFor(
      async () => {
        const res = await place();
        expect(res.status).toBe(201);
        return res;
      },
      { timeout: 30_000, interval: 300 },
    );
    expect(replayed.body.data).toMatchObject({ status: 'open', lots: 0.05 });
    server!.child.kill('SIGTERM');
    await server!.exited;

    const check = await startServerFromSnapshot({ ...config, runWorkers: false });
    try {
      const booked = await check.ctx.db.select().from(trades).where(eq(trades.idempotencyKey, key));
      expect(booked).toHaveLength(1);
      expect(booked[0]).toMatchObject({ venue: 'lp-orders', venueSymbol: 'BTC/USD', status: 'open', volume: '0.05000000' });
      expect(Number(booked[0]!.openingPrice)).toBeCloseTo(order.avg_px!, 6);
      const written = await check.ctx.db.select().from(venueOrders);
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({ clOrdId: order.cl_ord_id, status: 'filled', tradeId: booked[0]!.id });
    } finally {
      await check.close();
    }
    // One order at the provider; it was asked about, never sent again.
    const lpEvents = lp.events;
    expect(lpEvents.filter((e) => e.order)).toHaveLength(1);
    expect(lpEvents.filter((e) => e.order_duplicate)).toHaveLength(0);
    expect(lpEvents.some((e) => e.order_status && (e.order_status as LpEvent).cl_ord_id === order.cl_ord_id)).toBe(true);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { priceFeedsResponse, tradingMessages as msg, type PriceFeedsConfig } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import { trades, tradingAccounts, venueBreaks, venueOrders } from '../src/db/schema/index.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { aBookDeskOf } from '../src/modules/trading/a-book/a-book-desk.ts';
import { stopOutAccount } from '../src/modules/trading/risk-actions.ts';
import { exposuresOf } from '../src/modules/trading/trades.repository.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { startTool, type ToolProcess } from './helpers/tool-process.ts';

// A-book: BTCUSD is priced by tools/fix-lp over one FIX session and its orders are filled by the
// same provider over a second (the order session), in a child process over TCP. ETHUSD goes to the
// provider only from 1 lot (hybrid). The markup is 50 points (0.50 USD) on each side.
const CREDENTIALS = { username: 'bourse', password: 'not-a-secret' };
const LP_ARGS = ['--port', '0', '--symbols', 'BTC/USD,ETH/USD', '--rate', '20', '--comp-id', 'LP', '--username', CREDENTIALS.username, '--password', CREDENTIALS.password];
const MARKUP = 0.5;

type LpOrder = { comp_id: string; cl_ord_id: string; side: string; symbol: string; quantity: number; status: string; cum_qty: number; avg_px: number; limit: number | null };

let dir: string;
let lp: ToolProcess;
let server: TestServer;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  lp = await startTool('fix-lp/main.ts', LP_ARGS);
  dir = mkdtempSync(path.join(tmpdir(), 'bourse-a-book-'));
  const session = { host: '127.0.0.1', port: lp.port, target_comp_id: 'LP', ...CREDENTIALS, heartbeat_seconds: 30, reconnect_seconds: 0.2 };
  const config: PriceFeedsConfig = {
    sources: [{ name: 'lp', kind: 'fix', sender_comp_id: 'BOURSE', depth: 1, ...session }],
    venues: [{ name: 'lp-orders', kind: 'fix', sender_comp_id: 'BOURSE-ORD', time_in_force: 'IOC', timeout_ms: 3000, reconcile_minutes: 60, ...session }],
    instruments: {
      BTCUSD: { sources: [{ source: 'lp', symbol: 'BTC/USD' }], markup: { kind: 'points', value: 50 }, execution: { venue: 'lp-orders', symbol: 'BTC/USD', rule: 'a_book', accounts: [], demo_accounts: true } },
      ETHUSD: { sources: [{ source: 'lp', symbol: 'ETH/USD' }], execution: { venue: 'lp-orders', symbol: 'ETH/USD', rule: 'hybrid', min_lots: 1, accounts: [], demo_accounts: true } },
    },
    stallMs: 5000,
    recoverMs: 30_000,
    spikeFactor: 50,
  };
  const feedsFile = path.join(dir, 'feeds.json');
  writeFileSync(feedsFile, JSON.stringify(config));
  const { market } = loadConfig({ NODE_ENV: 'test' });
  server = await startTestServer({ market: { ...market, feedsFile } });
  customer = await createTestUser(server);
  admin = await createTestUser(server, { role: 'admin' });
  const venue = () => marketOf(server.ctx).venues!.venue('lp-orders')!.session;
  await vi.waitFor(() => expect(venue().connected).toBe(true), { timeout: 10_000, interval: 50 });
  await vi.waitFor(() => expect(quote('BTCUSD')).not.toBeNull(), { timeout: 10_000, interval: 50 });
  await vi.waitFor(() => expect(quote('ETHUSD')).not.toBeNull(), { timeout: 10_000, interval: 50 });
});

afterAll(async () => {
  await server?.close();
  lp?.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const instrument = (symbol: string) => marketOf(server.ctx).state.find(symbol)!;
function quote(symbol: string) {
  const { state } = marketOf(server.ctx);
  const i = instrument(symbol).index;
  return state.quoted[i] ? { bid: state.bid[i]!, ask: state.ask[i]!, rawBid: state.rawBid[i]!, rawAsk: state.rawAsk[i]! } : null;
}
const control = (command: string) => lp.command(command);
const lpOrders = () => lp.events.flatMap((e) => (e.order ? [e.order as LpOrder] : []));
// The provider reports an order on its own output a moment after answering it: a busy machine may take seconds.
const lpOrder = (clOrdId: string) =>
  vi.waitFor(
    () => {
      const found = lpOrders().filter((o) => o.cl_ord_id === clOrdId);
      expect(found).toHaveLength(1);
      return found[0]!;
    },
    { timeout: 10_000, interval: 50 },
  );

const order = (symbol: string, fields: Record<string, unknown> = {}) => {
  const inst = instrument(symbol);
  const q = quote(symbol)!;
  return { id: inst.id, asset_symbol: symbol, asset_name: inst.name, type: 'buy', volume: 0.1, opening_price: fields.type === 'sell' ? q.bid : q.ask, ...fields };
};
const store = (body: Record<string, unknown>, key?: string) =>
  server.call('POST', '/trades/store', { token: customer.token, body, headers: key ? { 'idempotency-key': key } : {} });
const balance = async () => (await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, customer.id)))[0]!.balance;

describe('A-book orders at a FIX liquidity provider', () => {
  it('opens at the provider’s fill plus the markup, with the ClOrdID written before the order went out', async () => {
    const body = order('BTCUSD', { volume: 0.2 });
    const res = await store(body, 'a-book-1');
    expect(res.status).toBe(201);
    const [row] = await server.ctx.db.select().from(trades).where(eq(trades.id, res.body.data.id));
    expect(row).toMatchObject({ venue: 'lp-orders', venueSymbol: 'BTC/USD', status: 'open', lots: '0.20' });
    const [written] = await server.ctx.db.select().from(venueOrders).where(eq(venueOrders.tradeId, row!.id));
    expect(written).toMatchObject({ purpose: 'open', status: 'filled', side: 'buy', symbol: 'BTC/USD' });
    const atLp = await lpOrder(written!.clOrdId);
    expect(atLp).toMatchObject({ comp_id: 'BOURSE-ORD', side: 'buy', quantity: 0.2, status: 'filled', cum_qty: 0.2 });
    // The limit keeps the customer's price within the allowed deviation, less the markup.
    expect(atLp.limit).toBeGreaterThan(atLp.avg_px);
    expect(Number(row!.openingPrice)).toBeCloseTo(atLp.avg_px + MARKUP, 6);
    expect(res.body.receipt).toMatchObject({ filled_price: Number(row!.openingPrice), lots: 0.2 });

    // A retry with the same key answers the first fill and sends nothing.
    const count = lpOrders().length;
    const again = await store(body, 'a-book-1');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(res.body);
    expect(lpOrders().length).toBe(count);
  });

  it('books a part-fill as a smaller position, and a refusal as the provider’s reason with nothing booked', async () => {
    await control('orders partial 0.5');
    try {
      const part = await store(order('BTCUSD', { volume: 0.4 }));
      expect(part.status).toBe(201);
      expect(part.body.data).toMatchObject({ lots: 0.2, volume: 0.2 });
    } finally {
      await control('orders fill');
    }
    await control('orders reject no liquidity');
    try {
      const before = await balance();
      const open = (await server.ctx.db.select().from(trades).where(eq(trades.userId, customer.id))).length;
      const refused = await store(order('BTCUSD', { type: 'sell' }));
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(`${msg.venueRejected}: no liquidity.`);
      expect((await server.ctx.db.select().from(trades).where(eq(trades.userId, customer.id))).length).toBe(open);
      expect(await balance()).toBe(before);
    } finally {
      await control('orders fill');
    }
  });

  it('routes a hybrid instrument by size: small orders stay with the house', async () => {
    const small = await store(order('ETHUSD', { volume: 0.5 }));
    expect(small.status).toBe(201);
    const [house] = await server.ctx.db.select().from(trades).where(eq(trades.id, small.body.data.id));
    expect(house!.venue).toBeNull();
    const large = await store(order('ETHUSD', { volume: 1 }));
    expect(large.status).toBe(201);
    const [routed] = await server.ctx.db.select().from(trades).where(eq(trades.id, large.body.data.id));
    expect(routed).toMatchObject({ venue: 'lp-orders', venueSymbol: 'ETH/USD' });
  });

  it('closes an A-book position with the opposite order at the same venue, at its fill less the markup', async () => {
    const opened = await store(order('BTCUSD', { volume: 0.1 }));
    expect(opened.status).toBe(201);
    const before = lpOrders().length;
    const closed = await server.call('POST', `/trade/${opened.body.data.id}/close`, { token: customer.token, body: {} });
    expect(closed.status).toBe(200);
    const [close] = await server.ctx.db.select().from(venueOrders).where(and(eq(venueOrders.tradeId, opened.body.data.id), eq(venueOrders.purpose, 'close')));
    const sells = (await vi.waitFor(() => {
      const after = lpOrders().slice(before);
      expect(after).toHaveLength(1);
      return after;
    }, { timeout: 10_000, interval: 50 }))[0]!;
    expect(sells).toMatchObject({ side: 'sell', quantity: 0.1, symbol: 'BTC/USD', status: 'filled' });
    expect(close).toBeDefined();
    const [row] = await server.ctx.db.select().from(trades).where(eq(trades.id, opened.body.data.id));
    expect(row!.status).toBe('closed');
    expect(Number(row!.closingPrice)).toBeCloseTo(sells.avg_px - MARKUP, 6);
    const pnl = (Number(row!.closingPrice) - Number(row!.openingPrice)) * 0.1;
    expect(Number(row!.pnl)).toBeCloseTo(pnl, 1);
  });

  it('holds the margin of an order still out, and settles it from the provider when its answer was lost', async () => {
    await control('orders hold');
    const key = 'a-book-held';
    try {
      const body = order('BTCUSD', { volume: 0.1 });
      const res = await store(body, key);
      expect(res.status).toBe(504);
      expect(res.body.message).toBe(msg.venueUnconfirmed);
      const [out] = await server.ctx.db.select().from(venueOrders).where(eq(venueOrders.status, 'sent'));
      expect(out).toMatchObject({ purpose: 'open', accountId: expect.any(Number) });
      // The held order's margin counts against free margin while it is out.
      const exposures = await exposuresOf(server.ctx.db, out!.accountId);
      expect(exposures.some((e) => e.units === '0' && Number(e.margin) === Number(out!.margin))).toBe(true);
      // A retry while it is out sends nothing new.
      const retry = await store(body, key);
      expect(retry.status).toBe(409);
      expect(retry.body.message).toBe(msg.venueBusy);
    } finally {
      await control('orders release');
    }
    // The provider traded it; the desk asks by ClOrdID and books it.
    await vi.waitFor(
      async () => {
        const rows = await server.ctx.db.select().from(trades).where(eq(trades.idempotencyKey, key));
        expect(rows).toHaveLength(1);
        expect(rows[0]!.venue).toBe('lp-orders');
      },
      { timeout: 10_000, interval: 200 },
    );
    const atLp = lpOrders().filter((o) => o.status === 'filled' && o.quantity === 0.1);
    expect(atLp.length).toBeGreaterThan(0);
  });

  it('reconciles positions with the provider and raises a planted difference to the back office', async () => {
    const desk = aBookDeskOf(server.ctx)!;
    await vi.waitFor(async () => expect((await server.ctx.db.select().from(venueOrders).where(eq(venueOrders.status, 'sent'))).length).toBe(0), { timeout: 10_000 });
    await desk.reconcile(true);
    expect(await server.ctx.db.select().from(venueBreaks)).toHaveLength(0);

    // A position the provider never saw: a difference, raised and never corrected.
    const [open] = await server.ctx.db.select().from(trades).where(eq(trades.venueSymbol, 'BTC/USD'));
    await server.ctx.db.update(trades).set({ volume: String(Number(open!.volume) + 0.05) }).where(eq(trades.id, open!.id));
    await desk.reconcile(true);
    const [raised] = await server.ctx.db.select().from(venueBreaks);
    expect(raised).toMatchObject({ venue: 'lp-orders', symbol: 'BTC/USD', resolvedAt: null });
    expect(Number(raised!.ours) - Number(raised!.theirs)).toBeCloseTo(0.05, 8);
    const view = await server.call('GET', '/admin/price-feeds', { token: admin.token });
    expect(view.status).toBe(200);
    const venues = priceFeedsResponse.parse(view.body).data.venues;
    expect(venues).toEqual([expect.objectContaining({ venue: 'lp-orders', connected: true, in_flight: 0, breaks: [expect.objectContaining({ symbol: 'BTC/USD' })] })]);

    // Put right by hand, the next check closes it.
    await server.ctx.db.update(trades).set({ volume: open!.volume }).where(eq(trades.id, open!.id));
    await desk.reconcile(true);
    const [after] = await server.ctx.db.select().from(venueBreaks);
    expect(after!.resolvedAt).not.toBeNull();
  });

  it('closes at the venue when the risk engine fires a take-profit or stop-loss', async () => {
    const opened = await store(order('BTCUSD', { volume: 0.1 }));
    expect(opened.status).toBe(201);
    const id = opened.body.data.id as number;
    // Levels either side of the price: the provider's random walk crosses one of them soon.
    // (Set again if the price moved past one before the request arrived.)
    await vi.waitFor(async () => {
      const bid = quote('BTCUSD')!.bid;
      const levels = await server.call('PATCH', `/trade/${id}`, { token: customer.token, body: { take_profit: Number((bid + 2).toFixed(2)), stop_loss: Number((bid - 2).toFixed(2)) } });
      expect(levels.status).toBe(200);
    });
    const closed = await vi.waitFor(
      async () => {
        const [row] = await server.ctx.db.select().from(trades).where(eq(trades.id, id));
        expect(row!.status).toBe('closed');
        return row!;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(['tp', 'sl']).toContain(closed.closeReason);
    const [close] = await server.ctx.db.select().from(venueOrders).where(and(eq(venueOrders.tradeId, id), eq(venueOrders.purpose, 'close')));
    expect(close).toMatchObject({ purpose: 'close', side: 'sell', status: 'filled' });
    const atLp = await lpOrder(close!.clOrdId);
    expect(atLp).toMatchObject({ side: 'sell', quantity: 0.1, status: 'filled' });
    expect(Number(closed.closingPrice)).toBeCloseTo(atLp.avg_px - MARKUP, 6);
  });

  it('stops out an A-book position with a closing order at its venue', async () => {
    const opened = await store(order('BTCUSD', { volume: 0.1, type: 'sell' }));
    expect(opened.status).toBe(201);
    const accountId = opened.body.data.account_id as number;
    // Any margin level is below a stop-out level this high: the account's largest loser is closed.
    const change = await stopOutAccount(server.ctx, server.ctx.prices!, accountId, 1_000_000);
    expect(change).not.toBeNull();
    const [row] = await server.ctx.db.select().from(trades).where(eq(trades.id, change!.tradeIds[0]!));
    expect(row).toMatchObject({ status: 'closed', closeReason: 'stop_out', venue: 'lp-orders' });
    const [close] = await server.ctx.db.select().from(venueOrders).where(and(eq(venueOrders.tradeId, row!.id), eq(venueOrders.purpose, 'close')));
    const atLp = await lpOrder(close!.clOrdId);
    expect(atLp.side).toBe(row!.tradeType === 'buy' ? 'sell' : 'buy');
  });

  it('fills a pending order of a routed instrument at the venue when its price is reached, its own price the limit', async () => {
    // Just under the ask: the provider's walk reaches it soon. A walk that runs away from it leaves
    // the order pending; it is cancelled and placed again under the ask of then.
    let id = 0;
    let price = 0;
    let filled: typeof trades.$inferSelect | null = null;
    for (let attempt = 1; ; attempt++) {
      // Placed again if the price moved under it before it came in (a buy limit must be below the market).
      const placed = await vi.waitFor(async () => {
        price = Number((quote('BTCUSD')!.ask - 0.5).toFixed(2));
        const res = await store(order('BTCUSD', { order_type: 'limit', price, volume: 0.1 }));
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res;
      });
      expect(placed.body.data.status).toBe('pending');
      id = placed.body.data.id as number;
      filled = await vi
        .waitFor(
          async () => {
            const [row] = await server.ctx.db.select().from(trades).where(eq(trades.id, id));
            expect(row!.status).toBe('open');
            return row!;
          },
          { timeout: 8_000, interval: 100 },
        )
        .catch(() => null);
      if (filled) break;
      expect(attempt, 'the pending order fills within three placements').toBeLessThan(3);
      const cancelled = await server.call('POST', `/trade/${id}/cancel`, { token: customer.token, body: {} });
      // Filled just before the cancel came in.
      if (cancelled.status !== 200) {
        filled = (await server.ctx.db.select().from(trades).where(eq(trades.id, id)))[0]!;
        expect(filled.status).toBe('open');
        break;
      }
    }
    expect(filled).toMatchObject({ venue: 'lp-orders', venueSymbol: 'BTC/USD' });
    expect(Number(filled.requestedPrice)).toBe(price);
    // The one that filled: on a busy machine the price may have moved off the limit at a first try,
    // which the provider refused (the order stays pending and is sent again).
    const sent = await server.ctx.db.select().from(venueOrders).where(and(eq(venueOrders.tradeId, id), eq(venueOrders.purpose, 'open')));
    const fill = sent.find((o) => o.status === 'filled' || o.status === 'partial');
    const atLp = await lpOrder(fill!.clOrdId);
    // The limit sent is the customer's price less the markup: the fill plus the markup is never above it.
    expect(atLp.limit).toBeCloseTo(price - MARKUP, 6);
    expect(Number(filled.openingPrice)).toBeCloseTo(atLp.avg_px + MARKUP, 6);
    expect(Number(filled.openingPrice)).toBeLessThanOrEqual(price + 1e-9);
  });

  it('takes an A-book position the house liquidated (negative balance protection) back to its venue', async () => {
    const other = await createTestUser(server);
    // A group charging at least 50 a side: closing the house position then costs more than the
    // account will have left, whichever way the provider's price walks meanwhile.
    const group = await server.call('POST', '/admin/groups', {
      token: admin.token,
      body: { name: `Costly ${crypto.randomUUID().slice(0, 6)}`, commission_mode: 'per_lot', commission_rate: 1, commission_min: 50, currency: 'USD' },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    for (const { id } of await server.ctx.db.select({ id: tradingAccounts.id }).from(tradingAccounts).where(eq(tradingAccounts.userId, other.id))) {
      expect((await server.call('PUT', `/admin/accounts/${id}/group`, { token: admin.token, body: { group_id: group.body.data.id } })).status).toBe(200);
    }
    const place = (body: Record<string, unknown>) => server.call('POST', '/trades/store', { token: other.token, body });
    const aBook = await place(order('BTCUSD', { volume: 0.05 }));
    const house = await place(order('ETHUSD', { volume: 0.5, type: 'sell' }));
    expect([aBook.status, house.status], JSON.stringify([aBook.body, house.body])).toEqual([201, 201]);
    // The account has next to nothing left: closing the house position leaves it below zero, and
    // the protection closes everything else at the house's price.
    await server.ctx.db.update(tradingAccounts).set({ balance: '0.01' }).where(eq(tradingAccounts.id, aBook.body.data.account_id));
    const closed = await server.call('POST', `/trade/${house.body.data.id}/close`, { token: other.token, body: {} });
    expect(closed.status).toBe(200);
    const [liquidated] = await server.ctx.db.select().from(trades).where(eq(trades.id, aBook.body.data.id));
    expect(liquidated).toMatchObject({ status: 'closed', closeReason: 'stop_out' });
    const [flatten] = await server.ctx.db.select().from(venueOrders).where(and(eq(venueOrders.tradeId, liquidated!.id), eq(venueOrders.purpose, 'flatten')));
    expect(flatten).toMatchObject({ side: 'sell', units: '0.05000000' });
    const atLp = await lpOrder(flatten!.clOrdId);
    expect(atLp).toMatchObject({ side: 'sell', quantity: 0.05, status: 'filled' });
    await vi.waitFor(async () => {
      const [row] = await server.ctx.db.select().from(venueOrders).where(eq(venueOrders.id, flatten!.id));
      expect(row!.status).toBe('filled');
    });
  });

  it('refuses A-book orders while the venue is not logged on, and sends nothing', async () => {
    const { session } = marketOf(server.ctx).venues!.venue('lp-orders')!;
    await session.stop();
    try {
      const count = lpOrders().length;
      const refused = await store(order('BTCUSD'));
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe(msg.venueUnavailable);
      expect(lpOrders().length).toBe(count);
    } finally {
      session.connect();
      await vi.waitFor(() => expect(session.connected).toBe(true), { timeout: 10_000, interval: 50 });
    }
  });
});

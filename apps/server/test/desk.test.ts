import { Decimal } from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closingPrice } from '@bourse/domain';
import { channels, events, type Exposure } from '@bourse/contract';
import { trades, tradingAccounts } from '../src/db/schema/index.ts';
import { deskFeedOf } from '../src/modules/trading/desk/desk-feed.ts';
import { createTestUser, fundLiveAccount, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { type TestMarket, tick, useManualMarket } from './helpers/trading.ts';
import { verifyIdentity } from './helpers/verified.ts';

// The dealing desk against the real server: who may read it, the exposure computed over random
// trading through the API and checked against the trades table, and the desk channel's updates.
const RUNS = Number(process.env.DESK_RUNS ?? 15);

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
let dealer: TestUser;
let support: TestUser;
type Trader = TestUser & { live: number; demo: number };
let traders: Trader[];

async function trader(): Promise<Trader> {
  const user = await createTestUser(server);
  const live = await fundLiveAccount(server, user, '1000000.00');
  await verifyIdentity(server, user, admin.token);
  const [demo] = await server.ctx.db.select().from(tradingAccounts).where(and(eq(tradingAccounts.userId, user.id), eq(tradingAccounts.kind, 'demo')));
  return { ...user, live, demo: demo!.id };
}

beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  [admin, dealer, support] = await Promise.all([createTestUser(server, { role: 'admin' }), createTestUser(server, { role: 'dealer' }), createTestUser(server, { role: 'support' })]);
  traders = [await trader(), await trader()];
});
afterAll(() => server.close());

const instruments = () => [market.instruments.eurusd, market.instruments.btcusd, market.instruments.usdjpy];
const exposure = async (accounts: 'live' | 'all' = 'live'): Promise<Exposure> => {
  const res = await server.call('GET', `/admin/desk/exposure?accounts=${accounts}`, { token: dealer.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const open = async (who: Trader, index: number, side: 'buy' | 'sell', lots: number, account: 'live' | 'demo' = 'live') => {
  const inst = instruments()[index]!;
  const q = market.prices.quote(inst.id)!;
  const body = market.order({ id: inst.id, asset_symbol: inst.symbol, asset_name: inst.name, type: side, volume: lots, opening_price: side === 'buy' ? q.ask : q.bid, account_id: who[account] });
  return server.call('POST', '/trades/store', { token: who.token, body });
};

describe('who may use the desk', () => {
  it('admits admins and dealers to its routes and channel, refuses customers and support with 403', async () => {
    const who = { admin: 200, dealer: 200, support: 403, customer: 403 } as const;
    const tokens = { admin: admin.token, dealer: dealer.token, support: support.token, customer: traders[0]!.token };
    const paths = ['/admin/desk/exposure', '/admin/desk/hedge-rules', '/admin/desk/hedges', '/admin/desk/top-customers', '/admin/desk/toxic-flow', '/admin/desk/reports/daily', '/admin/desk/reports/daily.csv', '/admin/desk/groups'];
    for (const [role, status] of Object.entries(who)) {
      const token = tokens[role as keyof typeof tokens];
      for (const path of paths) expect(`${role} ${path} ${(await server.call('GET', path, { token })).status}`).toBe(`${role} ${path} ${status}`);
      const channel = await server.call('POST', '/broadcasting/auth', { token, body: { socket_id: '1.2', channel_name: `private-${channels.desk()}` } });
      expect(`${role} on the desk channel: ${channel.status}`).toBe(`${role} on the desk channel: ${status}`);
      const hedge = await server.call('POST', '/admin/desk/hedges', { token, body: { asset_id: market.instruments.eurusd.id, side: 'buy', lots: 0.01 } });
      expect(`${role} hedging: ${hedge.status}`).toBe(`${role} hedging: ${status === 200 ? 201 : 403}`);
    }
    expect((await server.call('GET', '/admin/desk/exposure')).status).toBe(401);
  });

  it('lets an admin make a customer a dealer, audited, and the dealer nothing else of the back office', async () => {
    const someone = await createTestUser(server);
    const made = await server.call('PATCH', `/admin/clients/${someone.id}/role`, { token: admin.token, body: { role: 'dealer' } });
    expect(made.status).toBe(200);
    expect(made.body.data.role).toBe('dealer');
    expect((await server.call('GET', '/admin/desk/exposure', { token: someone.token })).status).toBe(200);
    expect((await server.call('GET', '/admin/clients', { token: someone.token })).status).toBe(403);
    const log = await server.call('GET', `/admin/audit?user_id=${someone.id}`, { token: admin.token });
    expect(log.body.data[0]).toMatchObject({ action: 'user.role_dealer', actor_id: admin.id });
    // Support cannot make dealers (only admins change roles).
    expect((await server.call('PATCH', `/admin/clients/${someone.id}/role`, { token: support.token, body: { role: 'customer' } })).status).toBe(403);
  });
});

/** The exposure computed straight from the open positions in the trades table, at the manual prices. */
async function expectedExposure(kinds: ('live' | 'demo')[]) {
  const rows = await server.ctx.db
    .select({ t: trades })
    .from(trades)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.accountId))
    .where(and(eq(trades.status, 'open'), inArray(tradingAccounts.kind, kinds)))
    .orderBy(asc(trades.id));
  const usdjpy = market.prices.quote(market.instruments.usdjpy.id)!.price;
  const toUsd = (ccy: string) => (ccy === 'JPY' ? 1 / usdjpy : 1);
  const byAsset = new Map<number, { long: number; short: number; longCost: number; longUnits: number; shortCost: number; shortUnits: number; pnl: number; positions: number }>();
  for (const { t } of rows) {
    const e = byAsset.get(t.assetId) ?? { long: 0, short: 0, longCost: 0, longUnits: 0, shortCost: 0, shortUnits: 0, pnl: 0, positions: 0 };
    const q = market.prices.quote(t.assetId)!;
    const units = Number(t.volume);
    const customerPnl = (t.tradeType === 'buy' ? closingPrice('buy', q) - Number(t.openingPrice) : Number(t.openingPrice) - closingPrice('sell', q)) * units * toUsd(t.quoteCurrency);
    e.positions++;
    e.pnl -= customerPnl;
    if (t.tradeType === 'buy') Object.assign(e, { long: e.long + Number(t.lots), longCost: e.longCost + units * Number(t.openingPrice), longUnits: e.longUnits + units });
    else Object.assign(e, { short: e.short + Number(t.lots), shortCost: e.shortCost + units * Number(t.openingPrice), shortUnits: e.shortUnits + units });
    byAsset.set(t.assetId, e);
  }
  return byAsset;
}

function expectMatches(got: Exposure, want: Awaited<ReturnType<typeof expectedExposure>>) {
  const rows = got.instruments.filter((r) => r.positions > 0);
  expect(rows.map((r) => r.asset_id).sort()).toEqual([...want.keys()].sort());
  for (const row of rows) {
    const e = want.get(row.asset_id)!;
    const where = row.symbol;
    expect(row.positions, where).toBe(e.positions);
    expect(row.long_lots, where).toBeCloseTo(e.long, 8);
    expect(row.short_lots, where).toBeCloseTo(e.short, 8);
    expect(row.net_lots, where).toBeCloseTo(e.long - e.short, 8);
    expect(row.b_book_net_lots, where).toBeCloseTo(e.long - e.short, 8);
    expect(row.a_book_net_lots, where).toBeCloseTo(0, 8);
    if (e.longUnits) expect(row.long_avg_price!, where).toBeCloseTo(e.longCost / e.longUnits, 6);
    else expect(row.long_avg_price, where).toBeNull();
    if (e.shortUnits) expect(row.short_avg_price!, where).toBeCloseTo(e.shortCost / e.shortUnits, 6);
    else expect(row.short_avg_price, where).toBeNull();
    expect(Math.abs(row.house_pnl! - e.pnl), `${where} house P&L ${row.house_pnl} vs ${e.pnl}`).toBeLessThanOrEqual(0.011);
    const mid = market.prices.quote(row.asset_id)!.price;
    const rate = row.quote_currency === 'JPY' ? 1 / market.prices.quote(market.instruments.usdjpy.id)!.price : 1;
    expect(Math.abs(row.net_notional! - (e.longUnits - e.shortUnits) * mid * rate), `${where} notional`).toBeLessThanOrEqual(0.011);
  }
  const pnl = [...want.values()].reduce((s, e) => s + e.pnl, 0);
  expect(Math.abs(got.total.house_pnl - pnl)).toBeLessThanOrEqual(0.011 * Math.max(1, want.size));
}

const step = fc.oneof(
  { weight: 5, arbitrary: fc.record({ t: fc.constant('open' as const), who: fc.nat(1), asset: fc.nat(2), side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'), lots: fc.integer({ min: 1, max: 300 }), demo: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('partial' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 99 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('close' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('move' as const), asset: fc.nat(2), pct: fc.integer({ min: -200, max: 200 }) }) },
);

describe('live exposure', () => {
  it('equals the sum of the open positions in the trades table after random opens, partial closes, closes and moves', async () => {
    const base = instruments().map((i) => market.prices.quote(i.id)!.price);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          if (s.t === 'move') {
            const inst = instruments()[s.asset]!;
            const mid = base[s.asset]! * (1 + s.pct / 10_000);
            await tick(market, inst.id, mid * 0.9999, mid * 1.0001);
            continue;
          }
          if (s.t === 'open') {
            // Up to 3 lots, of the coin up to 0.1 (a demo account's margin is a few thousand).
            const lots = s.asset === 1 ? (1 + (s.lots % 10)) / 100 : s.lots / 100;
            const res = await open(traders[s.who]!, s.asset, s.side, lots, s.demo ? 'demo' : 'live');
            // A refusal for margin opens nothing, which the exposure must show as well.
            if (res.status !== 422 || !/free margin/.test(res.body.message)) expect(res.status, JSON.stringify(res.body)).toBe(201);
            continue;
          }
          const mine = await server.ctx.db.select().from(trades).where(and(eq(trades.status, 'open'), inArray(trades.userId, traders.map((t) => t.id)))).orderBy(asc(trades.id));
          const target = mine[s.pick % Math.max(1, mine.length)];
          if (!target) continue;
          const owner = traders.find((t) => t.id === target.userId)!;
          const lots = s.t === 'partial' ? new Decimal(target.lots).times(s.share).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toNumber() : undefined;
          if (lots !== undefined && (lots < 0.01 || lots >= Number(target.lots))) continue;
          const res = await server.call('POST', `/trade/${target.id}/close`, { token: owner.token, body: lots === undefined ? undefined : { volume: lots } });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }
        expectMatches(await exposure('live'), await expectedExposure(['live']));
        expectMatches(await exposure('all'), await expectedExposure(['live', 'demo']));
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('groups the instruments by asset class with the totals of their rows', async () => {
    const got = await exposure('all');
    for (const c of got.classes) {
      const rows = got.instruments.filter((r) => r.category === c.category);
      expect(c.positions).toBe(rows.reduce((s, r) => s + r.positions, 0));
      expect(c.house_pnl).toBeCloseTo(rows.reduce((s, r) => s + (r.house_pnl ?? 0), 0), 1);
      expect(c.long_notional).toBeCloseTo(rows.reduce((s, r) => s + (r.long_notional ?? 0), 0), 1);
    }
  });

  it('tells the desk channel when trades change, at most once a second', async () => {
    const sent = () => market.events.sent.filter((e) => e.channel === channels.desk() && e.event === events.deskChanged);
    await deskFeedOf(server.ctx)!.idle();
    const before = sent().length;
    const started = Date.now();
    for (let i = 0; i < 4; i++) expect((await open(traders[0]!, 0, 'buy', 0.01)).status).toBe(201);
    await deskFeedOf(server.ctx)!.idle();
    const updates = sent().slice(before);
    expect(updates.length).toBeGreaterThanOrEqual(1);
    // Four trades within well under a second or two: one update now, the rest together after it.
    expect(updates.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000) + 1);
    expect(updates.at(-1)!.data).toMatchObject({ reason: 'trades' });
    expect((updates.flatMap((u) => (u.data as { asset_ids: number[] }).asset_ids))).toContain(market.instruments.eurusd.id);
  });
});

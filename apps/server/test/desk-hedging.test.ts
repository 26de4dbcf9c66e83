import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PriceFeedsConfig } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import { hedges, trades, venueBreaks } from '../src/db/schema/index.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { aBookDeskOf } from '../src/modules/trading/a-book/a-book-desk.ts';
import { deskFeedOf } from '../src/modules/trading/desk/desk-feed.ts';
import { checkRule, checkRules } from '../src/modules/trading/desk/hedging.ts';
import { createTestUser, fundLiveAccount, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { startTool, type ToolProcess } from './helpers/tool-process.ts';
import { verifyIdentity } from './helpers/verified.ts';

// Hedging rules against the real FIX provider simulator (tools/fix-lp, a process of its own).
// BTCUSD has a venue, but customers' orders under 50 lots stay with the house (hybrid): the house
// holds their other side, and a rule hedges it at the venue. ETHUSD is priced by the same provider
// and has no venue: its rule writes a ticket for the dealer instead.
const CREDENTIALS = { username: 'bourse', password: 'not-a-secret' };
const LP_ARGS = ['--port', '0', '--symbols', 'BTC/USD,ETH/USD', '--rate', '20', '--comp-id', 'LP', '--username', CREDENTIALS.username, '--password', CREDENTIALS.password];

type LpOrder = { comp_id: string; cl_ord_id: string; side: string; symbol: string; quantity: number; status: string; cum_qty: number };

let dir: string;
let lp: ToolProcess;
let server: TestServer;
let admin: TestUser;
let customer: TestUser & { live: number };

beforeAll(async () => {
  lp = await startTool('fix-lp/main.ts', LP_ARGS);
  dir = mkdtempSync(path.join(tmpdir(), 'bourse-hedging-'));
  const session = { host: '127.0.0.1', port: lp.port, target_comp_id: 'LP', ...CREDENTIALS, heartbeat_seconds: 30, reconnect_seconds: 0.2 };
  const config: PriceFeedsConfig = {
    sources: [{ name: 'lp', kind: 'fix', sender_comp_id: 'BOURSE', depth: 1, ...session }],
    // A generous answer timeout: these tests are about the rules, and an order left unanswered on a
    // loaded machine would be a hedge still 'sent' that the provider did fill.
    venues: [{ name: 'lp-orders', kind: 'fix', sender_comp_id: 'BOURSE-ORD', time_in_force: 'IOC', timeout_ms: 20_000, reconcile_minutes: 60, ...session }],
    instruments: {
      BTCUSD: { sources: [{ source: 'lp', symbol: 'BTC/USD' }], execution: { venue: 'lp-orders', symbol: 'BTC/USD', rule: 'hybrid', min_lots: 50, accounts: [], demo_accounts: false } },
      ETHUSD: { sources: [{ source: 'lp', symbol: 'ETH/USD' }] },
    },
    stallMs: 5000,
    recoverMs: 30_000,
    spikeFactor: 50,
  };
  const feedsFile = path.join(dir, 'feeds.json');
  writeFileSync(feedsFile, JSON.stringify(config));
  const { market } = loadConfig({ NODE_ENV: 'test' });
  server = await startTestServer({ market: { ...market, feedsFile } });
  admin = await createTestUser(server, { role: 'admin' });
  const user = await createTestUser(server);
  const live = await fundLiveAccount(server, user, '10000000.00');
  await verifyIdentity(server, user, admin.token);
  customer = { ...user, live };
  const venue = () => marketOf(server.ctx).venues!.venue('lp-orders')!.session;
  await vi.waitFor(() => expect(venue().connected).toBe(true), { timeout: 10_000, interval: 50 });
  await vi.waitFor(() => expect(quote('BTCUSD')).not.toBeNull(), { timeout: 10_000, interval: 50 });
  await vi.waitFor(() => expect(quote('ETHUSD')).not.toBeNull(), { timeout: 10_000, interval: 50 });
  // A server, a provider process and a verified customer: slow on a loaded machine.
}, 180_000);

afterAll(async () => {
  await server?.close();
  lp?.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const instrument = (symbol: string) => marketOf(server.ctx).state.find(symbol)!;
function quote(symbol: string) {
  const { state } = marketOf(server.ctx);
  const i = instrument(symbol).index;
  return state.quoted[i] ? { bid: state.bid[i]!, ask: state.ask[i]! } : null;
}
/** The provider reports each order on its own output, read by this process as it can. */
const LP_REPORTS = { timeout: 10_000, interval: 50 };
const lpOrders = (symbol: string) => lp.events.flatMap((e) => (e.order && (e.order as LpOrder).symbol === symbol ? [e.order as LpOrder] : []));

/** A customer's order through the API, kept by the house (under the route's 50 lots). */
async function open(symbol: string, side: 'buy' | 'sell', lots: number): Promise<number> {
  const inst = instrument(symbol);
  const q = quote(symbol)!;
  const body = { id: inst.id, asset_symbol: symbol, asset_name: inst.name, type: side, volume: lots, opening_price: side === 'buy' ? q.ask : q.bid, account_id: customer.live };
  const res = await server.call('POST', '/trades/store', { token: customer.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await server.ctx.db.select().from(trades).where(eq(trades.id, res.body.data.id));
  expect(row!.venue).toBeNull();
  return row!.id;
}
async function close(id: number): Promise<void> {
  const res = await server.call('POST', `/trade/${id}/close`, { token: customer.token, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const setRule = async (symbol: string, threshold: number) => {
  const res = await server.call('PUT', `/admin/desk/hedge-rules/${instrument(symbol).id}`, { token: admin.token, body: { threshold_lots: threshold, enabled: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { armed: boolean };
};
const armed = async (symbol: string) => {
  const res = await server.call('GET', '/admin/desk/hedge-rules', { token: admin.token });
  return (res.body.data as { symbol: string; armed: boolean }[]).find((r) => r.symbol === symbol)!.armed;
};
const hedgesOf = (symbol: string) => server.ctx.db.select().from(hedges).where(eq(hedges.assetId, instrument(symbol).id)).orderBy(asc(hedges.id));
/** Every way a rule gets decided, all at once: the desk feed after the trades, the periodic beat's pass, a direct check. */
async function decideEverywhere(symbol: string): Promise<void> {
  await Promise.all([deskFeedOf(server.ctx)!.idle(), checkRules(server.ctx), checkRule(server.ctx, instrument(symbol).id)]);
}
const netLots = async (symbol: string) => {
  const rows = await server.ctx.db.select().from(trades).where(and(eq(trades.assetId, instrument(symbol).id), eq(trades.status, 'open'), eq(trades.accountId, customer.live)));
  return rows.reduce((s, t) => s + (t.tradeType === 'buy' ? 1 : -1) * Number(t.lots), 0);
};

describe('a hedging rule on an instrument with a venue', () => {
  it('sends one order to the provider per crossing, and re-arms once the exposure is covered or back under the threshold', async () => {
    expect(await setRule('BTCUSD', 1)).toMatchObject({ armed: true });
    const first = await open('BTCUSD', 'buy', 0.6);
    await decideEverywhere('BTCUSD');
    expect(await hedgesOf('BTCUSD')).toHaveLength(0);

    // The customer's second order takes the house 1.2 lots short: the rule buys 1.2 at the venue, once.
    const second = await open('BTCUSD', 'buy', 0.6);
    await decideEverywhere('BTCUSD');
    await decideEverywhere('BTCUSD');
    const [hedge, ...more] = await hedgesOf('BTCUSD');
    expect(more).toHaveLength(0);
    expect(hedge).toMatchObject({ origin: 'rule', side: 'buy', lots: '1.20', exposureLots: '-1.20', thresholdLots: '1.00', venue: 'lp-orders', venueSymbol: 'BTC/USD', status: 'filled' });
    const atLp = await vi.waitFor(() => {
      const sent = lpOrders('BTC/USD');
      expect(sent).toHaveLength(1);
      return sent[0]!;
    }, LP_REPORTS);
    expect(atLp).toMatchObject({ comp_id: 'BOURSE-ORD', cl_ord_id: hedge!.clOrdId, side: 'buy', quantity: Number(hedge!.units), status: 'filled' });
    // Filled, it covers the exposure: the rule is armed for the next crossing.
    expect(await armed('BTCUSD')).toBe(true);

    // The provider now refuses: the next crossing's hedge is refused, and the rule stays disarmed while
    // the exposure stays over the threshold, whatever the trades and checks.
    await lp.command('orders reject no liquidity');
    try {
      const third = await open('BTCUSD', 'buy', 1.1);
      await decideEverywhere('BTCUSD');
      const refused = (await hedgesOf('BTCUSD'))[1]!;
      expect(refused).toMatchObject({ origin: 'rule', side: 'buy', lots: '1.10', status: 'rejected', text: 'no liquidity' });
      await open('BTCUSD', 'buy', 0.2);
      await decideEverywhere('BTCUSD');
      expect(await hedgesOf('BTCUSD')).toHaveLength(2);
      expect(await armed('BTCUSD')).toBe(false);
      expect(lpOrders('BTC/USD')).toHaveLength(2);

      // The customer closes enough that the uncovered exposure is back under: re-armed, nothing sent.
      await close(third);
      await decideEverywhere('BTCUSD');
      expect(await armed('BTCUSD')).toBe(true);
      expect(await hedgesOf('BTCUSD')).toHaveLength(2);
    } finally {
      await lp.command('orders fill');
    }

    // A crossing the other way (the customer now short): one sell at the venue.
    await Promise.all([close(first), close(second)]);
    await open('BTCUSD', 'sell', 1.5);
    await decideEverywhere('BTCUSD');
    const all = await hedgesOf('BTCUSD');
    expect(all).toHaveLength(3);
    // The house: +1.2 hedged, customers net short 1.3 (0.2 long, 1.5 short), so it is long 2.5.
    expect(await netLots('BTCUSD')).toBeCloseTo(-1.3, 8);
    expect(all[2]).toMatchObject({ side: 'sell', lots: '2.50', exposureLots: '2.50', status: 'filled' });
    await vi.waitFor(() => expect(lpOrders('BTC/USD')).toHaveLength(3), LP_REPORTS);
    expect(lpOrders('BTC/USD')[2]).toMatchObject({ cl_ord_id: all[2]!.clOrdId, side: 'sell', status: 'filled' });
  });

  it('reconciles the filled hedges with the provider: a hedge is the house’s position at the venue, not a break', async () => {
    const desk = aBookDeskOf(server.ctx)!;
    const theirs = await marketOf(server.ctx).venues!.venue('lp-orders')!.session.positions();
    // The provider holds the house's hedges: +1.2 − 2.5 lots of BTC.
    const filled = (await hedgesOf('BTCUSD')).filter((h) => h.status === 'filled');
    const net = filled.reduce((s, h) => s + (h.side === 'buy' ? 1 : -1) * Number(h.filledUnits), 0);
    expect(theirs.get('BTC/USD')).toBeCloseTo(net, 8);
    expect(net).not.toBe(0);
    await desk.reconcile(true);
    expect(await server.ctx.db.select().from(venueBreaks)).toEqual([]);
  });

  it('hedges once when several checks race for the same crossing while the order is still out', async () => {
    const before = (await hedgesOf('BTCUSD')).length;
    const sentBefore = lpOrders('BTC/USD').length;
    // The provider answers slowly: the order is out while the other checks decide.
    await lp.command('orders slow 400');
    try {
      await open('BTCUSD', 'sell', 1.2);
      const id = instrument('BTCUSD').id;
      await Promise.all([deskFeedOf(server.ctx)!.idle(), checkRules(server.ctx), checkRule(server.ctx, id), checkRule(server.ctx, id), checkRules(server.ctx)]);
      await decideEverywhere('BTCUSD');
    } finally {
      await lp.command('orders slow 0');
    }
    const fired = (await hedgesOf('BTCUSD')).slice(before);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ origin: 'rule', side: 'sell', lots: '1.20', status: 'filled' });
    await vi.waitFor(() => expect(lpOrders('BTC/USD').length).toBe(sentBefore + 1), LP_REPORTS);
    expect(await armed('BTCUSD')).toBe(true);
  });
});

describe('a hedging rule on an instrument without a venue', () => {
  it('writes one ticket per crossing, sends nothing, and re-arms once the exposure is back under the threshold', async () => {
    await setRule('ETHUSD', 2);
    await open('ETHUSD', 'sell', 1.5);
    await decideEverywhere('ETHUSD');
    expect(await hedgesOf('ETHUSD')).toHaveLength(0);

    const over = await open('ETHUSD', 'sell', 1);
    await decideEverywhere('ETHUSD');
    await open('ETHUSD', 'sell', 0.3);
    await decideEverywhere('ETHUSD');
    const tickets = await hedgesOf('ETHUSD');
    expect(tickets).toHaveLength(1);
    // The customer sold 2.5 lots: the house is long 2.5 and the ticket says to sell it.
    expect(tickets[0]).toMatchObject({ origin: 'rule', side: 'sell', lots: '2.50', exposureLots: '2.50', venue: null, clOrdId: null, status: 'ticket' });
    // A ticket is placed elsewhere by the dealer: it covers nothing here, so the rule waits for the exposure to fall.
    expect(await armed('ETHUSD')).toBe(false);

    await close(over);
    await decideEverywhere('ETHUSD');
    expect(await armed('ETHUSD')).toBe(true);
    await open('ETHUSD', 'sell', 0.5);
    await Promise.all([decideEverywhere('ETHUSD'), decideEverywhere('ETHUSD')]);
    const again = await hedgesOf('ETHUSD');
    expect(again).toHaveLength(2);
    expect(again[1]).toMatchObject({ side: 'sell', lots: '2.30', status: 'ticket' });
    expect(lpOrders('ETH/USD')).toEqual([]);

    const view = await server.call('GET', `/admin/desk/hedges?asset_id=${instrument('ETHUSD').id}`, { token: admin.token });
    expect(view.body.data.map((h: { status: string; venue: string | null }) => [h.status, h.venue])).toEqual([
      ['ticket', null],
      ['ticket', null],
    ]);
  });
});

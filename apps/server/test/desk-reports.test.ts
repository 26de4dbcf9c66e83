import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolloverAt } from '@bourse/domain';
import { deskDayPnl, deskDays, journalEntries, trades } from '../src/db/schema/index.ts';
import { takeDaySnapshot } from '../src/modules/trading/desk/day-snapshot.ts';
import { rollOver } from '../src/modules/trading/swaps/rollover.ts';
import { createTestUser, fundLiveAccount, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { type TestMarket, tick, useManualMarket } from './helpers/trading.ts';
import { verifyIdentity } from './helpers/verified.ts';

// The desk's reports over trading placed through the API by customers in two groups: the daily P&L
// by group and instrument (and its CSV) against sums made here from the trades and the ledger, the
// top customers, the toxic-flow flags, and the end-of-day snapshot kept once per day.
const DAY_MS = 86_400_000;
const dayOf = (d: Date | number) => new Date(d).toISOString().slice(0, 10);

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
let dealer: TestUser;
type Customer = TestUser & { live: number; group: Group };
type Group = { id: number; name: string };
const who: Record<'alice' | 'bob' | 'carol' | 'dave' | 'eve' | 'frank' | 'gina', Customer> = {} as never;
/** The spread each fill crossed, in USD, by trade: the house's spread income, kept as the orders were placed. */
const spreadOf = new Map<number, number>();
let today: string;
let swapDay: string;

async function createGroup(name: string, rate: number): Promise<Group> {
  const body = { name: `${name} ${crypto.randomUUID().slice(0, 6)}`, commission_mode: 'per_lot', commission_rate: rate, commission_min: 0.5, currency: 'USD' };
  const res = await server.call('POST', '/admin/groups', { token: admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
async function customerIn(group: Group): Promise<Customer> {
  const user = await createTestUser(server);
  const live = await fundLiveAccount(server, user, '1000000.00');
  await verifyIdentity(server, user, admin.token);
  const moved = await server.call('PUT', `/admin/accounts/${live}/group`, { token: admin.token, body: { group_id: group.id } });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return { ...user, live, group };
}

const inst = (symbol: 'eurusd' | 'btcusd' | 'usdjpy') => market.instruments[symbol];
async function place(c: Customer, symbol: 'eurusd' | 'btcusd' | 'usdjpy', side: 'buy' | 'sell', lots: number): Promise<number> {
  const i = inst(symbol);
  const q = market.prices.quote(i.id)!;
  const body = market.order({ id: i.id, asset_symbol: i.symbol, asset_name: i.name, type: side, volume: lots, opening_price: side === 'buy' ? q.ask : q.bid, account_id: c.live });
  const res = await server.call('POST', '/trades/store', { token: c.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const toUsd = i.quoteCurrency === 'JPY' ? 1 / market.prices.quote(inst('usdjpy').id)!.price : 1;
  spreadOf.set(res.body.data.id, (q.ask - q.bid) * lots * Number(i.contractSize) * toUsd);
  return res.body.data.id;
}
async function close(c: Customer, id: number, lots?: number): Promise<void> {
  const res = await server.call('POST', `/trade/${id}/close`, { token: c.token, body: lots === undefined ? {} : { volume: lots } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const move = async (symbol: 'eurusd' | 'btcusd' | 'usdjpy', by: number) => {
  const q = market.prices.quote(inst(symbol).id)!;
  await tick(market, inst(symbol).id, q.bid + by, q.ask + by);
};

beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  [admin, dealer] = await Promise.all([createTestUser(server, { role: 'admin' }), createTestUser(server, { role: 'dealer' })]);
  const [gA, gB] = [await createGroup('Desk A', 3.5), await createGroup('Desk B', 1)];
  const names = ['alice', 'bob', 'carol', 'dave', 'eve', 'frank', 'gina'] as const;
  const made = await Promise.all(names.map((n, i) => customerIn(i < 2 || n === 'frank' || n === 'gina' ? gA : gB)));
  for (const [i, n] of names.entries()) who[n] = made[i]!;
  const { alice, bob, carol, dave, eve, frank, gina } = who;

  // Group A: a partial close at a profit, the rest left open; a coin sold and closed at a loss.
  const a = await place(alice, 'eurusd', 'buy', 2);
  await move('eurusd', 0.002);
  await close(alice, a, 1);
  const b = await place(bob, 'btcusd', 'sell', 0.1);
  await move('btcusd', 150);
  await close(bob, b);
  // Group B: a short closed at a profit, a yen pair left open, the most volume.
  const c = await place(carol, 'eurusd', 'sell', 1);
  await move('eurusd', -0.001);
  await close(carol, c);
  await place(carol, 'usdjpy', 'buy', 1);
  const d = await place(dave, 'eurusd', 'buy', 5);
  await close(dave, d);
  // Toxic flow: five positions closed at a profit within seconds of opening.
  for (let n = 0; n < 5; n++) {
    const id = await place(eve, 'eurusd', 'buy', 0.1);
    await move('eurusd', 0.0005);
    await close(eve, id);
  }
  // Quick but losing (the spread), and profitable but slow (held ten minutes): neither is flagged.
  for (let n = 0; n < 5; n++) {
    const lost = await place(frank, 'eurusd', 'buy', 0.2);
    await close(frank, lost);
    const slow = await place(gina, 'eurusd', 'buy', 0.3);
    await move('eurusd', 0.0005);
    await server.ctx.db.update(trades).set({ openTime: sql`open_time - interval '10 minutes'` }).where(eq(trades.id, slow));
    await close(gina, slow);
  }

  // A rollover some weekdays ahead charges the open positions a swap (alice's lot, carol's yen pair).
  today = dayOf(Date.now());
  let day = Date.now() + 10 * DAY_MS;
  while (![2, 4].includes(new Date(day).getUTCDay())) day += DAY_MS;
  swapDay = dayOf(day);
  const { rolloverTime, zone } = server.ctx.config.swaps;
  const at = rolloverAt(swapDay, rolloverTime, zone);
  await server.ctx.db.execute(sql`UPDATE swap_settings SET charged_from = ${new Date(at - 60_000).toISOString()}::timestamptz`);
  await rollOver(server.ctx, at + 120_000);
}, 240_000);
afterAll(() => server.close());

const customers = () => Object.values(who);
const accountIds = () => customers().map((c) => c.live);
const groupOf = (accountId: number) => customers().find((c) => c.live === accountId)!.group;
const from = () => dayOf(Date.parse(`${today}T00:00:00Z`) - DAY_MS);

type Figures = { trades: number; lots: number; spread_income: number; commissions: number; swaps: number; realised_pnl: number; house_pnl: number };
const zero = (): Figures => ({ trades: 0, lots: 0, spread_income: 0, commissions: 0, swaps: 0, realised_pnl: 0, house_pnl: 0 });

/** The daily P&L summed here from the trades table and the journal, keyed by day, group and instrument (all accounts in USD). */
async function expectedDaily(): Promise<Map<string, Figures>> {
  const rows = await server.ctx.db.select().from(trades).where(inArray(trades.accountId, accountIds())).orderBy(asc(trades.id));
  const byRef = new Map(rows.map((t) => [t.tradeId, t]));
  const out = new Map<string, Figures>();
  const at = (day: string, accountId: number, assetId: number) => {
    const key = `${day}|${groupOf(accountId).id}|${assetId}`;
    if (!out.has(key)) out.set(key, zero());
    return out.get(key)!;
  };
  for (const t of rows) {
    // Fills only: a pending order has no open time yet.
    if (t.openTime === null || (t.status !== 'open' && t.status !== 'closed')) continue;
    const f = at(dayOf(t.openTime), t.accountId, t.assetId);
    if (t.parentId === null) f.trades++;
    f.lots += Number(t.lots);
    // On the day of the fill, the slow trader's opens moved ten minutes back included (the day before, just after midnight).
    f.spread_income += spreadOf.get(t.id) ?? 0;
  }
  const ledger = await server.ctx.db.select().from(journalEntries).where(and(inArray(journalEntries.accountId, accountIds()), inArray(journalEntries.kind, ['commission', 'realised_pnl', 'swap'])));
  for (const j of ledger) {
    const [tradeRef, swapOn] = j.kind === 'swap' ? j.reference!.slice('swap:'.length).split(':') : [j.reference!, null];
    const t = byRef.get(tradeRef!);
    expect(t, `journal entry ${j.id} (${j.reference}) names a trade`).toBeDefined();
    const f = at(swapOn ?? dayOf(j.createdAt), j.accountId, t!.assetId);
    const amount = Number(j.amount);
    if (j.kind === 'commission') f.commissions -= amount;
    if (j.kind === 'swap') f.swaps -= amount;
    if (j.kind === 'realised_pnl') f.realised_pnl += amount;
  }
  for (const f of out.values()) f.house_pnl = f.commissions + f.swaps - f.realised_pnl;
  return out;
}

describe('daily P&L by group and instrument', () => {
  it('equals the sums of the trades and the journal, with the spread the fills crossed, and the CSV says the same', async () => {
    const span = `from=${from()}&to=${swapDay}`;
    const res = await server.call('GET', `/admin/desk/reports/daily?${span}`, { token: dealer.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    type Row = Figures & { day: string; group_id: number; group_name: string; asset_id: number; symbol: string; currency: string };
    const rows = res.body.data.rows as Row[];
    const want = await expectedDaily();
    expect(rows.map((r) => `${r.day}|${r.group_id}|${r.asset_id}`).sort()).toEqual([...want.keys()].sort());
    for (const r of rows) {
      const e = want.get(`${r.day}|${r.group_id}|${r.asset_id}`)!;
      const where = `${r.day} ${r.group_name} ${r.symbol}`;
      expect(r.currency, where).toBe('USD');
      expect(r.trades, where).toBe(e.trades);
      expect(r.lots, where).toBeCloseTo(e.lots, 2);
      for (const f of ['spread_income', 'commissions', 'swaps', 'realised_pnl', 'house_pnl'] as const) expect(Math.abs(r[f] - e[f]), `${where} ${f}: ${r[f]} vs ${e[f]}`).toBeLessThanOrEqual(0.011);
    }
    // Both groups, and on the rollover's day the swaps of the two positions left open (a long yen
    // pair earns one: the house's swap income is negative there).
    expect(new Set(rows.map((r) => r.group_id))).toEqual(new Set([who.alice.group.id, who.carol.group.id]));
    const swapRows = rows.filter((r) => r.day === swapDay);
    expect(swapRows.map((r) => [r.group_id, r.asset_id]).sort()).toEqual([[who.alice.group.id, inst('eurusd').id], [who.carol.group.id, inst('usdjpy').id]].sort());
    expect(swapRows.every((r) => r.swaps !== 0 && r.trades === 0 && r.commissions === 0), JSON.stringify(swapRows)).toBe(true);

    const csv = await server.call('GET', `/admin/desk/reports/daily.csv?${span}`, { token: dealer.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (csv.body as string).trim().split(/\r?\n/).map((l) => l.split(','));
    expect(lines[0]).toEqual(['day', 'group', 'instrument', 'currency', 'trades', 'lots', 'spread_income', 'commissions', 'swaps', 'customers_realised_pnl', 'house_pnl']);
    const body = lines.slice(1);
    expect(body.map((l) => [l[0], l[1], l[2], l[3], Number(l[4]), Number(l[5]), ...l.slice(6).map(Number)])).toEqual(
      rows.map((r) => [r.day, r.group_name, r.symbol, r.currency, r.trades, r.lots, r.spread_income, r.commissions, r.swaps, r.realised_pnl, r.house_pnl]),
    );
    const total = (col: number) => body.reduce((s, l) => s + Number(l[col]), 0);
    const sum = (f: keyof Figures) => [...want.values()].reduce((s, e) => s + e[f], 0);
    expect(Math.abs(total(7) - sum('commissions'))).toBeLessThanOrEqual(0.011 * body.length);
    expect(Math.abs(total(8) - sum('swaps'))).toBeLessThanOrEqual(0.011 * body.length);
    expect(Math.abs(total(9) - sum('realised_pnl'))).toBeLessThanOrEqual(0.011 * body.length);
    expect(Math.abs(total(10) - sum('house_pnl'))).toBeLessThanOrEqual(0.011 * body.length);
    expect(Math.abs(total(6) - sum('spread_income'))).toBeLessThanOrEqual(0.011 * body.length);
    // The realised P&L in the journal is the closed positions' P&L in the trades table.
    const closed = await server.ctx.db.select().from(trades).where(and(inArray(trades.accountId, accountIds()), eq(trades.status, 'closed')));
    expect(sum('realised_pnl')).toBeCloseTo(closed.reduce((s, t) => s + Number(t.pnl), 0), 2);
  });
});

describe('customers', () => {
  it('ranks the top customers by realised P&L and by volume as the trades table does', async () => {
    const res = await server.call('GET', `/admin/desk/top-customers?from=${from()}&to=${today}`, { token: dealer.token });
    expect(res.status).toBe(200);
    const rows = await server.ctx.db.select().from(trades).where(inArray(trades.accountId, accountIds()));
    const pnl = new Map<number, number>();
    const notional = new Map<number, number>();
    for (const t of rows) {
      if (t.status === 'closed') pnl.set(t.accountId, (pnl.get(t.accountId) ?? 0) + Number(t.pnl));
      notional.set(t.accountId, (notional.get(t.accountId) ?? 0) + Number(t.volume) * Number(t.openingPrice) * Number(t.fillConversion ?? 0));
    }
    const byPnl = accountIds().sort((x, y) => (pnl.get(y) ?? 0) - (pnl.get(x) ?? 0) || x - y);
    const byVolume = accountIds().sort((x, y) => (notional.get(y) ?? 0) - (notional.get(x) ?? 0) || x - y);
    expect(res.body.data.by_pnl.map((r: { account_id: number }) => r.account_id)).toEqual(byPnl);
    expect(res.body.data.by_volume.map((r: { account_id: number }) => r.account_id)).toEqual(byVolume);
    expect(res.body.data.by_volume[0]).toMatchObject({ account_id: who.dave.live, group_id: who.dave.group.id, opened_lots: 5 });
    for (const r of res.body.data.by_pnl as { account_id: number; realised_pnl: number; group_id: number }[]) {
      expect(r.realised_pnl).toBeCloseTo(pnl.get(r.account_id) ?? 0, 2);
      expect(r.group_id).toBe(groupOf(r.account_id).id);
    }
  });

  it('flags the account with several quick profitable closes, not the quick losing or slow profitable ones', async () => {
    const res = await server.call('GET', `/admin/desk/toxic-flow?from=${from()}&to=${today}`, { token: dealer.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const flags = res.body.data.flags as { account_id: number; quick_trades: number; quick_wins: number; win_rate: number; quick_profit: number }[];
    expect(flags.map((f) => f.account_id)).toEqual([who.eve.live]);
    const eve = await server.ctx.db.select().from(trades).where(eq(trades.accountId, who.eve.live));
    expect(flags[0]).toMatchObject({ quick_trades: 5, quick_wins: 5, win_rate: 100 });
    expect(flags[0]!.quick_profit).toBeCloseTo(eve.reduce((s, t) => s + Number(t.pnl), 0), 2);
    // Narrower rules: with a 15-minute window the slow trader is flagged too; the loser never is.
    const wide = await server.call('GET', `/admin/desk/toxic-flow?from=${from()}&to=${today}&within_seconds=900`, { token: dealer.token });
    expect(wide.body.data.flags.map((f: { account_id: number }) => f.account_id).sort()).toEqual([who.eve.live, who.gina.live].sort((x, y) => x - y));
  });
});

describe('end-of-day snapshot', () => {
  it('keeps one snapshot a day however often and however concurrently the job runs, with the day’s figures', async () => {
    const tomorrow = Date.parse(`${today}T00:00:00Z`) + DAY_MS + 3_600_000;
    const runs = await Promise.all([takeDaySnapshot(server.ctx, tomorrow), takeDaySnapshot(server.ctx, tomorrow), takeDaySnapshot(server.ctx, tomorrow + 60_000)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await takeDaySnapshot(server.ctx, tomorrow + 600_000)).toBe(false);
    const days = await server.ctx.db.select().from(deskDays).where(eq(deskDays.day, today));
    expect(days).toHaveLength(1);
    const kept = await server.ctx.db.select().from(deskDayPnl).where(eq(deskDayPnl.day, today));
    const report = await server.call('GET', `/admin/desk/reports/daily?from=${today}&to=${today}`, { token: dealer.token });
    const live = (report.body.data.rows as { group_id: number; asset_id: number; commissions: number; realised_pnl: number; trades: number }[]).map((r) => [r.group_id, r.asset_id, r.trades, r.commissions, r.realised_pnl]);
    expect(kept.map((k) => [k.groupId, k.assetId, k.trades, Number(k.commissions), Number(k.realisedPnl)]).sort()).toEqual(live.sort());
    expect(report.body.data.snapshots).toEqual([today]);
    // The day before was kept when the server started, once.
    const yesterday = await server.ctx.db.select().from(deskDays).where(eq(deskDays.day, from()));
    expect(yesterday).toHaveLength(1);
  });
});

import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolloverAt, rolloversBetween } from '@bourse/domain';
import { auditLog, journalEntries, swapCharges, trades, tradingAccounts } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { rollOver } from '../src/modules/trading/swaps/rollover.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { openTrade, type TestMarket, tick, useManualMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Rollovers of a week far ahead (Monday 13 January 2031 …), 17:00 New York = 22:00 UTC in winter:
// every position the tests open now is held at them unless a test moves its times.
const FIVE_PM = { hour: 17, minute: 0 };
const NY = 'America/New_York';
const at = (day: string) => rolloverAt(day, FIVE_PM, NY);
const MINUTE = 60_000;

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
});
afterAll(() => server.close());

/** Rollovers before `day`'s are not charged: each test charges the days it names, not the month before them. */
const chargeFrom = (day: string) => server.ctx.db.execute(sql`UPDATE swap_settings SET charged_from = ${new Date(at(day) - MINUTE).toISOString()}::timestamptz`);
/** The rollover job as the worker runs it, `after` past `day`'s rollover. */
const runAfter = (day: string, after = 2 * MINUTE) => rollOver(server.ctx, at(day) + after);

const eurusd = (overrides: Record<string, unknown> = {}) => market.order({ volume: 1, ...overrides });
const btc = () => market.order({ id: market.instruments.btcusd.id, asset_symbol: 'BTCUSD', opening_price: 60_010, volume: 0.1 });
const usdjpy = () => market.order({ id: market.instruments.usdjpy.id, asset_symbol: 'USDJPY', opening_price: 150.01, volume: 1 });
const open = async (user: TestUser, order: Record<string, unknown>) => {
  const res = await server.call('POST', '/trades/store', { token: user.token, body: order });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data as { id: number; trade_id: string; account_id: number };
};
const close = async (user: TestUser, id: number, volume?: number) => {
  const res = await server.call('POST', `/trade/${id}/close`, { token: user.token, body: volume === undefined ? undefined : { volume } });
  expect(res.status).toBe(200);
  return res.body.data;
};
const tradeRow = async (id: number) => (await server.ctx.db.select().from(trades).where(eq(trades.id, id)))[0]!;
const accountRow = async (id: number) => (await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id)))[0]!;
const entriesOf = (accountId: number) => server.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, accountId)).orderBy(asc(journalEntries.id));
const swapsOf = async (accountId: number) => (await entriesOf(accountId)).filter((e) => e.kind === 'swap').map((e) => [e.reference, e.amount]);
/** Moves a trade's times (as if it had opened or closed then); a close stamps updated_at too. */
const setTimes = (id: number, times: { open?: number; close?: number }) =>
  server.ctx.db
    .update(trades)
    .set({
      ...(times.open === undefined ? {} : { openTime: new Date(times.open) }),
      ...(times.close === undefined ? {} : { closeTime: new Date(times.close), updatedAt: new Date(times.close) }),
    })
    .where(eq(trades.id, id));

/** Every entry's balance after is the running sum, and the balance is the last of them. */
async function expectLedgerExact(accountId: number) {
  let sum = 0;
  const entries = await entriesOf(accountId);
  for (const e of entries) {
    sum = Math.round((sum + Number(e.amount)) * 100) / 100;
    expect(Number(e.balanceAfter), `entry ${e.id} ${e.kind}`).toBe(sum);
  }
  expect(Number((await accountRow(accountId)).balance)).toBe(sum);
  expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
}

describe('the daily rollover', () => {
  it('charges each position its swap once per day however often it runs, and shows it on the trade', async () => {
    await tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
    const user = await createTestUser(server);
    const long = await open(user, eurusd());
    const short = await open(user, eurusd({ type: 'sell', opening_price: 1.0999 }));
    await chargeFrom('2031-01-13');

    const [first] = await runAfter('2031-01-13');
    expect(first).toMatchObject({ day: '2031-01-13', complete: true });
    expect(first!.charged).toBeGreaterThanOrEqual(2);
    // Again, later the same evening, and three at once: the day is done.
    expect(await runAfter('2031-01-13', 3 * 3_600_000)).toEqual([]);
    await server.ctx.db.execute(sql`DELETE FROM swap_rollovers`);
    const again = await Promise.all([runAfter('2031-01-13'), runAfter('2031-01-13', 5 * MINUTE), runAfter('2031-01-13', 9 * MINUTE)]);
    // However many of them find the day still open (one may finish before another looks), none charges again.
    expect(again.flat().length).toBeGreaterThanOrEqual(1);
    expect(again.flat().map((o) => o.charged)).toEqual(again.flat().map(() => 0));

    // 1 lot of EUR/USD at 1.1 (the mid price): -3.2% a year long, +0.95% short, over 360 days.
    expect(await swapsOf(long.account_id)).toEqual([
      [`swap:${long.trade_id}:2031-01-13`, '-9.78'],
      [`swap:${short.trade_id}:2031-01-13`, '2.90'],
    ]);
    const charges = await server.ctx.db.select().from(swapCharges).where(eq(swapCharges.tradeId, long.id));
    expect(charges).toMatchObject([{ day: '2031-01-13', units: '100000.00000000', rate: '-3.200000', unit: 'percent', nights: 1, amount: '-9.78' }]);
    expect(Number(charges[0]!.price)).toBeCloseTo(1.1, 10);
    const listed = (await server.call('GET', `/open/trades?account_id=${long.account_id}`, { token: user.token })).body.data as { id: number; swap: string; pnl: string }[];
    expect(listed.map((t) => [t.id, t.swap]).sort()).toEqual([[long.id, '-9.78'], [short.id, '2.90']].sort());
    expect((await accountRow(long.account_id)).balance).toBe('9993.12');
    await expectLedgerExact(long.account_id);

    // Closed later, the trade keeps what it was charged, in the history and its export too.
    expect((await close(user, long.id)).swap).toBe('-9.78');
    const csv = (await server.call('GET', `/closed/trades/export.csv?account_id=${long.account_id}`, { token: user.token })).body as string;
    const [head, row] = csv.trim().split('\r\n');
    expect(row!.split(',')[head!.split(',').indexOf('swap')]).toBe('-9.78');
  });

  it('charges three nights on the triple day: Wednesday for forex, and once a day for crypto', async () => {
    await tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
    const user = await createTestUser(server);
    const fx = await open(user, eurusd());
    const fxShort = await open(user, eurusd({ type: 'sell', opening_price: 1.0999 }));
    const coin = await open(user, btc());
    await chargeFrom('2031-01-14');
    await runAfter('2031-01-14');
    await runAfter('2031-01-15');
    await runAfter('2031-01-16');
    expect(await swapsOf(fx.account_id)).toEqual([
      [`swap:${fx.trade_id}:2031-01-14`, '-9.78'],
      [`swap:${fxShort.trade_id}:2031-01-14`, '2.90'],
      // 0.1 BTC at 60,000, -18% a year over 365 days.
      [`swap:${coin.trade_id}:2031-01-14`, '-2.96'],
      [`swap:${fx.trade_id}:2031-01-15`, '-29.33'],
      [`swap:${fxShort.trade_id}:2031-01-15`, '8.71'],
      [`swap:${coin.trade_id}:2031-01-15`, '-2.96'],
      [`swap:${fx.trade_id}:2031-01-16`, '-9.78'],
      [`swap:${fxShort.trade_id}:2031-01-16`, '2.90'],
      [`swap:${coin.trade_id}:2031-01-16`, '-2.96'],
    ]);
    expect((await tradeRow(fx.id)).swap).toBe('-48.89');
    await expectLedgerExact(fx.account_id);
  });

  it('charges positions held at the rollover only: not one opened after it or closed before it; one closed after it, when the job runs late', async () => {
    await tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
    const user = await createTestUser(server);
    const held = await open(user, eurusd());
    const later = await open(user, eurusd());
    await setTimes(later.id, { open: at('2031-01-17') + MINUTE });
    const gone = await open(user, eurusd());
    await close(user, gone.id);
    const late = await open(user, eurusd());
    await close(user, late.id);
    await setTimes(late.id, { close: at('2031-01-17') + 30 * MINUTE });
    // A partial close after the rollover: the position is charged for all it held then, once.
    const split = await open(user, eurusd());
    await close(user, split.id, 0.4);
    const [slice] = await server.ctx.db.select().from(trades).where(eq(trades.parentId, split.id));
    await setTimes(slice!.id, { close: at('2031-01-17') + 20 * MINUTE });

    await chargeFrom('2031-01-17');
    await runAfter('2031-01-17', 45 * MINUTE);
    expect(await swapsOf(held.account_id)).toEqual([
      [`swap:${held.trade_id}:2031-01-17`, '-9.78'],
      [`swap:${late.trade_id}:2031-01-17`, '-9.78'],
      [`swap:${split.trade_id}:2031-01-17`, '-9.78'],
    ]);
    expect(await server.ctx.db.select({ units: swapCharges.units }).from(swapCharges).where(eq(swapCharges.tradeId, split.id))).toEqual([{ units: '100000.00000000' }]);
    expect((await tradeRow(late.id))).toMatchObject({ status: 'closed', swap: '-9.78' });
    expect((await tradeRow(gone.id)).swap).toBe('0.00');

    // The weekend: forex rolls over Monday to Friday only; the position opened after Friday's is charged Monday.
    await runAfter('2031-01-20');
    expect((await swapsOf(held.account_id)).slice(3)).toEqual([
      [`swap:${held.trade_id}:2031-01-20`, '-9.78'],
      [`swap:${later.trade_id}:2031-01-20`, '-9.78'],
      [`swap:${split.trade_id}:2031-01-20`, '-5.87'],
    ]);
    await expectLedgerExact(held.account_id);

    // A partial close takes its share of what the position was charged.
    const [rest] = (await server.call('GET', `/open/trades?account_id=${held.account_id}`, { token: user.token })).body.data.filter((t: { id: number }) => t.id === split.id);
    expect(rest.swap).toBe('-15.65');
    const closedPart = await close(user, split.id, 0.3);
    expect(closedPart.swap).toBe('-7.83');
    expect((await tradeRow(split.id)).swap).toBe('-7.82');
  });

  it('charges a rollover the worker missed when it comes back, each day for its own, weekends for crypto only', async () => {
    await tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
    const user = await createTestUser(server);
    const fx = await open(user, eurusd());
    const coin = await open(user, btc());
    // Down from before Thursday 23 January's rollover until Monday 27th's evening: one run charges all five days.
    await chargeFrom('2031-01-23');
    const outcomes = await runAfter('2031-01-27', 3 * 3_600_000);
    expect(outcomes.map((o) => [o.day, o.complete])).toEqual([
      ['2031-01-23', true],
      ['2031-01-24', true],
      ['2031-01-25', true],
      ['2031-01-26', true],
      ['2031-01-27', true],
    ]);
    expect(await swapsOf(fx.account_id)).toEqual([
      [`swap:${fx.trade_id}:2031-01-23`, '-9.78'],
      [`swap:${coin.trade_id}:2031-01-23`, '-2.96'],
      [`swap:${fx.trade_id}:2031-01-24`, '-9.78'],
      [`swap:${coin.trade_id}:2031-01-24`, '-2.96'],
      [`swap:${coin.trade_id}:2031-01-25`, '-2.96'],
      [`swap:${coin.trade_id}:2031-01-26`, '-2.96'],
      [`swap:${fx.trade_id}:2031-01-27`, '-9.78'],
      [`swap:${coin.trade_id}:2031-01-27`, '-2.96'],
    ]);
    await expectLedgerExact(fx.account_id);
  });

  it('puts a balance a swap took below zero back to zero when no position is left, and leaves one with positions to stop-out', async () => {
    await tick(market, market.instruments.usdjpy.id, 149.99, 150.01);
    // An absurdly dear swap on USD/JPY for this test: 100,000 points (100 yen) per lot per night.
    const set = await server.call('PUT', '/admin/swap-rates/USDJPY', { token: admin.token, body: { long_rate: -100_000, short_rate: 0, unit: 'points', triple_day: 'wednesday' } });
    expect(set.status).toBe(200);
    try {
      const flat = await createTestUser(server);
      const closed = await open(flat, usdjpy());
      await close(flat, closed.id);
      await setTimes(closed.id, { close: at('2031-01-28') + 10 * MINUTE });
      const holder = await createTestUser(server);
      const held = await open(holder, usdjpy());
      await chargeFrom('2031-01-28');
      await runAfter('2031-01-28', 20 * MINUTE);

      // 1 lot × 100 yen = 10,000,000 yen at 1/150: 66,666.67 dollars.
      const flatEntries = (await entriesOf(closed.account_id)).map((e) => [e.kind, e.amount, e.balanceAfter]);
      const beforeSwap = Number(flatEntries.at(-3)![2]);
      expect(flatEntries.slice(-2)).toEqual([
        ['swap', '-66666.67', (beforeSwap - 66_666.67).toFixed(2)],
        ['correction', (66_666.67 - beforeSwap).toFixed(2), '0.00'],
      ]);
      expect((await entriesOf(closed.account_id)).at(-1)!.reference).toBe(`negative balance protection ${closed.trade_id}`);
      await expectLedgerExact(closed.account_id);

      // Still holding the position: the balance stays as charged until the position closes; the risk
      // engine stops it out on the equity, and the close brings the balance back to zero.
      const [swap] = (await entriesOf(held.account_id)).filter((e) => e.kind === 'swap');
      expect(swap).toMatchObject({ amount: '-66666.67' });
      expect(Number(swap!.balanceAfter)).toBeLessThan(0);
      for (let i = 0; i < 100 && (await tradeRow(held.id)).status === 'open'; i++) await new Promise((r) => setTimeout(r, 50));
      await market.engine.idle();
      expect(await tradeRow(held.id)).toMatchObject({ status: 'closed', closeReason: 'stop_out', swap: '-66666.67' });
      expect((await accountRow(held.account_id)).balance).toBe('0.00');
      expect((await entriesOf(held.account_id)).at(-1)).toMatchObject({ kind: 'correction', balanceAfter: '0.00' });
      await expectLedgerExact(held.account_id);
    } finally {
      const seeded = { long_rate: 2.7, short_rate: -5.1, unit: 'percent', triple_day: 'wednesday' };
      expect((await server.call('PUT', '/admin/swap-rates/USDJPY', { token: admin.token, body: seeded })).status).toBe(200);
    }
  });
});

describe('swap rates in the back office', () => {
  it('lists the instruments with their swaps, the defaults where none was set', async () => {
    const res = await server.call('GET', '/admin/swap-rates?search=EURUSD', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ symbol: 'EURUSD', long_rate: '-3.2', short_rate: '0.95', unit: 'percent', triple_day: 'wednesday', day_count: 360, custom: true });
    const btcRow = (await server.call('GET', '/admin/swap-rates/BTCUSD', { token: admin.token })).body.data;
    expect(btcRow).toMatchObject({ triple_day: null, day_count: 365, custom: true });
    const plain = (await server.call('GET', '/admin/swap-rates/US2000', { token: admin.token })).body.data;
    expect(plain).toMatchObject({ long_rate: '0', short_rate: '0', triple_day: 'friday', custom: false, updated_at: null });
    const custom = await server.call('GET', '/admin/swap-rates?custom=true&type=forex', { token: admin.token });
    expect(custom.body.data.map((r: { symbol: string }) => r.symbol)).toEqual(expect.arrayContaining(['EURUSD', 'USDJPY', 'GBPUSD']));
    expect(custom.body.data.every((r: { custom: boolean; type: string }) => r.custom && r.type === 'forex')).toBe(true);
    expect((await server.call('GET', '/admin/swap-rates/NOPE', { token: admin.token })).status).toBe(404);
  });

  it('sets and removes an instrument\'s swap, audited with the terms before and after', async () => {
    const body = { long_rate: '-1.25', short_rate: 0.4, unit: 'percent', triple_day: 'friday' };
    const res = await server.call('PUT', '/admin/swap-rates/US2000', { token: admin.token, body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ symbol: 'US2000', long_rate: '-1.25', short_rate: '0.4', unit: 'percent', triple_day: 'friday', custom: true });
    const [entry] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'swap_rate.set'), eq(auditLog.subjectId, 'US2000')));
    expect(entry).toMatchObject({ actorId: admin.id, actorRole: 'admin', subjectType: 'instrument' });
    expect(entry!.details).toEqual({ before: null, after: { long_rate: '-1.25', short_rate: '0.4', unit: 'percent', triple_day: 'friday' } });

    const removed = await server.call('DELETE', '/admin/swap-rates/US2000', { token: admin.token });
    expect(removed.body.data).toMatchObject({ custom: false, long_rate: '0' });
    const [gone] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'swap_rate.removed'), eq(auditLog.subjectId, 'US2000')));
    expect(gone!.details).toMatchObject({ before: { long_rate: '-1.25' }, after: null });
  });

  it('refuses absurd values with a message naming the field, and changes nothing', async () => {
    const put = (body: Record<string, unknown>) => server.call('PUT', '/admin/swap-rates/EURUSD', { token: admin.token, body });
    const good = { long_rate: -3, short_rate: 1, unit: 'percent', triple_day: 'wednesday' };
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...good, long_rate: 250 }, 'long_rate', /long rate must be between -100 and 100 % a year/],
      [{ ...good, short_rate: -100_001, unit: 'points' }, 'short_rate', /short rate must be between -100000 and 100000 points/],
      [{ ...good, long_rate: 'lots' }, 'long_rate', /long rate must be a number/],
      [{ ...good, unit: 'bps' }, 'unit', /unit must be percent .* or points/],
      [{ ...good, triple_day: 'saturday' }, 'triple_day', /triple day must be a weekday/],
      [{ ...good, extra: 1 }, '_', /./],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      if (field !== '_') expect(res.body.errors[field]?.[0]).toMatch(message);
    }
    expect((await server.call('GET', '/admin/swap-rates/EURUSD', { token: admin.token })).body.data).toMatchObject({ long_rate: '-3.2', short_rate: '0.95' });
  });

  it('lets staff read and only admins change; customers get neither', async () => {
    const customer = await createTestUser(server);
    const support = await createTestUser(server, { role: 'support' });
    const body = { long_rate: -1, short_rate: 1, unit: 'percent', triple_day: null };
    expect((await server.call('GET', '/admin/swap-rates', { token: customer.token })).status).toBe(403);
    expect((await server.call('GET', '/admin/swap-rates')).status).toBe(401);
    expect((await server.call('PUT', '/admin/swap-rates/EURUSD', { token: customer.token, body })).status).toBe(403);
    expect((await server.call('GET', '/admin/swap-rates', { token: support.token })).status).toBe(200);
    expect((await server.call('PUT', '/admin/swap-rates/EURUSD', { token: support.token, body })).status).toBe(403);
    expect((await server.call('DELETE', '/admin/swap-rates/EURUSD', { token: support.token })).status).toBe(403);
    expect((await server.call('GET', '/admin/swap-rates/EURUSD', { token: admin.token })).body.data.custom).toBe(true);
  });
});

it('charges a rollover missed while the worker was down as soon as it starts', async () => {
  // A worker with the job on (tests have it off by default), on the real clock.
  const worker = await startTestServer({ swaps: { ...server.ctx.config.swaps, checkMs: 100 } });
  try {
    const workerMarket = await useManualMarket(worker);
    const user = await createTestUser(worker);
    const coin = await openTrade(worker, workerMarket, user, { id: workerMarket.instruments.btcusd.id, asset_symbol: 'BTCUSD', opening_price: 60_010, volume: 0.1 });
    // Held since three days ago, swaps charged from two rollovers back: the older of those two was missed.
    const now = Date.now();
    const [missed] = rolloversBetween(now - 3 * 86_400_000, now - 2 * MINUTE, FIVE_PM, NY).slice(-2);
    await worker.ctx.db.update(trades).set({ openTime: new Date(now - 3 * 86_400_000) }).where(eq(trades.id, coin.id));
    await worker.ctx.db.execute(sql`UPDATE swap_settings SET charged_from = ${new Date(missed!.at - MINUTE).toISOString()}::timestamptz`);
    let charged: { day: string }[] = [];
    for (let i = 0; i < 100 && charged.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      charged = await worker.ctx.db.select({ day: swapCharges.day }).from(swapCharges).where(eq(swapCharges.tradeId, coin.id));
    }
    expect(charged.map((c) => c.day)).toContain(missed!.day);
    expect(await unbalancedAccounts(worker.ctx.db)).toEqual([]);
  } finally {
    await worker.close();
  }
});

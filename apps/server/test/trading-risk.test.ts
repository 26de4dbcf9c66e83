import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, events } from '@bourse/contract';
import { journalEntries, trades } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import type { Instrument } from '../src/modules/trading/instruments.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { openTrade, tick, useManualMarket, type TestMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let market: TestMarket;
let eurusd: Instrument;
let btcusd: Instrument;
let usdjpy: Instrument;
beforeAll(async () => {
  // Sweeps are driven by ticks here; keep the periodic one out of the way.
  server = await startTestServer({ trading: { maxDeviationPct: 1, stopOutLevel: 50, riskSweepMs: 60_000, robotPassMs: 0 } });
  market = await useManualMarket(server);
  ({ eurusd, btcusd, usdjpy } = market.instruments);
});
afterAll(() => server.close());

const open = (user: TestUser, overrides: Record<string, unknown> = {}) => openTrade(server, market, user, overrides);
const trade = async (id: number) => (await server.ctx.db.select().from(trades).where(eq(trades.id, id)))[0]!;
const correctionsOf = (accountId: number) =>
  server.ctx.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.accountId, accountId), eq(journalEntries.kind, 'correction')));
const balance = async (user: TestUser) => (await server.call('GET', '/account/summary', { token: user.token })).body.data.balance;
const resetPrices = async () => {
  await tick(market, eurusd.id, 1.0999, 1.1001);
  await tick(market, btcusd.id, 59_990, 60_010);
  await tick(market, usdjpy.id, 149.99, 150.01);
};

describe('take-profit and stop-loss', () => {
  it('closes at the first price past the level, not at the level', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const tp = await open(user, { take_profit: 1.105 });
    const sl = await open(user, { stop_loss: 1.095 });
    await tick(market, eurusd.id, 1.1049, 1.1051);
    expect((await trade(tp.id)).status).toBe('open');
    await tick(market, eurusd.id, 1.1062, 1.1064);
    expect(await trade(tp.id)).toMatchObject({ status: 'closed', closeReason: 'tp', closingPrice: '1.1062000000', pnl: '6.10' });
    await tick(market, eurusd.id, 1.09, 1.0902);
    expect(await trade(sl.id)).toMatchObject({ status: 'closed', closeReason: 'sl', closingPrice: '1.0900000000', pnl: '-10.10' });
    expect(await balance(user)).toBe('9996.00');
    expect(market.events.sent).toContainEqual({ channel: channels.trade(user.id), event: events.tradeUpdated, data: { id: tp.id, reason: 'tp' } });
  });

  it('watches the ask for a sell', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const sell = await open(user, { type: 'sell', opening_price: 1.0999, take_profit: 1.09 });
    await tick(market, eurusd.id, 1.0898, 1.0901);
    expect((await trade(sell.id)).status).toBe('open');
    await tick(market, eurusd.id, 1.0897, 1.0899);
    expect(await trade(sell.id)).toMatchObject({ status: 'closed', closeReason: 'tp', closingPrice: '1.0899000000', pnl: '10.00' });
  });

  it('trails a stop behind the best price and closes on it', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const t = await open(user, { trailing_stop: 0.002 });
    expect(Number((await trade(t.id)).stopLoss)).toBeCloseTo(1.0979, 10);
    await tick(market, eurusd.id, 1.105, 1.1052);
    await tick(market, eurusd.id, 1.104, 1.1042);
    expect(Number((await trade(t.id)).stopLoss)).toBeCloseTo(1.103, 10);
    await tick(market, eurusd.id, 1.1025, 1.1027);
    expect(await trade(t.id)).toMatchObject({ status: 'closed', closeReason: 'trailing', closingPrice: '1.1025000000', pnl: '2.40' });
  });
});

describe('pending orders', () => {
  it('fills a limit at the tick price with its slippage, spread and latency', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const order = await open(user, { order_type: 'limit', price: 1.09, take_profit: 1.1 });
    await tick(market, eurusd.id, 1.0893, 1.0895);
    const filled = await trade(order.id);
    expect(filled).toMatchObject({ status: 'open', openingPrice: '1.0895000000', requestedPrice: '1.0900000000', margin: '10.90' });
    expect(Number(filled.slippage)).toBeCloseTo(-0.0005, 10);
    expect(filled.latencyMs).toBeGreaterThanOrEqual(0);
    // The spread of the tick it filled on, and the rate to the account's currency then.
    expect(filled).toMatchObject({ spread: '0.0002000000', fillConversion: '1.0000000000' });
    await tick(market, eurusd.id, 1.1001, 1.1003);
    expect((await trade(order.id)).closeReason).toBe('tp');
  });

  it('cancels an order that would fill without the margin for it', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const order = await open(user, { id: btcusd.id, volume: 2, opening_price: 60_010, order_type: 'stop', price: 61_000 });
    await tick(market, btcusd.id, 61_100, 61_120);
    expect(await trade(order.id)).toMatchObject({ status: 'cancelled', closeReason: 'no_margin' });
  });
});

describe('stop-out and negative balance protection', () => {
  it('closes the largest loser first and only as far as needed', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const coin = await open(user, { id: btcusd.id, volume: 1.2, opening_price: 60_010 });
    const fx = await open(user, { volume: 2 });
    await tick(market, eurusd.id, 1.0899, 1.0901);
    expect((await trade(coin.id)).status).toBe('open');
    await tick(market, btcusd.id, 55_010, 55_030);
    expect(await trade(coin.id)).toMatchObject({ status: 'closed', closeReason: 'stop_out', pnl: '-6000.00' });
    expect(await trade(fx.id)).toMatchObject({ status: 'open' });
    expect(await balance(user)).toBe('4000.00');
  });

  it('brings a balance a gap left negative back to exactly zero with a correction', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const coin = await open(user, { id: btcusd.id, volume: 0.3, opening_price: 60_010 });
    await tick(market, btcusd.id, 20_000, 20_020);
    expect(await trade(coin.id)).toMatchObject({ status: 'closed', closeReason: 'stop_out', pnl: '-12003.00' });
    expect(await balance(user)).toBe('0.00');
    const accountId = (await trade(coin.id)).accountId;
    const corrections = await correctionsOf(accountId);
    expect(corrections.map((c) => [c.amount, c.balanceAfter])).toEqual([['2003.00', '0.00']]);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('liquidates the other leg of a hedge before writing anything off', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const long = await open(user, { id: btcusd.id, volume: 0.5, opening_price: 60_010 });
    const short = await open(user, { id: btcusd.id, type: 'sell', volume: 0.5, opening_price: 59_990 });
    await tick(market, btcusd.id, 19_990, 20_010);
    // Hedged: equity barely moved, so nothing was stopped out.
    expect((await trade(long.id)).status).toBe('open');
    const res = await server.call('POST', `/trade/${long.id}/close`, { token: user.token });
    expect(res.body.data.pnl).toBe('-20010.00');
    // 10,000 − 20,010 is below zero: the short is closed too, and its 19,990 covers the loss.
    expect(await trade(short.id)).toMatchObject({ status: 'closed', closeReason: 'stop_out', pnl: '19990.00' });
    expect(await balance(user)).toBe('9980.00');
    const accountId = (await trade(long.id)).accountId;
    const corrections = await correctionsOf(accountId);
    expect(corrections).toEqual([]);
    expect(market.events.sent).toContainEqual({ channel: channels.trade(user.id), event: events.tradeUpdated, data: { id: long.id, reason: 'closed' } });
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });
});

describe('currency conversion', () => {
  it('converts P&L of a yen-quoted pair into the account currency', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const t = await open(user, { id: usdjpy.id, volume: 0.1, opening_price: 150.01 });
    expect(t.margin).toBe('100.01');
    await tick(market, usdjpy.id, 151, 151.01);
    const res = await server.call('POST', `/trade/${t.id}/close`, { token: user.token });
    expect(res.body.data.pnl).toBe((Math.round((9900 / 151.005) * 100) / 100).toFixed(2));
  });
});

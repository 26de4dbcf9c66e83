import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, events, tradingMessages as msg } from '@bourse/contract';
import { journalEntries } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { openTrade, tick, useManualMarket, type TestMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let market: TestMarket;
let eurusd: number;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  eurusd = market.instruments.eurusd.id;
});
afterAll(() => server.close());

const open = (user: TestUser, overrides: Record<string, unknown> = {}) => openTrade(server, market, user, overrides);
const summary = async (user: TestUser) => (await server.call('GET', '/account/summary', { token: user.token })).body.data;
const reset = () => tick(market, eurusd, 1.0999, 1.1001);

describe('closing positions', () => {
  it('settles realised P&L into the balance through the journal, once', async () => {
    await reset();
    const user = await createTestUser(server);
    const trade = await open(user, { volume: 0.1 });
    await tick(market, eurusd, 1.1051, 1.1053);
    const res = await server.call('POST', `/trade/${trade.id}/close`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: msg.closed, data: { status: 'closed', closing_price: 1.1051, pnl: '50.00', close_reason: 'manual' } });
    expect(res.body.receipt.message).toBe('Closed 0.1 lots (10000 units) at 1.10510');
    const again = await server.call('POST', `/trade/${trade.id}/close`, { token: user.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(msg.alreadyClosed);
    const s = await summary(user);
    expect(s).toMatchObject({ balance: '10050.00', equity: '10050.00', margin: '0.00', marginLevel: null, lifetimePnl: '50.00', marginCallLevel: 100, stopOutLevel: 50 });
    const entries = await server.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, s.account_id));
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([['deposit', '10000.00'], ['realised_pnl', '50.00']]);
    expect(market.events.sent).toContainEqual({ channel: channels.user(user.id), event: events.userUpdated, data: { id: user.id } });
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('hides another user’s trade and refuses anonymous closes', async () => {
    await reset();
    const owner = await createTestUser(server);
    const stranger = await createTestUser(server);
    const trade = await open(owner);
    expect((await server.call('POST', `/trade/${trade.id}/close`, { token: stranger.token })).status).toBe(404);
    expect((await server.call('PATCH', `/trade/${trade.id}`, { token: stranger.token, body: { take_profit: 2 } })).status).toBe(404);
    expect((await server.call('POST', `/trade/${trade.id}/close`)).status).toBe(401);
    expect((await server.call('POST', `/trade/999999/close`, { token: owner.token })).body.message).toBe(msg.tradeNotFound);
  });

  it('closes part of a position and keeps the rest open with its share of margin', async () => {
    await reset();
    const user = await createTestUser(server);
    const trade = await open(user, { volume: 0.05 });
    await tick(market, eurusd, 1.1011, 1.1013);
    const part = await server.call('POST', `/trade/${trade.id}/close`, { token: user.token, body: { volume: 0.02 } });
    expect(part.status).toBe(200);
    expect(part.body.data).toMatchObject({ lots: 0.02, volume: 2000, pnl: '2.00', status: 'closed' });
    expect(part.body.data.id).not.toBe(trade.id);
    const openList = (await server.call('GET', '/open/trades', { token: user.token })).body;
    expect(openList.data).toHaveLength(1);
    expect(openList.data[0]).toMatchObject({ id: trade.id, lots: 0.03, volume: 3000, margin: (Number(trade.margin) - Number(part.body.data.margin)).toFixed(2) });
    const tooMuch = await server.call('POST', `/trade/${trade.id}/close`, { token: user.token, body: { volume: 0.04 } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe(msg.closeVolumeTooLarge);
    expect((await server.call('POST', `/trade/${trade.id}/close`, { token: user.token, body: { volume: 0.005 } })).status).toBe(422);
  });

  it('closes every open position of the account', async () => {
    await reset();
    const user = await createTestUser(server);
    await open(user);
    await open(user, { type: 'sell', opening_price: 1.0999 });
    const res = await server.call('POST', '/trades/close-all', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.message).toBe('2 position(s) closed.');
    expect((await server.call('GET', '/open/trades', { token: user.token })).body.data).toEqual([]);
    expect((await server.call('GET', '/closed/trades', { token: user.token })).body.data).toHaveLength(2);
  });
});

describe('pending orders and protective levels', () => {
  it('lists and cancels a pending order; a second cancel is a conflict', async () => {
    await reset();
    const user = await createTestUser(server);
    const order = await open(user, { order_type: 'limit', price: 1.08 });
    const pending = await server.call('GET', '/pending/orders', { token: user.token });
    expect(pending.body.data.map((t: { id: number }) => t.id)).toEqual([order.id]);
    expect((await server.call('POST', `/trade/${order.id}/close`, { token: user.token })).body.message).toBe(msg.pendingNotClosable);
    const cancel = await server.call('POST', `/trade/${order.id}/cancel`, { token: user.token });
    expect(cancel.body.data).toMatchObject({ status: 'cancelled', close_reason: 'manual' });
    expect((await server.call('POST', `/trade/${order.id}/cancel`, { token: user.token })).status).toBe(409);
    expect((await server.call('GET', '/pending/orders', { token: user.token })).body.data).toEqual([]);
  });

  it('sets, checks and removes take-profit, stop-loss and trailing stop on an open position', async () => {
    await reset();
    const user = await createTestUser(server);
    const trade = await open(user);
    const set = await server.call('PATCH', `/trade/${trade.id}`, { token: user.token, body: { take_profit: 1.11, stop_loss: 1.09 } });
    expect(set.body.data).toMatchObject({ take_profit: 1.11, stop_loss: 1.09 });
    const wrong = await server.call('PATCH', `/trade/${trade.id}`, { token: user.token, body: { stop_loss: 1.1 } });
    expect(wrong.body).toEqual({ message: msg.stopLossBuyOpen, errors: { stop_loss: [msg.stopLossBuyOpen] } });
    const trail = await server.call('PATCH', `/trade/${trade.id}`, { token: user.token, body: { trailing_stop: 0.002 } });
    expect(trail.body.data.trailing_stop).toBe(0.002);
    expect(trail.body.data.stop_loss).toBeCloseTo(1.0979, 10);
    const cleared = await server.call('PATCH', `/trade/${trade.id}`, { token: user.token, body: { take_profit: 0, stop_loss: null, trailing_stop: 0 } });
    expect(cleared.body.data).toMatchObject({ take_profit: null, stop_loss: null, trailing_stop: null });
  });

  it('moves a pending order’s entry only to the allowed side', async () => {
    await reset();
    const user = await createTestUser(server);
    const order = await open(user, { type: 'sell', order_type: 'stop', price: 1.09 });
    const moved = await server.call('PATCH', `/trade/${order.id}`, { token: user.token, body: { price: 1.095 } });
    expect(moved.body.data).toMatchObject({ opening_price: 1.095, trigger_price: 1.095 });
    const wrong = await server.call('PATCH', `/trade/${order.id}`, { token: user.token, body: { price: 1.2 } });
    expect(wrong.body.message).toBe(msg.sellStopSide);
  });
});

describe('lists, summary and export', () => {
  it('pages with data, meta and links and carries live prices on open trades', async () => {
    await reset();
    const user = await createTestUser(server);
    for (let i = 0; i < 21; i++) await open(user);
    const first = (await server.call('GET', '/open/trades?page=1', { token: user.token })).body;
    expect(first.meta).toEqual({ current_page: 1, per_page: 20, total: 21 });
    expect(first.links.next).toBe('/api/v1/open/trades?page=2');
    await tick(market, eurusd, 1.1049, 1.1051);
    const second = (await server.call('GET', '/open/trades?page=2', { token: user.token })).body;
    expect(second.links.next).toBeNull();
    expect(second.data[0]).toMatchObject({ closing_price: 1.1049, pnl: '4.80' });
    const s = await summary(user);
    expect(s).toMatchObject({ balance: '10000.00', pnl: '100.80', equity: '10100.80', margin: '231.00', freeMargin: '9869.80' });
    expect(s.marginLevel).toBe(4372.64);
  });

  it('exports closed trades as CSV', async () => {
    await reset();
    const user = await createTestUser(server);
    const trade = await open(user);
    await server.call('POST', `/trade/${trade.id}/close`, { token: user.token });
    const res = await server.call('GET', '/closed/trades/export.csv', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="closed-trades-D\d+\.csv"$/);
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines[0]).toMatch(/^trade_id,asset_symbol,asset_name,trade_type/);
    expect(lines[1]).toContain(`${trade.trade_id},EURUSD,EUR/USD,buy,market,0.01,1000,100,11.00,1.1001,1.0999,,,`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '@bourse/contract';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { openTrade, tick, useManualMarket, type TestMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let market: TestMarket;
beforeAll(async () => {
  // Triggers run on the ticks the tests send; the periodic sweep and robots stay out of the way.
  server = await startTestServer({ trading: { maxDeviationPct: 1, stopOutLevel: 50, riskSweepMs: 60_000, robotPassMs: 0 } });
  market = await useManualMarket(server);
});
afterAll(() => server.close());

const resetPrices = () => tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
const activity = async (user: TestUser, query = '') => {
  const res = await server.call('GET', `/account/activity${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body as { data: Activity[]; next_before: number | null };
};

describe('account activity', () => {
  it('logs every order event newest first, with who did it and the prices it happened at', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const market1 = await openTrade(server, market, user, { take_profit: 1.105 });
    const limit = await openTrade(server, market, user, { order_type: 'limit', price: 1.09 });
    const other = await openTrade(server, market, user, { order_type: 'limit', price: 1.08 });
    expect((await server.call('PATCH', `/trade/${limit.id}`, { token: user.token, body: { take_profit: 1.1 } })).status).toBe(200);
    expect((await server.call('POST', `/trade/${other.id}/cancel`, { token: user.token })).status).toBe(200);
    await tick(market, market.instruments.eurusd.id, 1.0893, 1.0895); // fills the limit
    await tick(market, market.instruments.eurusd.id, 1.1062, 1.1064); // both take profits

    const { data } = await activity(user);
    expect(data.map((a) => [a.kind, a.actor, a.trade_id])).toEqual([
      ['closed', 'system', expect.any(String)],
      ['closed', 'system', expect.any(String)],
      ['filled', 'system', limit.trade_id],
      ['cancelled', 'customer', other.trade_id],
      ['modified', 'customer', limit.trade_id],
      ['placed', 'customer', other.trade_id],
      ['placed', 'customer', limit.trade_id],
      ['opened', 'customer', market1.trade_id],
    ]);
    const byKind = (kind: string, tradeId: string) => data.find((a) => a.kind === kind && a.trade_id === tradeId)!;
    expect(byKind('opened', market1.trade_id)).toMatchObject({ symbol: 'EURUSD', side: 'buy', order_type: 'market', lots: 0.01, price: 1.1001, take_profit: 1.105 });
    expect(byKind('placed', limit.trade_id)).toMatchObject({ order_type: 'limit', price: 1.09, take_profit: null });
    expect(byKind('modified', limit.trade_id)).toMatchObject({ price: 1.09, take_profit: 1.1 });
    expect(byKind('filled', limit.trade_id)).toMatchObject({ price: 1.0895 });
    expect(byKind('cancelled', other.trade_id)).toMatchObject({ reason: 'manual' });
    expect(byKind('closed', market1.trade_id)).toMatchObject({ reason: 'tp', price: 1.1062, pnl: '6.10' });
  });

  it('finds rows by symbol, trade id or event, and pages through a long log', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const first = await openTrade(server, market, user);
    for (let i = 0; i < 25; i++) {
      const t = await openTrade(server, market, user);
      expect((await server.call('POST', `/trade/${t.id}/close`, { token: user.token })).status).toBe(200);
    }
    expect((await activity(user, `?search=${first.trade_id.toLowerCase()}`)).data).toEqual([expect.objectContaining({ kind: 'opened', trade_id: first.trade_id })]);
    expect((await activity(user, '?search=CLOSED')).data).toHaveLength(25);
    expect((await activity(user, '?search=usdjpy')).data).toEqual([]);
    // A search is text, not a pattern: % matches nothing.
    expect((await activity(user, '?search=%25')).data).toEqual([]);

    const page1 = await activity(user);
    expect(page1.data).toHaveLength(50);
    expect(page1.next_before).toBe(page1.data.at(-1)!.id);
    const page2 = await activity(user, `?before=${page1.next_before}`);
    expect(page2.data.map((a) => a.trade_id)).toEqual([first.trade_id]);
    expect(page2.next_before).toBeNull();
  });

  it('exports what the search shows as CSV', async () => {
    await resetPrices();
    const user = await createTestUser(server);
    const t = await openTrade(server, market, user);
    await server.call('POST', `/trade/${t.id}/close`, { token: user.token });
    const res = await server.call('GET', '/account/activity/export.csv?search=closed', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-\w+\.csv"$/);
    const lines = (res.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,event,by,robot_id,trade_id,symbol,side,order_type,lots,price,take_profit,stop_loss,reason,pnl');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,closed,customer,,${t.trade_id},EURUSD,buy,market,0.01,1.0999,,,manual,-0.20$`));
  });

  it('is the caller’s own: another customer’s account is not found, and anonymous callers are refused', async () => {
    const owner = await createTestUser(server);
    const stranger = await createTestUser(server);
    await resetPrices();
    const accountId = (await openTrade(server, market, owner)).account_id;
    expect((await server.call('GET', `/account/activity?account_id=${accountId}`, { token: stranger.token })).status).toBe(404);
    expect((await server.call('GET', `/account/activity/export.csv?account_id=${accountId}`, { token: stranger.token })).status).toBe(404);
    expect((await server.call('GET', '/account/activity')).status).toBe(401);
    expect((await server.call('GET', `/account/activity?search=${'x'.repeat(101)}`, { token: owner.token })).status).toBe(422);
  });
});

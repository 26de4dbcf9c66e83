import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingMessages } from '@bourse/contract';
import { journalEntries, trades } from '../src/db/schema/index.ts';
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
const settlementsOf = (tradeId: string) =>
  server.ctx.db.select().from(journalEntries).where(and(eq(journalEntries.kind, 'realised_pnl'), like(journalEntries.reference, tradeId)));

describe('concurrency', () => {
  it('makes exactly one trade from 200 concurrent submits with one idempotency key', async () => {
    await tick(market, eurusd, 1.0999, 1.1001);
    const user = await createTestUser(server);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => server.call('POST', '/trades/store', { token: user.token, body: market.order(), headers: { 'idempotency-key': 'same-form' } })),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await server.ctx.db.select().from(trades).where(eq(trades.userId, user.id))).toHaveLength(1);
  });

  it('fills no more of many concurrent orders than the free margin covers', async () => {
    const user = await createTestUser(server);
    const btc = market.instruments.btcusd;
    await tick(market, btc.id, 59_990, 60_010);
    const summary = async () => (await server.call('GET', '/account/summary', { token: user.token })).body.data;
    expect((await summary()).freeMargin).toBe('10000.00');
    // 0.37 BTC at 60,010 and leverage 10: 2,220.37 of margin each, so four fit in 10,000 and a fifth does not.
    const order = { id: btc.id, asset_symbol: btc.symbol, asset_name: btc.name, volume: 0.37, opening_price: 60_010, leverage: 10 };
    const answers = await Promise.all(Array.from({ length: 12 }, () => server.call('POST', '/trades/store', { token: user.token, body: market.order(order) })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    for (const refused of answers.filter((a) => a.status !== 201)) expect(refused.body.errors?.volume).toEqual([tradingMessages.insufficientMargin]);
    const after = await summary();
    expect(Number(after.freeMargin)).toBeGreaterThanOrEqual(0);
    expect(Number(after.margin)).toBeCloseTo(4 * 2220.37, 2);
  });

  it('settles 50 concurrent closes of one position once', async () => {
    await tick(market, eurusd, 1.0999, 1.1001);
    const user = await createTestUser(server);
    const t = await open(user, { volume: 0.1 });
    await tick(market, eurusd, 1.1019, 1.1021);
    const answers = await Promise.all(Array.from({ length: 50 }, () => server.call('POST', `/trade/${t.id}/close`, { token: user.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    expect(await settlementsOf(t.trade_id)).toHaveLength(1);
    expect((await server.call('GET', '/account/summary', { token: user.token })).body.data.balance).toBe('10018.00');
  });

  it('settles a close racing its own stop-loss once', async () => {
    const user = await createTestUser(server);
    const reasons = new Set<string>();
    for (let round = 0; round < 10; round++) {
      await tick(market, eurusd, 1.0999, 1.1001);
      const t = await open(user, { stop_loss: 1.099 });
      const close = server.call('POST', `/trade/${t.id}/close`, { token: user.token });
      market.prices.set(eurusd, 1.0985, { bid: 1.0984, ask: 1.0986 });
      const answer = await close;
      await market.engine.idle();
      expect([200, 409]).toContain(answer.status);
      const [row] = await server.ctx.db.select().from(trades).where(eq(trades.id, t.id));
      expect(row!.status).toBe('closed');
      reasons.add(row!.closeReason!);
      expect(await settlementsOf(t.trade_id)).toHaveLength(1);
    }
    expect([...reasons].every((r) => r === 'manual' || r === 'sl')).toBe(true);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });
});

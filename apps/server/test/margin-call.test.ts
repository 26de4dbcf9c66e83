import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, trades, tradingAccounts } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { type TestMarket, tick, useManualMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
beforeAll(async () => {
  // The site's stop-out level is far below the group's: a close at the group's level is the group's doing.
  server = await startTestServer({ trading: { maxDeviationPct: 1, stopOutLevel: 20, riskSweepMs: 50, robotPassMs: 0 } });
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  await tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
});
afterAll(() => server.close());

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('margin levels of a customer group', () => {
  it('sends one margin call per crossing, and stops out at the group level', async () => {
    const group = await server.call('POST', '/admin/groups', {
      token: admin.token,
      body: { name: 'Tight', commission_mode: 'none', leverage: { forex: 10 }, margin_call_level: 150, stop_out_level: 120 },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const user = await createTestUser(server);
    const [account] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(asc(tradingAccounts.id));
    expect((await server.call('PUT', `/admin/accounts/${account!.id}/group`, { token: admin.token, body: { group_id: group.body.data.id } })).status).toBe(200);
    // 0.5 lot at 1.1001 with 1:10: 5,500.50 margin on 10,000 (a margin level of 182 %).
    const opened = await server.call('POST', '/trades/store', { token: user.token, body: market.order({ volume: 0.5, account_id: account!.id }) });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const calls = () => server.ctx.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.title, 'Margin call')));
    const marked = async () => (await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, account!.id)))[0]!.marginCallAt;

    // Down to 1.0600: equity 7,995, 145 %: at or below the call of 150 %.
    await tick(market, market.instruments.eurusd.id, 1.06, 1.0602);
    const first = await until(calls, (n) => n.length > 0);
    expect(first).toHaveLength(1);
    expect(first[0]!.message).toMatch(/^Account \S+ is at a margin level of 145\.\d%, at or below its margin call of 150%\. Positions are closed from 120%/);
    // Lower still, and for a while: the same crossing, no second notice.
    await tick(market, market.instruments.eurusd.id, 1.059, 1.0592);
    await new Promise((r) => setTimeout(r, 300));
    expect(await calls()).toHaveLength(1);

    // Back up past the call (and its re-arm margin), then down again: a new crossing, a new notice.
    await tick(market, market.instruments.eurusd.id, 1.099, 1.0992);
    expect(await until(marked, (at) => at === null)).toBeNull();
    await tick(market, market.instruments.eurusd.id, 1.06, 1.0602);
    expect(await until(calls, (n) => n.length > 1)).toHaveLength(2);

    // 1.0300: equity 6,495, 118 %: the group's stop-out of 120 % closes the position.
    await tick(market, market.instruments.eurusd.id, 1.03, 1.0302);
    const closed = await until(
      async () => (await server.ctx.db.select().from(trades).where(eq(trades.id, opened.body.data.id)))[0]!,
      (t) => t.status === 'closed',
    );
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'stop_out' });
  });
});

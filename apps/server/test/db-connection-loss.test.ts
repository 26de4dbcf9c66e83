import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trades } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { tick, useManualMarket, type TestMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Backends are terminated by an operator's statement, which only PostgreSQL has. */
const postgres = process.env.DATABASE_URL;

describe.skipIf(!postgres)('losing database connections mid-transaction', () => {
  let server: TestServer;
  let market: TestMarket;
  let admin: pg.Client;

  beforeAll(async () => {
    server = await startTestServer();
    market = await useManualMarket(server);
    await tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
    admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.close();
  });

  /** Terminates every connection of the server's database every `everyMs` until stopped or `maxKills` are done. */
  function killer(everyMs: number, maxKills: number) {
    const database = new URL(server.ctx.config.databaseUrl!).pathname.slice(1);
    let kills = 0;
    let running = true;
    const done = (async () => {
      while (running && kills < maxKills) {
        const res = await admin.query('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
        kills += res.rows.filter((r) => r.ok).length;
        await new Promise((r) => setTimeout(r, everyMs));
      }
    })();
    return {
      async stop() {
        running = false;
        await done;
        return kills;
      },
    };
  }

  /** Places an order, retrying with the same key for as long as the server answers 503. */
  async function placeUntilDone(user: TestUser, key: string, seen: Map<number, number>) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const res = await server.call('POST', '/trades/store', { token: user.token, body: market.order(), headers: { 'idempotency-key': key } });
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      if (res.status !== 503) return res;
      expect(res.body).toEqual({ message: 'The service is briefly unavailable. Please try again in a moment.' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    throw new Error(`order ${key} never went through`);
  }

  it('answers 503 with a retry hint, writes no half trade, and serves again without a restart', { timeout: 120_000 }, async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createTestUser(server)));
    const seen = new Map<number, number>();
    const kill = killer(100, 60);
    const answers = await Promise.all(
      users.map(async (user, u) => {
        const mine = [];
        for (let n = 0; n < 8; n++) mine.push(await placeUntilDone(user, `order-${u}-${n}`, seen));
        return mine;
      }),
    );
    const kills = await kill.stop();

    expect(kills).toBeGreaterThan(0);
    expect(seen.get(503) ?? 0).toBeGreaterThan(0);
    expect([...seen.keys()].sort()).toEqual([201, 503]);
    // Every key made exactly one trade: a transaction cut short left nothing, a retried one no twin.
    for (const [u, user] of users.entries()) {
      const ids = answers[u]!.map((a) => a.body.data.id);
      expect(new Set(ids).size).toBe(8);
      const rows = await server.ctx.db.select().from(trades).where(eq(trades.userId, user.id));
      expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    }
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
    const summary = await server.call('GET', '/account/summary', { token: users[0]!.token });
    expect(summary.status).toBe(200);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/statement.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// The probes an orchestrator polls, outside /api/v1 and its auth.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const probe = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await res.json() };
};

describe('liveness and readiness', () => {
  it('is live, and ready with the database answering, every migration applied and fresh prices', async () => {
    expect(await probe('/livez')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe('/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', feed: 'ok' }, worker: { lease: 'held', token: expect.any(Number), node: expect.any(String) } },
    });
  });

  it('is not ready while a worker’s prices are stalled, and says so', async () => {
    const { state } = marketOf(server.ctx);
    const [staleAfter, feedAt] = [state.staleAfterMs, state.feedAt];
    state.staleAfterMs = 1000;
    state.feedAt = Date.now() - 60_000;
    try {
      expect(await probe('/readyz')).toMatchObject({ status: 503, body: { status: 'not ready', checks: { feed: 'stalled' } } });
      expect((await probe('/livez')).status).toBe(200);
    } finally {
      state.staleAfterMs = staleAfter;
      state.feedAt = feedAt;
    }
  });

  it('is not ready on a database missing a migration of this build, and names it', async () => {
    const [last] = rowsOf<{ name: string }>(await server.ctx.db.execute(sql`SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`));
    await server.ctx.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${last!.name}`);
    try {
      expect(await probe('/readyz')).toMatchObject({ status: 503, body: { checks: { database: 'ok', migrations: `not applied: ${last!.name}` } } });
    } finally {
      await server.ctx.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${last!.name})`);
    }
  });
});

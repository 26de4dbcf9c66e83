import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingAccounts } from '../src/db/schema/index.ts';
import { postEntry, unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { createTestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('ledger', () => {
  it('keeps every balance equal to the sum of its journal through entries', async () => {
    const user = await createTestUser(server);
    const [account] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id));
    await server.ctx.db.transaction(async (tx) => {
      await postEntry(tx, { accountId: account!.id, kind: 'deposit', amount: '250.55' });
      await postEntry(tx, { accountId: account!.id, kind: 'fee', amount: '-0.55' });
    });
    const [after] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, account!.id));
    expect(after!.balance).toBe('10250.00');
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('reports an account whose balance was changed without a journal entry', async () => {
    const user = await createTestUser(server);
    const [account] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id));
    await server.ctx.db.update(tradingAccounts).set({ balance: '10001.00' }).where(eq(tradingAccounts.id, account!.id));
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([{ id: account!.id, balance: '10001.00', journal: '10000.00' }]);
    await server.ctx.db.update(tradingAccounts).set({ balance: '10000.00' }).where(eq(tradingAccounts.id, account!.id));
  });
});

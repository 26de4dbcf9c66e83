import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTypes, auditLog } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
});
afterAll(() => server.close());

type Entry = { actor_id: number; actor_role: string; action: string; subject_type: string; subject_id: string; user_id: number; details: Record<string, unknown> };
const appendOnly = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
const auditOf = async (user: TestUser, token = admin.token) => server.call('GET', `/admin/audit?user_id=${user.id}`, { token });

describe('the audit log', () => {
  it('records who decided what about a customer, newest first, for operators only', async () => {
    const customer = await createTestUser(server);
    const [gold] = await server.ctx.db.select().from(accountTypes).where(eq(accountTypes.title, 'Gold'));
    await server.call('POST', '/plans/request', { token: customer.token, body: { plan_id: gold!.id } });
    const pending = (await server.call('GET', '/admin/plan_requests?status=pending', { token: admin.token })).body.data.find((r: { user_id: number }) => r.user_id === customer.id);
    await server.call('POST', `/admin/plan_requests/${pending.id}/reject`, { token: admin.token, body: { reason: 'Deposit first' } });
    await server.call('PATCH', `/admin/clients/${customer.id}/status`, { token: admin.token, body: { status: 'deactivated' } });

    const res = await auditOf(customer);
    expect(res.status).toBe(200);
    expect((res.body.data as Entry[]).map((e) => [e.action, e.actor_id, e.actor_role, e.subject_type, e.details])).toEqual([
      ['user.deactivated', admin.id, 'admin', 'user', { from: 'active', to: 'deactivated' }],
      ['plan.rejected', admin.id, 'admin', 'plan_request', { plan_id: gold!.id, reason: 'Deposit first' }],
    ]);
    expect((await auditOf(customer, customer.token)).status).toBe(403);
    expect((await server.call('GET', '/admin/audit')).status).toBe(401);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const customer = await createTestUser(server);
    await server.call('POST', `/admin/clients/${customer.id}/sign-out`, { token: admin.token });
    await expect(server.ctx.db.update(auditLog).set({ action: 'nothing happened' }).where(eq(auditLog.userId, customer.id))).rejects.toMatchObject(appendOnly);
    await expect(server.ctx.db.delete(auditLog).where(eq(auditLog.userId, customer.id))).rejects.toMatchObject(appendOnly);
    const [row] = await server.ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog).where(eq(auditLog.userId, customer.id));
    expect(row!.n).toBe(1);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autotraderMessages as msg } from '@bourse/contract';
import { notifications, users } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
});
afterAll(() => server.close());

const request = (user: TestUser, risk: string) => server.call('POST', '/update/autotrader', { token: user.token, body: { autotrader_type: risk } });
const pendingOf = async (user: TestUser) =>
  ((await server.call('GET', '/admin/autotrader_requests?status=pending', { token: admin.token })).body.data as { id: number; user_id: number; risk: string }[]).filter(
    (r) => r.user_id === user.id,
  );
const userRow = async (user: TestUser) => (await server.ctx.db.select().from(users).where(eq(users.id, user.id)))[0]!;

describe('Auto Trader requests', () => {
  it('takes one pending request and refuses a second with the pending message, concurrent ones too', async () => {
    const user = await createTestUser(server);
    const results = await Promise.all([request(user, 'high'), request(user, 'low'), request(user, 'medium')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.status === 200)!.body).toEqual({ status: 'success', message: msg.requested });
    for (const refused of results.filter((r) => r.status === 409)) expect(refused.body.message).toContain('pending auto trader request');
    expect(await pendingOf(user)).toHaveLength(1);
    const again = await request(user, 'medium');
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('pending auto trader request');
  });

  it('validates the risk level', async () => {
    const user = await createTestUser(server);
    const res = await request(user, 'reckless');
    expect(res.status).toBe(422);
    expect(await pendingOf(user)).toHaveLength(0);
  });

  it('an operator approves: the flag and risk are set on the user, who is told', async () => {
    const user = await createTestUser(server);
    expect((await request(user, 'low')).status).toBe(200);
    const [pending] = await pendingOf(user);
    const approved = await server.call('POST', `/admin/autotrader_requests/${pending!.id}/approve`, { token: admin.token });
    expect(approved.status).toBe(200);
    expect((await server.call('GET', '/user', { token: user.token })).body.data.autotrader).toBe(true);
    expect((await userRow(user)).autotraderRisk).toBe('low');
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.title)).toContain('Auto Trader approved');
    const listed = (await server.call('GET', '/admin/autotrader_requests', { token: admin.token })).body.data.find((r: { id: number }) => r.id === pending!.id);
    expect(listed).toMatchObject({ status: 'approved', decided_by: admin.email });

    // Deciding twice is refused; an active Auto Trader needs no new request; switching off works once.
    expect((await server.call('POST', `/admin/autotrader_requests/${pending!.id}/reject`, { token: admin.token, body: { reason: 'late' } })).status).toBe(409);
    expect((await request(user, 'high')).body.message).toBe(msg.active);
    expect((await server.call('POST', '/autotrader/off', { token: user.token })).status).toBe(200);
    expect((await userRow(user)).autotrader).toBe(false);
    expect((await server.call('POST', '/autotrader/off', { token: user.token })).status).toBe(409);
  });

  it('an operator rejects with a reason; the customer may ask again', async () => {
    const user = await createTestUser(server);
    await request(user, 'medium');
    const [pending] = await pendingOf(user);
    expect((await server.call('POST', `/admin/autotrader_requests/${pending!.id}/reject`, { token: admin.token, body: { reason: '' } })).status).toBe(422);
    const rejected = await server.call('POST', `/admin/autotrader_requests/${pending!.id}/reject`, { token: admin.token, body: { reason: 'Fund the live account first.' } });
    expect(rejected.status).toBe(200);
    expect((await userRow(user)).autotrader).toBe(false);
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.find((n) => n.title === 'Auto Trader request rejected')?.message).toContain('Fund the live account first.');
    expect((await request(user, 'medium')).status).toBe(200);
  });

  it('customers cannot list or decide requests, their own included', async () => {
    const user = await createTestUser(server);
    await request(user, 'high');
    const [pending] = await pendingOf(user);
    expect((await server.call('GET', '/admin/autotrader_requests', { token: user.token })).status).toBe(403);
    expect((await server.call('POST', `/admin/autotrader_requests/${pending!.id}/approve`, { token: user.token })).status).toBe(403);
    expect((await userRow(user)).autotrader).toBe(false);
    expect((await server.call('POST', '/admin/autotrader_requests/999999/approve', { token: admin.token })).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
});
afterAll(() => server.close());

describe('support staff', () => {
  it('an admin makes a customer support staff, who then answers chats and reads the back office but decides nothing', async () => {
    const agent = await createTestUser(server, { firstName: 'Sam' });
    const customer = await createTestUser(server);
    expect((await server.call('GET', '/admin/clients', { token: agent.token })).status).toBe(403);
    expect((await server.call('PATCH', `/admin/clients/${agent.id}/role`, { token: agent.token, body: { role: 'support' } })).status).toBe(403);
    const promoted = await server.call('PATCH', `/admin/clients/${agent.id}/role`, { token: admin.token, body: { role: 'support' } });
    expect([promoted.status, promoted.body.data.role]).toEqual([200, 'support']);
    expect((await server.call('PATCH', `/admin/clients/${admin.id}/role`, { token: admin.token, body: { role: 'customer' } })).status).toBe(403);
    expect((await server.call('PATCH', `/admin/clients/${agent.id}/role`, { token: admin.token, body: { role: 'admin' } })).status).toBe(422);

    // The same session now reads the back office.
    expect((await server.call('GET', '/admin/clients', { token: agent.token })).status).toBe(200);
    expect((await server.call('GET', `/admin/audit?user_id=${agent.id}`, { token: agent.token })).body.data[0]).toMatchObject({ action: 'user.role_support', actor_id: admin.id });
    await server.call('POST', '/chat/messages', { token: customer.token, body: { message: 'Hello, is anyone there?' } });
    const reply = await server.call('POST', '/chat/messages', { token: agent.token, body: { message: 'Sam from support here.', customer_id: customer.id } });
    expect([reply.status, reply.body.data.is_admin]).toEqual([201, true]);
    const seen = await server.call('GET', '/chat/messages', { token: customer.token });
    expect(seen.body.data.map((m: { message: string }) => m.message)).toContain('Sam from support here.');

    expect((await server.call('PATCH', `/admin/clients/${customer.id}/status`, { token: agent.token, body: { status: 'deactivated' } })).status).toBe(403);
    expect((await server.call('POST', '/admin/money/1/approve', { token: agent.token, body: { credited_amount: 10 } })).status).toBe(403);
    expect((await server.call('PUT', '/admin/settings', { token: agent.token, body: { name: 'Hijacked' } })).status).toBe(403);

    const demoted = await server.call('PATCH', `/admin/clients/${agent.id}/role`, { token: admin.token, body: { role: 'customer' } });
    expect(demoted.body.data.role).toBe('customer');
    expect((await server.call('GET', '/admin/clients', { token: agent.token })).status).toBe(403);
  });
});

import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalMessages } from '@bourse/contract';
import { DISABLED_MESSAGE } from '../src/http/auth.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Every request is checked against the session and the user as they are now: whatever a request
// path keeps between requests for speed, a sign-out, a deactivation, a demotion or a two-factor
// requirement refuses the very next request, made right after one that succeeded (and so would
// have primed any cache).
let server: TestServer;
let operator: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  operator = await createTestUser(server, { role: 'admin' });
});
afterAll(() => server.close());

const get = (path: string, user: TestUser) => server.call('GET', path, { token: user.token });

describe('the request after a change of access', () => {
  it('is refused once the session is signed out', async () => {
    const user = await createTestUser(server);
    expect((await get('/user', user)).status).toBe(200);
    expect((await server.call('POST', '/auth/logout', { token: user.token })).status).toBe(200);
    expect((await get('/user', user)).status).toBe(401);
  });

  it('is refused once an admin signs the user out of every device', async () => {
    const user = await createTestUser(server);
    expect((await get('/open/trades', user)).status).toBe(200);
    expect((await server.call('POST', `/admin/clients/${user.id}/sign-out`, { token: operator.token })).status).toBe(200);
    expect((await get('/open/trades', user)).status).toBe(401);
  });

  it('is refused once the user is deactivated, and let through again once reactivated', async () => {
    const user = await createTestUser(server);
    expect((await get('/user/preferences', user)).status).toBe(200);
    const status = (value: string) => server.call('PATCH', `/admin/clients/${user.id}/status`, { token: operator.token, body: { status: value } });
    expect((await status('deactivated')).status).toBe(200);
    const refused = await get('/user/preferences', user);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(DISABLED_MESSAGE);
    // Their own status stays readable, and shows the change.
    expect((await get('/user', user)).body.data.status).toBe('deactivated');
    expect((await status('active')).status).toBe(200);
    expect((await get('/user/preferences', user)).status).toBe(200);
  });

  it('is refused a staff route once the user is demoted, and allowed once promoted again', async () => {
    const support = await createTestUser(server, { role: 'support' });
    const customer = await createTestUser(server);
    const staffRoute = `/admin/clients/${customer.id}`;
    expect((await get(staffRoute, support)).status).toBe(200);
    const role = (value: string) => server.call('PATCH', `/admin/clients/${support.id}/role`, { token: operator.token, body: { role: value } });
    expect((await role('customer')).status).toBe(200);
    expect((await get(staffRoute, support)).status).toBe(403);
    expect((await get('/user', support)).body.data.role).toBe('customer');
    expect((await role('support')).status).toBe(200);
    expect((await get(staffRoute, support)).status).toBe(200);
  });

  it('is refused the back office once admins must use two-factor, and let in once they need not', async () => {
    const admin = await createTestUser(server, { role: 'admin' });
    // The operator proves a second factor, so they may change the setting while it is on.
    const setup = await server.call('POST', '/user/two-factor/setup', { token: operator.token, body: { password: operator.password } });
    const code = await generate({ secret: setup.body.data.secret });
    expect((await server.call('POST', '/user/two-factor/enable', { token: operator.token, body: { code } })).status).toBe(200);
    const require2fa = (on: boolean) => server.call('PUT', '/admin/settings', { token: operator.token, body: { require_admin_2fa: on } });

    expect((await get('/admin/users', admin)).status).toBe(200);
    expect((await require2fa(true)).status).toBe(200);
    const refused = await get('/admin/users', admin);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(personalMessages.twoFactorRequired);
    expect((await get('/admin/users', operator)).status).toBe(200);
    expect((await require2fa(false)).status).toBe(200);
    expect((await get('/admin/users', admin)).status).toBe(200);
  });
});

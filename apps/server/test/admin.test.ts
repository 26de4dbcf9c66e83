import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, events } from '@bourse/contract';
import { createTestUser, register, registrationForm, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin', firstName: 'Root' });
});
afterAll(() => server.close());

describe('clients', () => {
  it('searches by name, email and account id, newest first, paged', async () => {
    const form = registrationForm({ first_name: 'Zephyrine', last_name: 'Quill' });
    const created = (await register(server, form)).body.data.user;
    for (const q of ['zephyr', 'Zephyrine Quill', form.email.slice(0, 12), created.account_id]) {
      const res = await server.call('GET', `/admin/clients?search=${encodeURIComponent(q)}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.data.map((c: { id: number }) => c.id), q).toContain(created.id);
    }
    const none = await server.call('GET', '/admin/clients?search=%25_%5C', { token: admin.token });
    expect(none.body.data).toEqual([]);
    const pending = await server.call('GET', '/admin/clients?status=pending', { token: admin.token });
    expect(pending.body.data.every((c: { status: string }) => c.status === 'pending')).toBe(true);
    expect(pending.body.meta.current_page).toBe(1);
  });

  it('shows each client’s own balances, live and demo apart, summed per currency', async () => {
    const rich = await createTestUser(server, { firstName: 'Rich' });
    const fresh = await createTestUser(server, { firstName: 'Fresh' });
    const accounts = (await server.call('GET', '/user', { token: rich.token })).body.data.accounts as { id: number; kind: string }[];
    const live = accounts.find((a) => a.kind === 'live')!;
    const demo = accounts.find((a) => a.kind === 'demo')!;
    expect((await server.call('POST', `/admin/accounts/${live.id}/adjust`, { token: admin.token, body: { amount: 400, reason: 'Wire received' } })).status).toBeLessThan(300);
    expect((await server.call('POST', `/admin/accounts/${demo.id}/adjust`, { token: admin.token, body: { amount: -2500.5, reason: 'Demo reset test' } })).status).toBeLessThan(300);
    expect((await server.call('POST', '/accounts', { token: rich.token, body: { kind: 'live', currency: 'EUR' } })).status).toBe(201);

    const listed = (await server.call('GET', '/admin/clients', { token: admin.token })).body.data as { id: number; balances: unknown }[];
    expect(listed.find((c) => c.id === rich.id)!.balances).toEqual([
      { kind: 'live', currency: 'EUR', amount: '0.00' },
      { kind: 'live', currency: 'USD', amount: '400.00' },
      { kind: 'demo', currency: 'USD', amount: '7499.50' },
    ]);
    expect(listed.find((c) => c.id === fresh.id)!.balances).toEqual([
      { kind: 'live', currency: 'USD', amount: '0.00' },
      { kind: 'demo', currency: 'USD', amount: '10000.00' },
    ]);
  });

  it('shows each trading account’s customer group, and the group an admin moves it to; the customer’s own view names none', async () => {
    const customer = await createTestUser(server);
    const detail = async () => (await server.call('GET', `/admin/clients/${customer.id}`, { token: admin.token })).body.data.accounts as { id: number; group_id: number; group_name: string }[];
    const accounts = await detail();
    expect(accounts.length).toBeGreaterThan(0);
    for (const a of accounts) expect(a).toMatchObject({ group_id: 1, group_name: expect.any(String) });
    const created = await server.call('POST', '/admin/groups', { token: admin.token, body: { name: `Desk ${crypto.randomUUID().slice(0, 8)}`, commission_mode: 'none' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const group = created.body.data as { id: number; name: string };
    expect((await server.call('PUT', `/admin/accounts/${accounts[0]!.id}/group`, { token: admin.token, body: { group_id: group.id } })).status).toBe(200);
    const moved = await detail();
    expect(moved[0]).toMatchObject({ id: accounts[0]!.id, group_id: group.id, group_name: group.name });
    expect(moved.slice(1).every((a) => a.group_id === 1)).toBe(true);
    const own = (await server.call('GET', '/user', { token: customer.token })).body.data.accounts as Record<string, unknown>[];
    expect(own[0]).not.toHaveProperty('group_id');
    expect(own[0]).not.toHaveProperty('group_name');
  });

  it('approves a pending client, notifies them live and tells their user channel', async () => {
    const created = (await register(server, registrationForm())).body.data.user;
    const published: { channel: string; event: string }[] = [];
    const publish = server.ctx.broadcaster.publish.bind(server.ctx.broadcaster);
    server.ctx.broadcaster.publish = async (channel, event, data) => {
      published.push({ channel, event });
      return publish(channel, event, data);
    };
    const res = await server.call('PATCH', `/admin/clients/${created.id}/status`, { token: admin.token, body: { status: 'active' } });
    server.ctx.broadcaster.publish = publish;
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('active');
    expect(published).toEqual(
      expect.arrayContaining([
        { channel: channels.user(created.id), event: events.userUpdated },
        { channel: channels.notification(created.id), event: events.notification },
      ]),
    );
    const login = await server.call('POST', '/auth/login', { body: { email: created.email, password: 'correct-horse-9' } });
    expect(login.body.data.user.notifications[0]).toMatchObject({ title: 'Account approved', color: 'success', read: false });
  });

  it('deactivates and reactivates; a deactivated client can read their status only', async () => {
    const customer = await createTestUser(server);
    await server.call('PATCH', `/admin/clients/${customer.id}/status`, { token: admin.token, body: { status: 'deactivated' } });
    const me = await server.call('GET', '/user', { token: customer.token });
    expect(me.body.data.status).toBe('deactivated');
    expect((await server.call('GET', '/admin/clients', { token: customer.token })).status).toBe(403);
    await server.call('PATCH', `/admin/clients/${customer.id}/status`, { token: admin.token, body: { status: 'active' } });
    expect((await server.call('GET', '/user', { token: customer.token })).body.data.status).toBe('active');
  });

  it('refuses an unknown status, an unknown client and changing one’s own status', async () => {
    expect((await server.call('PATCH', '/admin/clients/1/status', { token: admin.token, body: { status: 'root' } })).status).toBe(422);
    expect((await server.call('PATCH', '/admin/clients/999999/status', { token: admin.token, body: { status: 'active' } })).status).toBe(404);
    expect((await server.call('PATCH', `/admin/clients/${admin.id}/status`, { token: admin.token, body: { status: 'deactivated' } })).status).toBe(403);
  });

  it('signs a client out of every device', async () => {
    const customer = await createTestUser(server);
    expect((await server.call('POST', `/admin/clients/${customer.id}/sign-out`, { token: admin.token })).status).toBe(200);
    expect((await server.call('GET', '/user', { token: customer.token })).status).toBe(401);
  });
});

describe('site settings', () => {
  it('are public, every SPEC field present, and change for everyone when an admin saves them', async () => {
    const before = await server.call('GET', '/settings');
    expect(Object.keys(before.body.data).sort()).toEqual(
      ['status', 'name', 'maintenanceMessage', 'contactEmail', 'must_verify_account', 'favicon', 'logo', 'logo_sm', 'brand_color', 'website_url', 'r_page',
        'register_page_header', 'register_page_footer', 'terms_url', 'privacy_url', 'risk_url', 'help_url', 'savings_rate_pct', 'require_admin_2fa', 'approve_live_accounts', 'require_verification', 'appropriateness_test', 'appropriateness_retake_days', 'risk_warning_percent', 'leverage_preset'].sort(),
    );
    const saved = await server.call('PUT', '/admin/settings', {
      token: admin.token,
      body: { status: 'disabled', maintenanceMessage: 'Back at 10:00 UTC', contactEmail: 'ops@example.com', r_page: 'ic' },
    });
    expect(saved.status).toBe(200);
    const after = await server.call('GET', '/settings');
    expect(after.body.data).toMatchObject({ status: 'disabled', maintenanceMessage: 'Back at 10:00 UTC', contactEmail: 'ops@example.com', r_page: 'ic' });
    await server.call('PUT', '/admin/settings', { token: admin.token, body: { status: 'enabled' } });
  });

  it('validate URLs and emails and refuse unknown fields', async () => {
    const bad = await server.call('PUT', '/admin/settings', { token: admin.token, body: { logo: 'javascript:alert(1)', contactEmail: 'nope', brand_color: 'red; x' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['brand_color', 'contactEmail', 'logo']);
    expect((await server.call('PUT', '/admin/settings', { token: admin.token, body: { owner: 'me' } })).status).toBe(422);
  });

  it('serve the leverage map with the SPEC default of 100 and the admin’s changes', async () => {
    const customer = await createTestUser(server);
    const data = await server.call('GET', '/data', { token: customer.token });
    expect(data.body.data.leverage).toEqual({ cryptos: 100, stocks: 100, indices: 100, commodities: 100, metals: 100, forex: 100 });
    await server.call('PUT', '/admin/leverage', { token: admin.token, body: { forex: 30 } });
    expect((await server.call('GET', '/data', { token: customer.token })).body.data.leverage.forex).toBe(30);
    expect((await server.call('PUT', '/admin/leverage', { token: admin.token, body: { forex: 0 } })).status).toBe(422);
  });
});

describe('notifications and presence', () => {
  it('marks one’s own notification read, not someone else’s', async () => {
    const a = await createTestUser(server);
    const b = await createTestUser(server);
    await server.call('POST', '/admin/notifications', { token: admin.token, body: { user_id: a.id, title: 'Hello', message: 'Welcome aboard' } });
    const note = (await server.call('GET', '/user', { token: a.token })).body.data.notifications[0];
    expect(note).toMatchObject({ title: 'Hello', message: 'Welcome aboard', read: false });
    expect((await server.call('POST', `/notifications/${note.id}/read`, { token: b.token })).status).toBe(404);
    expect((await server.call('POST', `/notifications/${note.id}/read`, { token: a.token })).status).toBe(200);
    expect((await server.call('GET', '/user', { token: a.token })).body.data.notifications).toEqual([]);
  });

  it('sends a notification to every customer', async () => {
    const res = await server.call('POST', '/admin/notifications', { token: admin.token, body: { title: 'Maintenance', message: 'Tonight', color: 'warning' } });
    expect(res.body.sent).toBeGreaterThan(0);
  });

  it('shows a user online after a heartbeat', async () => {
    const user = await createTestUser(server);
    expect((await server.call('GET', '/user', { token: user.token })).body.data.is_online).toBe(false);
    await server.call('POST', '/user/heartbeat', { token: user.token });
    expect((await server.call('GET', '/user', { token: user.token })).body.data.is_online).toBe(true);
  });
});

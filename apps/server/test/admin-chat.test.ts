import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { channels, events } from '@bourse/contract';
import { users } from '../src/db/schema/index.ts';
import { announceExpired } from '../src/modules/users/presence.service.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { PusherSocket, type Frame } from './helpers/pusher-socket.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
let adminFeed: PusherSocket;
const sockets: PusherSocket[] = [];
const ADMIN_CHANNEL = `private-${channels.admin()}`;

type ListedUser = { id: number; is_online: boolean; unread_count: number; last_message_at: string | null };
type Change = { users: ListedUser[] };

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
  adminFeed = await PusherSocket.open(server);
  await adminFeed.subscribe(server, admin.token, ADMIN_CHANNEL);
});
afterAll(async () => {
  adminFeed.close();
  for (const s of sockets) s.close();
  await server.close();
});

const listed = async (id: number) => ((await server.call('GET', '/admin/users', { token: admin.token })).body.data as ListedUser[]).find((u) => u.id === id);

/** The next `users.changed` that reports on `id` and satisfies `check`. */
function changeFor(id: number, check: (u: ListedUser) => boolean = () => true): Promise<ListedUser> {
  const about = (f: Frame) => (f.data as Change).users.find((u) => u.id === id && check(u));
  return adminFeed.next((f) => f.event === events.usersChanged && about(f) !== undefined).then((f) => about(f)!);
}

describe('GET /admin/users', () => {
  it('lists every customer with chat state, latest conversation first, no admins', async () => {
    const [quiet, early, late] = await Promise.all([createTestUser(server), createTestUser(server), createTestUser(server)]);
    await server.call('POST', '/chat/messages', { token: early.token, body: { message: 'first' } });
    await server.call('POST', '/chat/messages', { token: late.token, body: { message: 'second' } });
    await server.call('POST', '/chat/messages', { token: late.token, body: { message: 'third' } });
    const res = await server.call('GET', '/admin/users', { token: admin.token });
    expect(res.status).toBe(200);
    const ids = (res.body.data as ListedUser[]).map((u) => u.id);
    expect(ids).not.toContain(admin.id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(early.id));
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(quiet.id));
    const row = res.body.data.find((u: ListedUser) => u.id === late.id);
    expect(row).toEqual({
      id: late.id,
      name: 'Test User',
      first_name: 'Test',
      last_name: 'User',
      email: late.email,
      account_id: expect.stringMatching(/^BRS\d+$/),
      avatar: null,
      status: 'active',
      is_online: false,
      unread_count: 2,
      last_message_at: expect.any(String),
    });
    expect((await listed(quiet.id))?.last_message_at).toBeNull();
  });

  it('gives the account summary for the chat header', async () => {
    const customer = await createTestUser(server);
    const me = (await server.call('GET', '/user', { token: customer.token })).body.data;
    const res = await server.call('GET', `/admin/users/${customer.id}/summary`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      user_id: customer.id,
      status: 'active',
      account_id: me.account_id,
      currency: 'USD',
      balance: me.balance,
      credit: me.credit_balance,
      equity: me.balance,
      pnl: '0.00',
      margin: '0.00',
      open_positions: 0,
      is_online: false,
    });
    expect((await server.call('GET', '/admin/users/999999/summary', { token: admin.token })).status).toBe(404);
  });
});

describe('users.changed on the admin channel', () => {
  it('reports a new message with the unread count, and the read', async () => {
    const customer = await createTestUser(server);
    await server.call('POST', '/chat/messages', { token: customer.token, body: { message: 'help' } });
    expect(await changeFor(customer.id, (u) => u.unread_count === 1)).toMatchObject({ last_message_at: expect.any(String) });
    await server.call('GET', `/chat/messages?customer_id=${customer.id}`, { token: admin.token });
    await changeFor(customer.id, (u) => u.unread_count === 0);
  });

  it('reports a customer coming online by heartbeat, coalescing changes close together', async () => {
    const [a, b] = await Promise.all([createTestUser(server), createTestUser(server)]);
    await Promise.all([a, b].map((u) => server.call('POST', '/user/heartbeat', { token: u.token })));
    const frame = await adminFeed.next((f) => f.event === events.usersChanged && (f.data as Change).users.some((u) => u.id === a.id));
    expect((frame.data as Change).users.filter((u) => u.id === a.id || u.id === b.id)).toHaveLength(2);
    expect((await listed(a.id))?.is_online).toBe(true);
  });

  it('counts a live private-channel connection as online', async () => {
    const customer = await createTestUser(server);
    expect((await listed(customer.id))?.is_online).toBe(false);
    const socket = await PusherSocket.open(server);
    sockets.push(socket);
    await socket.subscribe(server, customer.token, `private-${channels.user(customer.id)}`);
    await changeFor(customer.id, (u) => u.is_online);
    expect((await listed(customer.id))?.is_online).toBe(true);
    expect((await server.call('GET', '/user', { token: customer.token })).body.data.is_online).toBe(true);
    const stats = await server.call('GET', '/admin/realtime/stats', { token: admin.token });
    expect(stats.body.data).toMatchObject({ driver: 'gateway', connections: expect.any(Number), users: expect.any(Number) });
    expect(stats.body.data.users).toBeGreaterThanOrEqual(1);
  });

  it('reports a customer going offline when their heartbeat expires', async () => {
    const customer = await createTestUser(server);
    const longAgo = new Date(Date.now() - 3 * 60_000);
    await server.ctx.db.update(users).set({ lastSeenAt: longAgo }).where(eq(users.id, customer.id));
    await announceExpired(server.ctx, new Date(longAgo.getTime() - 1000));
    expect(await changeFor(customer.id)).toMatchObject({ is_online: false });
  });
});

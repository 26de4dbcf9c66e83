import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PAGE_SIZE, channels, chatMessages, events } from '@bourse/contract';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { PusherSocket } from './helpers/pusher-socket.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
const sockets: PusherSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

type Message = { id: number; message: string; is_admin: boolean; read_at: string | null; created_at: string; sender_id: number };

const send = (token: string, body: Record<string, unknown>) => server.call('POST', '/chat/messages', { token, body });
const messagesOf = (token: string, query = '') => server.call<{ data: Message[]; next_page_url: string | null }>('GET', `/chat/messages${query}`, { token });
const unread = async (token: string) => (await server.call('GET', '/chat/unread-count', { token })).body.unread_count as number;

async function listen(token: string, channel: string): Promise<PusherSocket> {
  const socket = await PusherSocket.open(server);
  sockets.push(socket);
  await socket.subscribe(server, token, channel);
  return socket;
}

describe('conversation pages', () => {
  it('pages newest first, each page oldest to newest, with next_page_url', async () => {
    const customer = await createTestUser(server);
    const total = CHAT_PAGE_SIZE + 5;
    for (let i = 1; i <= total; i++) {
      const res = i % 2 ? await send(customer.token, { message: `m${i}` }) : await send(admin.token, { message: `m${i}`, customer_id: customer.id });
      expect(res.status).toBe(201);
    }
    const first = await messagesOf(customer.token);
    expect(first.status).toBe(200);
    expect(first.body.data.map((m) => m.message)).toEqual(Array.from({ length: CHAT_PAGE_SIZE }, (_, i) => `m${i + 6}`));
    expect(first.body.next_page_url).toBe('/api/v1/chat/messages?page=2');
    const second = await messagesOf(customer.token, '?page=2');
    expect(second.body.data.map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(second.body.next_page_url).toBeNull();
    const adminView = await messagesOf(admin.token, `?customer_id=${customer.id}`);
    expect(adminView.body.next_page_url).toBe(`/api/v1/chat/messages?page=2&customer_id=${customer.id}`);
    expect(adminView.body.data.at(-1)).toMatchObject({ message: `m${total}`, is_admin: false, sender_id: customer.id });
  });

  it('returns only what came after a timestamp, for polling', async () => {
    const customer = await createTestUser(server);
    const a = (await send(customer.token, { message: 'first' })).body.data as Message;
    const b = (await send(admin.token, { message: 'second', customer_id: customer.id })).body.data as Message;
    const since = await messagesOf(customer.token, `?after=${encodeURIComponent(a.created_at)}`);
    expect(since.body.data.map((m) => m.id)).toEqual([b.id]);
    expect(since.body.next_page_url).toBeNull();
    expect((await messagesOf(customer.token, `?after=${encodeURIComponent(b.created_at)}`)).body.data).toEqual([]);
    expect((await messagesOf(customer.token, '?after=yesterday')).status).toBe(422);
  });

  it('returns the message shape of SPEC §3, text kept as plain text', async () => {
    const customer = await createTestUser(server, { firstName: 'Ada' });
    const text = '<b>bold</b> & <script>alert(1)</script>';
    const sent = await send(customer.token, { message: `  ${text}  ` });
    expect(sent.body.data).toEqual({
      id: expect.any(Number),
      customer_id: customer.id,
      sender_id: customer.id,
      sender: { first_name: 'Ada', name: 'Ada User', avatar: null },
      is_admin: false,
      message: text,
      attachments: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      read_at: null,
    });
  });
});

describe('chat rules', () => {
  it('refuses empty, whitespace-only and overlong messages', async () => {
    const customer = await createTestUser(server);
    for (const message of ['', '   \n ']) {
      const res = await send(customer.token, { message });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ message: [chatMessages.empty] });
    }
    const long = await send(customer.token, { message: 'x'.repeat(5001) });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(chatMessages.tooLong);
    expect((await send(customer.token, { message: 'x'.repeat(5000) })).status).toBe(201);
  });

  it("keeps customers to their own conversation and makes admins name one", async () => {
    const [alice, bob] = await Promise.all([createTestUser(server), createTestUser(server)]);
    await send(alice.token, { message: 'private' });
    expect((await messagesOf(bob.token, `?customer_id=${alice.id}`)).status).toBe(403);
    expect((await send(bob.token, { message: 'hi', customer_id: alice.id })).status).toBe(403);
    expect((await messagesOf(bob.token)).body.data).toEqual([]);
    const missing = await messagesOf(admin.token);
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: chatMessages.customerRequired, errors: { customer_id: [chatMessages.customerRequired] } });
    expect((await send(admin.token, { message: 'hi' })).status).toBe(422);
    expect((await send(admin.token, { message: 'hi', customer_id: admin.id })).status).toBe(404);
    expect((await send(admin.token, { message: 'hi', customer_id: 999_999 })).status).toBe(404);
  });

  it('limits how fast one customer can post', async () => {
    const customer = await createTestUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await send(customer.token, { message: `m${i}` })).status);
    expect(statuses.slice(0, 60).every((s) => s === 201)).toBe(true);
    expect(statuses[60]).toBe(429);
    const other = await createTestUser(server);
    expect((await send(other.token, { message: 'unaffected' })).status).toBe(201);
  });

  it('refuses admin endpoints to customers', async () => {
    const customer = await createTestUser(server);
    expect((await server.call('GET', '/admin/users', { token: customer.token })).status).toBe(403);
    expect((await server.call('GET', `/admin/users/${customer.id}/summary`, { token: customer.token })).status).toBe(403);
    expect((await server.call('GET', '/admin/realtime/stats', { token: customer.token })).status).toBe(403);
    expect((await server.call('GET', '/chat/messages')).status).toBe(401);
  });
});

describe('read receipts and unread counts', () => {
  it('marks the other side read on reading, with a message.read event and counts on both sides', async () => {
    const customer = await createTestUser(server);
    const channel = `private-${channels.chat(customer.id)}`;
    const customerSocket = await listen(customer.token, channel);
    const adminSocket = await listen(admin.token, channel);
    const adminsBefore = await unread(admin.token);

    const m1 = (await send(customer.token, { message: 'one' })).body.data as Message;
    const m2 = (await send(customer.token, { message: 'two' })).body.data as Message;
    expect((await adminSocket.event(channel, events.messageSent)).data).toMatchObject({ id: m1.id, message: 'one' });
    expect(await unread(admin.token)).toBe(adminsBefore + 2);
    expect(await unread(customer.token)).toBe(0);
    expect((await server.call('GET', '/user', { token: admin.token })).body.data.unread_count).toBe(adminsBefore + 2);

    const read = await messagesOf(admin.token, `?customer_id=${customer.id}`);
    expect(read.body.data.every((m) => m.read_at !== null)).toBe(true);
    const receipt = await customerSocket.event(channel, events.messageRead);
    expect(receipt.data).toEqual({ customer_id: customer.id, reader_id: admin.id, read_at: expect.any(String), ids: [m1.id, m2.id] });
    expect(await unread(admin.token)).toBe(adminsBefore);

    await send(admin.token, { message: 'answer', customer_id: customer.id });
    expect(await unread(customer.token)).toBe(1);
    expect((await server.call('GET', '/user', { token: customer.token })).body.data.unread_count).toBe(1);
    const own = await messagesOf(customer.token);
    expect(own.body.data.map((m) => [m.message, m.read_at !== null])).toEqual([
      ['one', true],
      ['two', true],
      ['answer', true],
    ]);
    const readByCustomer = (f: { event: string; data: unknown }) =>
      f.event === events.messageRead && (f.data as { reader_id: number }).reader_id === customer.id;
    expect((await adminSocket.next(readByCustomer)).data).toMatchObject({ customer_id: customer.id, ids: [expect.any(Number)] });
    expect(await unread(customer.token)).toBe(0);
  });

  it('sends no read event when nothing was unread', async () => {
    const customer = await createTestUser(server);
    const channel = `private-${channels.chat(customer.id)}`;
    const socket = await listen(customer.token, channel);
    await send(customer.token, { message: 'hello' });
    await messagesOf(customer.token);
    await new Promise((r) => setTimeout(r, 100));
    expect(socket.frames.some((f) => f.event === events.messageRead)).toBe(false);
  });
});

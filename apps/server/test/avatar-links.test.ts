import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { avatarLink } from '../src/lib/avatar-links.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { files } from './helpers/files.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 3_600_000;

async function withAvatar(role: 'customer' | 'support' | 'admin' = 'customer'): Promise<TestUser & { link: string; stored: string }> {
  const user = await createTestUser(server, { role });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(files.png)]), 'me.png');
  const res = await server.call('POST', '/user/avatar', { token: user.token, raw: form });
  expect(res.status).toBe(201);
  const [row] = await server.ctx.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id));
  return { ...user, link: res.body.data.avatar as string, stored: row!.avatar! };
}

const open = (link: string, token?: string) => fetch(`${server.url}${link}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The link with one query parameter replaced. */
function withParam(link: string, key: string, value: string): string {
  const url = new URL(link, 'http://x');
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}

async function expectRefused(res: Response, status: 403 | 404) {
  expect(res.status).toBe(status);
  const text = await res.text();
  expect(res.headers.get('content-type')).toContain('application/json');
  // Nothing about where or how the file is kept.
  for (const secret of ['avatars/', '.webp', server.ctx.config.dataDir, 'signature']) expect(text).not.toContain(secret);
}

describe('avatar links', () => {
  it('serve the image while signed, cached no longer than the link lives', async () => {
    const user = await withAvatar();
    const res = await open(user.link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(6 * 3600);
    const expires = Number(new URL(user.link, 'http://x').searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThanOrEqual(24 * HOUR - 60_000);
    // The same link across refetches, so the browser's cached image is used.
    expect((await server.call('GET', '/user', { token: user.token })).body.data.avatar).toBe(user.link);
    expect((await server.call('GET', '/user/profile', { token: user.token })).body.data.avatar).toBe(user.link);
  });

  it('refuse the bare path, even to the owner with a bearer token', async () => {
    const user = await withAvatar();
    const bare = new URL(user.link, 'http://x').pathname;
    expect(bare).toBe(user.stored);
    await expectRefused(await open(bare), 403);
    await expectRefused(await open(bare, user.token), 403);
    await expectRefused(await open(`${bare}?expires=${new URL(user.link, 'http://x').searchParams.get('expires')}`), 403);
  });

  it('refuse a tampered signature, expiry or file name, and an expired link', async () => {
    const a = await withAvatar();
    const b = await withAvatar();
    const signature = new URL(a.link, 'http://x').searchParams.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    await expectRefused(await open(withParam(a.link, 'signature', flipped)), 403);
    const expires = Number(new URL(a.link, 'http://x').searchParams.get('expires'));
    await expectRefused(await open(withParam(a.link, 'expires', String(expires + 3600))), 403);
    // A's signature on B's file name.
    await expectRefused(await open(`${new URL(b.link, 'http://x').pathname}${new URL(a.link, 'http://x').search}`), 403);
    // Signed with the server's own key, two days ago: good signature, past its expiry.
    const old = avatarLink(server.ctx.config.uploads, a.stored, Date.now() - 48 * HOUR)!;
    expect(Number(new URL(old, 'http://x').searchParams.get('expires')) * 1000).toBeLessThan(Date.now());
    await expectRefused(await open(old), 403);
    // A name that is not an avatar at all is refused before any lookup.
    await expectRefused(await open(withParam(a.link.replace(/[0-9a-f]{32}\.webp/, '..%2F..%2Fmail.log'), 'x', '1')), 403);
  });

  it('stop at once when the avatar is replaced or removed, signed or not', async () => {
    const user = await withAvatar();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(files.png)]), 'again.png');
    const next = (await server.call('POST', '/user/avatar', { token: user.token, raw: form })).body.data.avatar as string;
    await expectRefused(await open(user.link), 404);
    expect((await open(next)).status).toBe(200);
    await server.call('DELETE', '/user/avatar', { token: user.token });
    await expectRefused(await open(next), 404);
  });

  it('reach staff for every customer and a customer for the staff in their chat; another customer gets none', async () => {
    const customer = await withAvatar();
    const stranger = await createTestUser(server);
    const support = await withAvatar('support');
    const admin = await createTestUser(server, { role: 'admin' });

    // Staff see the customer's avatar in the admin chat list and the back office, freshly signed.
    const listed = (await server.call('GET', '/admin/users', { token: support.token })).body.data.find((u: { id: number }) => u.id === customer.id);
    expect(listed?.avatar).toBe(customer.link);
    expect((await server.call('GET', `/admin/clients/${customer.id}`, { token: admin.token })).body.data.avatar).toBe(customer.link);
    // The link is the permission: it opens without a bearer header (an <img> sends none)...
    expect((await open(listed.avatar)).status).toBe(200);
    // ...while the customer's file stays shut to another customer without it.
    await expectRefused(await open(customer.stored, stranger.token), 403);
    expect((await server.call('GET', '/admin/users', { token: stranger.token })).status).toBe(403);
    expect((await server.call('GET', `/admin/clients/${customer.id}`, { token: stranger.token })).status).toBe(403);

    // The customer sees the avatar of the staff member who answered, in their own conversation only.
    expect((await server.call('POST', '/chat/messages', { token: support.token, body: { message: 'Hello from support', customer_id: customer.id } })).status).toBe(201);
    const mine = (await server.call('GET', '/chat/messages?page=1', { token: customer.token })).body.data as { sender: { avatar: string | null } }[];
    expect(mine.map((m) => m.sender.avatar)).toContain(support.link);
    expect((await open(support.link)).status).toBe(200);
    const theirs = (await server.call('GET', `/chat/messages?page=1&customer_id=${customer.id}`, { token: stranger.token }));
    expect(theirs.status).toBe(403);
    const own = (await server.call('GET', '/chat/messages?page=1', { token: stranger.token })).body.data as { sender: { avatar: string | null } }[];
    expect(own.map((m) => m.sender.avatar)).not.toContain(support.link);
  });
});

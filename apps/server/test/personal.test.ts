import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, oneTimeTokens, users } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { files } from './helpers/files.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const profile = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  country_code: '+44',
  phone: '20 7946 0958',
  address_line1: '12 St James Square',
  address_line2: 'Flat 3',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country: 'united-kingdom',
  date_of_birth: '1990-12-10',
};

const mailsTo = (email: string) => {
  const file = path.join(server.ctx.config.dataDir, 'mail.log');
  return existsSync(file) ? readFileSync(file, 'utf8').split('--- ').filter((m) => m.includes(`To: ${email}\n`)) : [];
};
const linkIn = (mail: string | undefined, pathname: string) => new URL(/https?:\/\/\S+/.exec(mail?.slice(mail.indexOf(pathname) - 40) ?? '')![0]).searchParams.get('token')!;

async function signIn(user: TestUser, password = user.password, userAgent = 'Vitest') {
  const res = await server.call('POST', '/auth/login', { body: { email: user.email, password }, headers: { 'user-agent': userAgent } });
  return res.body.data?.token as string;
}

const SIGNED_AVATAR = /^\/api\/v1\/avatars\/[0-9a-f]{32}\.webp\?expires=\d+&signature=[\w-]{43}$/;

function upload(token: string | undefined, content: Buffer, name = 'photo.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  return server.call('POST', '/user/avatar', { token, raw: form });
}

describe('profile', () => {
  it('saves the caller’s details, audited, with the SPEC’s messages for bad names and phones', async () => {
    const user = await createTestUser(server);
    const saved = await server.call('PATCH', '/user/profile', { token: user.token, body: profile });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ ...profile, email: user.email, two_factor_enabled: false, pending_email: null });
    expect((await server.call('GET', '/user/profile', { token: user.token })).body.data).toMatchObject(profile);
    expect((await server.call('GET', '/user', { token: user.token })).body.data.name).toBe('Ada Lovelace');
    const [entry] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'profile.updated')));
    expect(entry?.details).toMatchObject({ before: { first_name: 'Test' }, after: { first_name: 'Ada', city: 'London' } });

    const bad = async (patch: Record<string, unknown>) => {
      const res = await server.call('PATCH', '/user/profile', { token: user.token, body: { ...profile, ...patch } });
      expect(res.status).toBe(422);
      return res.body.message as string;
    };
    expect(await bad({ first_name: 'A' })).toBe('First name must be at least 2 characters');
    expect(await bad({ last_name: ' ' })).toBe('Last name must be at least 2 characters');
    expect(await bad({ phone: '123' })).toBe('Please enter a valid phone number');
    expect(await bad({ phone: 'call me maybe' })).toBe('Please enter a valid phone number');
    expect(await bad({ country_code: '44' })).toBe('Choose a country code');
    const child = new Date();
    child.setUTCFullYear(child.getUTCFullYear() - 17);
    expect(await bad({ date_of_birth: child.toISOString().slice(0, 10) })).toBe('You must be at least 18 years old');
    expect(await bad({ date_of_birth: '1990-02-30' })).toBe('Enter a valid date of birth');
    expect((await server.call('GET', '/user/profile', { token: user.token })).body.data.first_name).toBe('Ada');
  });

  it('refuses anonymous callers and changes only the caller’s own row', async () => {
    const owner = await createTestUser(server);
    const other = await createTestUser(server);
    expect((await server.call('PATCH', '/user/profile', { body: profile })).status).toBe(401);
    expect((await server.call('GET', '/user/profile')).status).toBe(401);
    expect((await upload(undefined, files.png)).status).toBe(401);
    // No route takes a user id: a body naming someone else changes nothing of theirs.
    await server.call('PATCH', '/user/profile', { token: other.token, body: { ...profile, first_name: 'Mallory', id: owner.id, user_id: owner.id } });
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.firstName).toBe('Test');
  });
});

describe('avatar', () => {
  it('crops to a centred square, resizes, strips metadata and serves it; replacing removes the old one', async () => {
    const user = await createTestUser(server);
    // A wide image: red on the left third, green in the middle, blue on the right, with EXIF.
    const third = (r: number, g: number, b: number) => ({ create: { width: 200, height: 300, channels: 3 as const, background: { r, g, b } } });
    const wide = await sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .composite([
        { input: await sharp(third(255, 0, 0)).png().toBuffer(), left: 0, top: 0 },
        { input: await sharp(third(0, 255, 0)).png().toBuffer(), left: 200, top: 0 },
        { input: await sharp(third(0, 0, 255)).png().toBuffer(), left: 400, top: 0 },
      ])
      .withExif({ IFD0: { Artist: 'secret-artist', Copyright: 'gps-here' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(wide).metadata()).exif).toBeDefined();

    const res = await upload(user.token, wide, 'holiday.jpg');
    expect(res.status).toBe(201);
    const url = res.body.data.avatar as string;
    expect(url).toMatch(SIGNED_AVATAR);
    expect((await server.call('GET', '/user', { token: user.token })).body.data.avatar).toBe(url);

    const image = Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(image.includes(Buffer.from('secret-artist'))).toBe(false);
    // The centre of the wide picture is green: the crop kept the middle, not an edge.
    const { data } = await sharp(image).extract({ left: 128, top: 128, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[1]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(60);

    const next = await upload(user.token, files.png);
    expect(next.status).toBe(201);
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
    expect((await fetch(`${server.url}${next.body.data.avatar}`)).status).toBe(200);
    expect((await server.call('DELETE', '/user/avatar', { token: user.token })).status).toBe(200);
    expect((await fetch(`${server.url}${next.body.data.avatar}`)).status).toBe(404);
    expect((await server.call('GET', '/user', { token: user.token })).body.data.avatar).toBeNull();
  });

  it('refuses what is not a JPEG, PNG or WebP by its content, whatever its name, and oversize files', async () => {
    const user = await createTestUser(server);
    for (const content of [files.svg, files.pdf, files.gif, files.html, Buffer.from('not an image at all')]) {
      const res = await upload(user.token, content, 'photo.png');
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Choose a JPEG, PNG or WebP image.');
    }
    // Right magic bytes, broken image.
    expect((await upload(user.token, files.jpeg, 'photo.jpg')).status).toBe(422);
    const big = Buffer.concat([files.png, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    expect((await upload(user.token, big)).status).toBe(413);
    expect((await server.call('GET', '/user', { token: user.token })).body.data.avatar).toBeNull();
  });
});

describe('password and sessions', () => {
  it('needs the current password, then signs out every other session but the one in use', async () => {
    const user = await createTestUser(server);
    const phone = await signIn(user, user.password, 'Phone browser');
    const tablet = await signIn(user, user.password, 'Tablet browser');
    const listed = await server.call('GET', '/user/sessions', { token: user.token });
    expect(listed.body.data).toHaveLength(3);
    expect(listed.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(listed.body.data.map((s: { user_agent: string }) => s.user_agent)).toEqual(expect.arrayContaining(['Phone browser', 'Tablet browser']));

    const change = (body: Record<string, string>) => server.call('POST', '/user/password', { token: user.token, body });
    const wrong = await change({ current_password: 'not-my-password', password: 'brand-new-pass', confirm_password: 'brand-new-pass' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual(['The current password is incorrect.']);
    expect((await change({ current_password: user.password, password: 'short', confirm_password: 'short' })).body.message).toBe('Password must be at least 8 characters');
    expect((await change({ current_password: user.password, password: 'brand-new-pass', confirm_password: 'other-pass-1' })).body.message).toBe('Passwords do not match');
    expect((await server.call('GET', '/user', { token: phone })).status).toBe(200);

    const ok = await change({ current_password: user.password, password: 'brand-new-pass', confirm_password: 'brand-new-pass' });
    expect(ok.status).toBe(200);
    expect((await server.call('GET', '/user', { token: phone })).status).toBe(401);
    expect((await server.call('GET', '/user', { token: tablet })).status).toBe(401);
    expect((await server.call('GET', '/user', { token: user.token })).status).toBe(200);
    expect(await signIn(user)).toBeUndefined();
    expect(await signIn(user, 'brand-new-pass')).toBeTruthy();
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.title)).toContain('Password changed');
    expect(mailsTo(user.email).some((m) => m.includes('Subject: Your password was changed'))).toBe(true);
  });

  it('signs out one chosen session or all others, never someone else’s', async () => {
    const user = await createTestUser(server);
    const stranger = await createTestUser(server);
    const second = await signIn(user);
    const third = await signIn(user);
    const list = (await server.call('GET', '/user/sessions', { token: user.token })).body.data as { id: number; current: boolean }[];
    const current = list.find((s) => s.current)!;
    const [strangerSession] = (await server.call('GET', '/user/sessions', { token: stranger.token })).body.data;
    expect((await server.call('DELETE', `/user/sessions/${strangerSession.id}`, { token: user.token })).status).toBe(404);
    expect((await server.call('GET', '/user', { token: stranger.token })).status).toBe(200);
    expect((await server.call('DELETE', `/user/sessions/${current.id}`, { token: user.token })).status).toBe(422);

    const secondId = (await server.call('GET', '/user/sessions', { token: second })).body.data.find((s: { current: boolean }) => s.current).id;
    expect((await server.call('DELETE', `/user/sessions/${secondId}`, { token: user.token })).status).toBe(200);
    expect((await server.call('GET', '/user', { token: second })).status).toBe(401);
    expect((await server.call('GET', '/user', { token: third })).status).toBe(200);
    expect((await server.call('DELETE', '/user/sessions', { token: user.token })).body.message).toBe('Signed out 1 other session.');
    expect((await server.call('GET', '/user', { token: third })).status).toBe(401);
    expect((await server.call('GET', '/user/sessions', { token: user.token })).body.data).toHaveLength(1);
    expect((await server.call('GET', '/user/sessions')).status).toBe(401);
  });
});

describe('email change', () => {
  it('changes the email only when the link sent to the new address is used, once', async () => {
    const user = await createTestUser(server);
    const newEmail = `new.${user.email}`;
    const taken = await createTestUser(server);
    expect((await server.call('POST', '/user/email', { token: user.token, body: { email: newEmail, password: 'wrong-password' } })).status).toBe(422);
    expect((await server.call('POST', '/user/email', { token: user.token, body: { email: taken.email, password: user.password } })).body.message).toBe('Email is already registered');
    expect((await server.call('POST', '/user/email', { token: user.token, body: { email: 'nope', password: user.password } })).body.message).toBe('Please enter a valid email address');

    const asked = await server.call('POST', '/user/email', { token: user.token, body: { email: newEmail, password: user.password } });
    expect(asked.status).toBe(200);
    expect((await server.call('GET', '/user/profile', { token: user.token })).body.data).toMatchObject({ email: user.email, pending_email: newEmail });
    expect(mailsTo(user.email).some((m) => m.includes(newEmail) && m.includes('Nothing changes until'))).toBe(true);
    const token = linkIn(mailsTo(newEmail).at(-1), '/confirm-email');

    expect((await server.call('POST', '/auth/confirm-email', { body: { token: 'x'.repeat(40) } })).status).toBe(422);
    const confirmed = await server.call('POST', '/auth/confirm-email', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect((await server.call('GET', '/user', { token: user.token })).body.data.email).toBe(newEmail);
    expect((await server.call('POST', '/auth/login', { body: { email: newEmail, password: user.password } })).status).toBe(200);
    expect(mailsTo(user.email).some((m) => m.includes('Subject: Your email address was changed'))).toBe(true);

    const reused = await server.call('POST', '/auth/confirm-email', { body: { token } });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe('This link is invalid or has expired.');
  });

  it('refuses an expired link, and a link whose address someone took meanwhile', async () => {
    const user = await createTestUser(server);
    const wanted = `wanted.${user.email}`;
    await server.call('POST', '/user/email', { token: user.token, body: { email: wanted, password: user.password } });
    const token = linkIn(mailsTo(wanted).at(-1), '/confirm-email');
    await server.ctx.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'email_change')));
    expect((await server.call('POST', '/auth/confirm-email', { body: { token } })).status).toBe(422);

    await server.call('POST', '/user/email', { token: user.token, body: { email: wanted, password: user.password } });
    const fresh = linkIn(mailsTo(wanted).at(-1), '/confirm-email');
    await server.ctx.db.update(users).set({ email: wanted }).where(eq(users.id, (await createTestUser(server)).id));
    const res = await server.call('POST', '/auth/confirm-email', { body: { token: fresh } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Email is already registered');
    expect((await server.call('GET', '/user', { token: user.token })).body.data.email).toBe(user.email);
  });
});

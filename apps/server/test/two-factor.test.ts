import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, oneTimeTokens, recoveryCodes, sessions, users } from '../src/db/schema/index.ts';
import { personalMessages } from '@bourse/contract';
import { hashToken } from '../src/lib/tokens.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A code of the step before or after now, as an authenticator with a slightly wrong clock shows. */
const codeAt = (secret: string, offsetSteps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** Turns two-factor on for `user`; returns the secret and the recovery codes. */
async function enable(user: TestUser) {
  const setup = await server.call('POST', '/user/two-factor/setup', { token: user.token, body: { password: user.password } });
  expect(setup.status).toBe(200);
  const { secret, otpauth_url } = setup.body.data;
  expect(otpauth_url).toContain(`secret=${secret}`);
  const on = await server.call('POST', '/user/two-factor/enable', { token: user.token, body: { code: await codeAt(secret, -1) } });
  expect(on.status).toBe(200);
  return { secret: secret as string, codes: on.body.data.recovery_codes as string[] };
}

const login = (user: TestUser) => server.call('POST', '/auth/login', { body: { email: user.email, password: user.password } });
const second = (challenge: string, code: string) => server.call('POST', '/auth/login/two-factor', { body: { challenge, code } });

describe('two-factor sign-in', () => {
  it('leaves sign-in unchanged without it', async () => {
    const user = await createTestUser(server);
    const res = await login(user);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['token', 'user']);
  });

  it('is set up with a confirmed code; recovery codes are stored hashed', async () => {
    const user = await createTestUser(server);
    expect((await server.call('POST', '/user/two-factor/setup', { token: user.token, body: { password: 'wrong-password' } })).status).toBe(422);
    expect((await server.call('POST', '/user/two-factor/enable', { token: user.token, body: { code: '123456' } })).body.message).toMatch(/Start the set-up again/);
    const setup = await server.call('POST', '/user/two-factor/setup', { token: user.token, body: { password: user.password } });
    const wrong = await server.call('POST', '/user/two-factor/enable', { token: user.token, body: { code: (Number(await codeAt(setup.body.data.secret, 0)) + 1).toString().padStart(6, '0').slice(-6) } });
    expect(wrong.status).toBe(422);
    expect((await server.call('GET', '/user/profile', { token: user.token })).body.data.two_factor_enabled).toBe(false);
    // Until confirmed, sign-in still needs the password only.
    expect((await login(user)).body.data.token).toBeTruthy();

    const on = await server.call('POST', '/user/two-factor/enable', { token: user.token, body: { code: await codeAt(setup.body.data.secret, 0) } });
    expect(on.status).toBe(200);
    const codes = on.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await server.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.some((s) => s.codeHash.includes(code) || s.codeHash.includes(code.replace('-', '')))).toBe(false);
    expect((await server.call('GET', '/user/profile', { token: user.token })).body.data.two_factor_enabled).toBe(true);
    expect((await server.call('POST', '/user/two-factor/setup', { token: user.token, body: { password: user.password } })).status).toBe(409);
  });

  it('asks for a code after the password, without a session, and takes each code once', async () => {
    const user = await createTestUser(server);
    const { secret } = await enable(user);
    const first = await login(user);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ two_factor_required: true });
    expect(first.body.data.token).toBeUndefined();
    expect(first.body.data.user).toBeUndefined();
    // A wrong password still says nothing about two-factor.
    expect((await server.call('POST', '/auth/login', { body: { email: user.email, password: 'wrong-password' } })).body).not.toHaveProperty('data');

    expect((await second(first.body.data.challenge, '000000')).status).toBe(422);
    const code = await codeAt(secret, 1);
    const done = await second(first.body.data.challenge, code);
    expect(done.status).toBe(200);
    expect((await server.call('GET', '/user', { token: done.body.data.token })).body.data.id).toBe(user.id);
    // The challenge worked once.
    expect((await second(first.body.data.challenge, await codeAt(secret, 1))).body.message).toBe('This sign-in has expired. Please log in again.');

    // The same code, or an older one, does not work again on a new challenge.
    const again = await login(user);
    const reused = await second(again.body.data.challenge, code);
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe('The code is invalid or has already been used.');
    expect((await second(again.body.data.challenge, await codeAt(secret, 0))).status).toBe(422);
  });

  it('accepts each recovery code once', async () => {
    const user = await createTestUser(server);
    const { codes } = await enable(user);
    const a = await login(user);
    const ok = await second(a.body.data.challenge, codes[3]!.toUpperCase());
    expect(ok.status).toBe(200);
    const b = await login(user);
    const twice = await second(b.body.data.challenge, codes[3]!);
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('The code is invalid or has already been used.');
    expect((await second(b.body.data.challenge, codes[4]!.replace('-', ''))).status).toBe(200);
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.message)).toContain('A recovery code was used to sign in. 8 codes are left. If this was not you, change your password at once.');
  });

  it('ends a challenge after five wrong codes, and refuses an expired one', async () => {
    const user = await createTestUser(server);
    const { secret } = await enable(user);
    const { challenge } = (await login(user)).body.data;
    for (let i = 0; i < 5; i++) expect((await second(challenge, 'abcde-fghij')).status).toBe(422);
    expect((await second(challenge, await codeAt(secret, 1))).body.message).toBe('This sign-in has expired. Please log in again.');

    const late = (await login(user)).body.data.challenge;
    await server.ctx.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeTokens.purpose, 'two_factor'));
    expect((await second(late, await codeAt(secret, 1))).body.message).toBe('This sign-in has expired. Please log in again.');
    expect((await second('z'.repeat(43), '123456')).status).toBe(422);
  });

  it('is turned off only with the password and a code', async () => {
    const user = await createTestUser(server);
    const { secret, codes } = await enable(user);
    const off = (body: Record<string, string>) => server.call('POST', '/user/two-factor/disable', { token: user.token, body });
    expect((await off({ password: 'wrong-password', code: await codeAt(secret, 1) })).status).toBe(422);
    expect((await off({ password: user.password, code: '999999' })).status).toBe(422);
    expect((await off({ password: user.password, code: codes[0]! })).status).toBe(200);
    expect((await server.call('GET', '/user/profile', { token: user.token })).body.data.two_factor_enabled).toBe(false);
    expect(await server.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0);
    expect((await login(user)).body.data.token).toBeTruthy();
    expect((await off({ password: user.password, code: codes[1]! })).status).toBe(409);
    expect((await server.call('POST', '/user/two-factor/disable', { body: { password: 'x', code: '123456' } })).status).toBe(401);
  });

  it('keeps admins without it out of the back office when the operator requires it', async () => {
    const operator = await createTestUser(server, { role: 'admin' });
    const admin = await createTestUser(server, { role: 'admin' });
    const customer = await createTestUser(server);
    await enable(operator);
    const required = await server.call('PUT', '/admin/settings', { token: operator.token, body: { require_admin_2fa: true } });
    expect(required.status).toBe(200);
    expect((await server.call('GET', '/settings')).body.data.require_admin_2fa).toBe(true);

    const refused = await server.call('GET', '/admin/users', { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Two-factor sign-in is required for administrators. Turn it on in Personal Details first.');
    expect((await server.call('GET', '/admin/users', { token: operator.token })).status).toBe(200);
    // Customers' own screens are untouched, and the admin can still reach the set-up.
    expect((await server.call('GET', '/user', { token: customer.token })).status).toBe(200);
    expect((await server.call('GET', '/user/profile', { token: admin.token })).status).toBe(200);
    await enable(admin);
    expect((await server.call('GET', '/admin/users', { token: admin.token })).status).toBe(200);

    await server.call('PUT', '/admin/settings', { token: operator.token, body: { require_admin_2fa: false } });
    await server.ctx.db.update(users).set({ twoFactorEnabledAt: null }).where(eq(users.id, admin.id));
    expect((await server.call('GET', '/admin/users', { token: admin.token })).status).toBe(200);
  });
});

describe('two-factor with login links and other sessions', () => {
  /** A one-time login link for `customer`, issued by a new admin; the token in it. */
  async function linkFor(customer: TestUser): Promise<string> {
    const admin = await createTestUser(server, { role: 'admin' });
    const res = await server.call('POST', `/admin/clients/${customer.id}/login-link`, { token: admin.token });
    expect(res.status).toBe(200);
    return new URL(res.body.data.url).searchParams.get('token')!;
  }
  const proved = async (token: string) => {
    const [row] = await server.ctx.db.select({ at: sessions.twoFactorAt }).from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    return row!.at !== null;
  };

  it('a login link for a customer with it on asks for the code, like the password does', async () => {
    const customer = await createTestUser(server);
    const { secret } = await enable(customer);
    const token = await linkFor(customer);
    const used = await server.call('POST', '/auth/auto-login', { body: { token } });
    expect(used.status).toBe(200);
    expect(used.body.data).toMatchObject({ two_factor_required: true, message: 'Enter the 6-digit code from your authenticator app, or a recovery code.' });
    expect(used.body.data.token).toBeUndefined();
    expect(used.body.data.user).toBeUndefined();
    // The link is spent even though no session came of it yet.
    expect((await server.call('POST', '/auth/auto-login', { body: { token } })).status).toBe(422);

    expect((await second(used.body.data.challenge, '000000')).status).toBe(422);
    const done = await second(used.body.data.challenge, await codeAt(secret, 1));
    expect(done.status).toBe(200);
    expect(done.body.data.user.id).toBe(customer.id);
    expect(await proved(done.body.data.token)).toBe(true);
  });

  it('a login link without it on signs straight in, and that session proves no second factor', async () => {
    const customer = await createTestUser(server);
    const used = await server.call('POST', '/auth/auto-login', { body: { token: await linkFor(customer) }, headers: { 'user-agent': 'Link browser' } });
    expect(Object.keys(used.body.data).sort()).toEqual(['token', 'user']);
    expect(await proved(used.body.data.token)).toBe(false);
    const listed = await server.call('GET', '/user/sessions', { token: used.body.data.token });
    expect(listed.body.data.map((s: { user_agent: string }) => s.user_agent)).toContain('Link browser');
  });

  it('counts a session as proved only where a code was given for it', async () => {
    const operator = await createTestUser(server, { role: 'admin' });
    await enable(operator);
    const admin = await createTestUser(server, { role: 'admin' });
    // A second device signed in with the password before two-factor was on.
    const laptop = (await login(admin)).body.data.token as string;
    const { secret, codes } = await enable(admin);
    expect(await proved(admin.token)).toBe(true);
    expect(await proved(laptop)).toBe(false);
    try {
      expect((await server.call('PUT', '/admin/settings', { token: operator.token, body: { require_admin_2fa: true } })).status).toBe(200);
      expect((await server.call('GET', '/admin/users', { token: admin.token })).status).toBe(200);
      const refused = await server.call('GET', '/admin/users', { token: laptop });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Two-factor sign-in is required for administrators. Turn it on in Personal Details first.');
      // Signing in again on the laptop, with the code, proves it.
      const again = await second((await login(admin)).body.data.challenge, await codeAt(secret, 1));
      expect((await server.call('GET', '/admin/users', { token: again.body.data.token })).status).toBe(200);

      // Turning it off unproves every session; turning it on again proves only the one that did it.
      expect((await server.call('POST', '/user/two-factor/disable', { token: admin.token, body: { password: admin.password, code: codes[0]! } })).status).toBe(200);
      expect((await server.call('GET', '/admin/users', { token: again.body.data.token })).status).toBe(403);
      await enable(admin);
      expect((await server.call('GET', '/admin/users', { token: admin.token })).status).toBe(200);
      expect((await server.call('GET', '/admin/users', { token: again.body.data.token })).status).toBe(403);
    } finally {
      await server.call('PUT', '/admin/settings', { token: operator.token, body: { require_admin_2fa: false } });
    }
  });
});

describe('two-factor messages', () => {
  it('answer a lost or malformed challenge and a malformed code in plain words, never the validator’s', async () => {
    const short = await second('short', '123456');
    expect([short.status, short.body.message, short.body.errors.challenge]).toEqual([422, personalMessages.challengeExpired, [personalMessages.challengeExpired]]);
    const missing = await server.call('POST', '/auth/login/two-factor', { body: { code: '123456' } });
    expect([missing.status, missing.body.message]).toEqual([422, personalMessages.challengeExpired]);
    const code = await second('c'.repeat(32), '12');
    expect([code.status, code.body.message]).toEqual([422, personalMessages.codeFormat]);
    for (const res of [short, missing, code]) expect(JSON.stringify(res.body)).not.toMatch(/Too small|expected|>=/);
  });

  it('other forms without a message of their own name the field instead of zod’s words', async () => {
    const user = await createTestUser(server);
    const res = await server.call('POST', '/auth/confirm-email', { body: { token: 'x' } });
    expect([res.status, res.body.message]).toEqual([422, 'This link is invalid or has expired.']);
    expect(JSON.stringify(res.body)).not.toMatch(/Too small|expected|>=/);
    const bad = await server.call('POST', '/withdrawals', { token: user.token, body: { method: 'bank', account_id: 1, amount: 5, iban: 'DE89 3704 0044 0532 0130 00', holder: 'Al', bic: 7 } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).not.toMatch(/Too small|expected|Invalid input|>=/);
  });
});

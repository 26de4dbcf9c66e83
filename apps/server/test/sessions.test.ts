import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../src/lib/tokens.ts';
import { createUser } from '../src/modules/auth/auth.service.ts';
import { createTestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const signIn = (s: TestServer, email: string, password: string, headers: Record<string, string> = {}) =>
  s.call('POST', '/auth/login', { body: { email, password }, headers });

describe('session tokens', () => {
  // Each sign-in opens a session of its own: one token per device, listed under the account's
  // sessions, so signing in on a phone does not sign the laptop out. Rotation means a new token per
  // sign-in; older ones end on sign-out, a password change or reset, or expiry.
  it('hands out a new token on every sign-in and keeps the earlier devices signed in', async () => {
    const user = await createTestUser(server);
    const second = await signIn(server, user.email, user.password);
    const third = await signIn(server, user.email, user.password);
    const tokens = [user.token, second.body.data.token, third.body.data.token];
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect((await server.call('GET', '/user', { token })).status).toBe(200);
    const list = await server.call('GET', '/user/sessions', { token: third.body.data.token });
    expect(list.body.data).toHaveLength(3);
  });

  it('revokes only the signed-out token', async () => {
    const user = await createTestUser(server);
    const other = (await signIn(server, user.email, user.password)).body.data.token;
    expect((await server.call('POST', '/auth/logout', { token: other })).status).toBe(200);
    expect((await server.call('GET', '/user', { token: other })).status).toBe(401);
    expect((await server.call('POST', '/auth/logout', { token: other })).status).toBe(401);
    expect((await server.call('GET', '/user', { token: user.token })).status).toBe(200);
  });

  it('signs every other session out on a password change and keeps the one that changed it', async () => {
    const user = await createTestUser(server);
    const phone = (await signIn(server, user.email, user.password)).body.data.token;
    const tablet = (await signIn(server, user.email, user.password)).body.data.token;
    const change = await server.call('POST', '/user/password', {
      token: user.token,
      body: { current_password: user.password, password: 'a-new-password-7', confirm_password: 'a-new-password-7' },
    });
    expect(change.status).toBe(200);
    expect(change.body.message).toBe('Your password has been changed. 2 other sessions were signed out.');
    expect((await server.call('GET', '/user', { token: phone })).status).toBe(401);
    expect((await server.call('GET', '/user', { token: tablet })).status).toBe(401);
    expect((await server.call('GET', '/user', { token: user.token })).status).toBe(200);
    expect((await signIn(server, user.email, user.password)).status).toBe(422);
    expect((await signIn(server, user.email, 'a-new-password-7')).status).toBe(200);
  });

  it('refuses a token once tokenTtlHours have passed', async () => {
    const short = await startTestServer({ tokenTtlHours: 1.5 / 3600 });
    try {
      const user = await createTestUser(short);
      expect((await short.call('GET', '/user', { token: user.token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1700));
      const expired = await short.call('GET', '/user', { token: user.token });
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ message: 'Unauthenticated.' });
    } finally {
      await short.close();
    }
  });
});

describe('guessing from many addresses', () => {
  const LIMIT = 3;
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ rateLimit: { auth: LIMIT, windowMs: 60_000 } });
  });
  afterAll(() => limited.close());

  const PASSWORD = 'right-password-1';
  /** A customer who has not signed in yet, so no attempt counts against any limit. */
  async function customer(): Promise<string> {
    const email = `limited.${randomBytes(5).toString('hex')}@example.com`;
    await createUser(limited.ctx, { email, passwordHash: await hashPassword(PASSWORD), firstName: 'Lim', lastName: 'Ited', username: email.split('@')[0]!, role: 'customer', status: 'active' });
    return email;
  }

  /** A fresh client address per request (the server trusts X-Forwarded-For from its proxy). */
  let next = 1;
  const newAddress = () => ({ 'x-forwarded-for': `203.0.113.${next++}` });

  for (const [path, body] of [
    ['/auth/login', (email: string) => ({ email, password: 'guess-number-1' })],
    ['/auth/forgot-password', (email: string) => ({ email })],
    ['/auth/check-email', (email: string) => ({ email })],
    // Flooding an inbox with codes, or guessing one code from many addresses.
    ['/auth/email-code', (email: string) => ({ email })],
    ['/auth/verify-email', (email: string) => ({ email, code: '000000' })],
  ] as const) {
    it(`limits ${path} per account, known or unknown, with Retry-After`, async () => {
      for (const email of [await customer(), `nobody.${randomBytes(4).toString('hex')}@example.com`]) {
        const statuses: number[] = [];
        let last: Awaited<ReturnType<TestServer['call']>> | undefined;
        for (let i = 0; i <= LIMIT; i++) {
          // The same account asked about in other case: one account, one counter.
          const asked = i % 2 ? email.toUpperCase() : email;
          last = await limited.call('POST', path, { body: body(asked), headers: newAddress() });
          statuses.push(last.status);
        }
        expect(statuses.slice(0, LIMIT)).not.toContain(429);
        expect(statuses[LIMIT]).toBe(429);
        expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(last!.body).toEqual({ message: 'Too many attempts. Please try again later.' });
        // Another account from a fresh address is not held back by this one's limit.
        const other = await limited.call('POST', path, { body: body(`else.${randomBytes(4).toString('hex')}@example.com`), headers: newAddress() });
        expect(other.status).not.toBe(429);
      }
    });
  }

  it('holds the right password back too once an account is over its limit', async () => {
    const email = await customer();
    for (let i = 0; i < LIMIT; i++) await limited.call('POST', '/auth/login', { body: { email, password: 'wrong-guess-1' }, headers: newAddress() });
    const blocked = await signIn(limited, email, PASSWORD, newAddress());
    expect(blocked.status).toBe(429);
  });
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

describe('no user enumeration through timing', () => {
  const TRIES = 30;

  /** Median times of `TRIES` alternating requests about a known and an unknown email. */
  async function timeKnownAndUnknown(path: string, body: (email: string) => object, known: string) {
    const times = { known: [] as number[], unknown: [] as number[] };
    // One unknown address, tried as often as the known one: the per-address attempt limit then
    // treats both alike (fresh addresses would never meet it, and a refused try answers faster).
    const nobody = `nobody.${randomBytes(5).toString('hex')}@example.com`;
    for (let i = 0; i < TRIES; i++) {
      for (const kind of i % 2 ? (['unknown', 'known'] as const) : (['known', 'unknown'] as const)) {
        const email = kind === 'known' ? known : nobody;
        const started = performance.now();
        const res = await server.call('POST', path, { body: body(email) });
        times[kind].push(performance.now() - started);
        expect(res.status).toBeLessThan(500);
      }
    }
    return { known: median(times.known), unknown: median(times.unknown) };
  }

  it('takes as long for a known email as for an unknown one on sign-in, reset request and email check', async () => {
    const user = await createTestUser(server);
    const decoy = await decoyPasswordHash();
    const hashTimes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await verifyPassword(decoy, 'not-the-password');
      hashTimes.push(performance.now() - started);
    }
    const hash = median(hashTimes);
    const figures: Record<string, unknown> = { tries: TRIES, hash_ms: round(hash) };
    for (const [path, body] of [
      ['/auth/login', (email: string) => ({ email, password: 'wrong-password-1' })],
      ['/auth/forgot-password', (email: string) => ({ email })],
      ['/auth/check-email', (email: string) => ({ email })],
    ] as const) {
      // Within half of one password hash, measured in the same run so a busy machine scales both:
      // a leak such as waiting for the mail server, or skipping the hash, costs a whole hash or more,
      // in every round. A round that misses is measured again (at most three): a burst of other
      // work on a shared machine lands on one round, a leak on all of them.
      let best = { known: 0, unknown: Number.POSITIVE_INFINITY };
      for (let round = 0; round < 3 && !(Math.abs(best.known - best.unknown) < hash / 2); round++) {
        const measured = await timeKnownAndUnknown(path, body, user.email);
        if (Math.abs(measured.known - measured.unknown) < Math.abs(best.known - best.unknown)) best = measured;
      }
      const { known, unknown } = best;
      figures[path] = { known_median_ms: round(known), unknown_median_ms: round(unknown), diff_ms: round(known - unknown) };
      expect(Math.abs(known - unknown)).toBeLessThan(hash / 2);
    }
    console.log(JSON.stringify({ enumeration_timing: figures }));
  }, 120_000);
});

const round = (ms: number) => Math.round(ms * 100) / 100;

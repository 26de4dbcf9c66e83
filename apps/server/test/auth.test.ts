import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bourse/contract';
import { sessions } from '../src/db/schema/index.ts';
import { register, registrationForm } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('registration', () => {
  it('reports an unused email as available and a registered one as taken', async () => {
    const form = registrationForm();
    const before = await server.call('POST', '/auth/check-email', { body: { email: form.email }, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ success: true, message: 'Email is available', data: { available: true, country: 'GB' } });
    expect((await register(server, form)).status).toBe(201);
    const after = await server.call('POST', '/auth/check-email', { body: { email: form.email.toUpperCase() } });
    expect(after.body.data.available).toBe(false);
    expect(after.body.message).toBe(messages.emailTaken);
  });

  it('creates a pending customer with a funded demo account and an empty live account', async () => {
    const form = registrationForm();
    const res = await register(server, form);
    expect(res.status).toBe(201);
    const user = res.body.data.user;
    expect(user.status).toBe('pending');
    expect(user.role).toBe('customer');
    expect(user.accounts.map((a: { kind: string; balance: string }) => [a.kind, a.balance])).toEqual([
      ['demo', '10000.00'],
      ['live', '0.00'],
    ]);
  });

  it('refuses a second registration with the same email', async () => {
    const form = registrationForm();
    await register(server, form);
    const again = await server.call('POST', '/auth/register', { body: { ...form, username: 'other', email_token: 'x'.repeat(43) } });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: messages.emailTaken, errors: { email: [messages.emailTaken] } });
  });

  it('answers every SPEC validation message for a bad form', async () => {
    const res = await server.call('POST', '/auth/register', {
      body: registrationForm({ first_name: 'A', last_name: 'B', username: 'ab', email: 'nope', phone: '123', password: 'short', confirm_password: 'other' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      first_name: [messages.firstNameMin],
      last_name: [messages.lastNameMin],
      username: [messages.usernameMin],
      email: [messages.email],
      phone: [messages.phone],
      password: [messages.passwordMin],
    });
  });
});

describe('login and sessions', () => {
  it('signs in, reads the user, signs out and revokes the token', async () => {
    const form = registrationForm();
    await register(server, form);
    const login = await server.call('POST', '/auth/login', { body: { email: form.email, password: form.password } });
    expect(login.status).toBe(200);
    const token = login.body.data.token;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const me = await server.call('GET', '/user', { token });
    expect(me.body.data.email).toBe(form.email);
    expect((await server.call('POST', '/auth/logout', { token })).status).toBe(200);
    expect((await server.call('GET', '/user', { token })).status).toBe(401);
  });

  it('gives one answer for a wrong password and an unknown email', async () => {
    const form = registrationForm();
    await register(server, form);
    const wrong = await server.call('POST', '/auth/login', { body: { email: form.email, password: 'wrong-password' } });
    const unknown = await server.call('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password' } });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('refuses an expired token', async () => {
    const form = registrationForm();
    await register(server, form);
    const login = await server.call('POST', '/auth/login', { body: { email: form.email, password: form.password } });
    await server.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await server.call('GET', '/user', { token: login.body.data.token })).status).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const form = registrationForm();
    await register(server, form);
    const login = await server.call('POST', '/auth/login', { body: { email: form.email, password: form.password } });
    const rows = await server.ctx.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === login.body.data.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

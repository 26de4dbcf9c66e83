import { Writable } from 'node:stream';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Every request logged (as with LOG_REQUEST_SAMPLE=1), the log kept, and the credentials that
// crossed the server searched for in it: a password, a session token, a TOTP secret and its codes,
// recovery codes, a card number, and tokens in links' query strings.
let lines = '';
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines += chunk.toString();
    done();
  },
});
let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  const { log } = loadConfig({ NODE_ENV: 'test' });
  server = await startTestServer({ log: { ...log, level: 'info', requestSample: 1 } }, { logger: { level: 'info', stream: capture } });
  user = await createTestUser(server);
});
afterAll(() => server.close());

describe('the log keeps no credential', () => {
  it('never writes a password, token, TOTP secret, recovery code, card number or link token', async () => {
    const secrets: string[] = [user.password, user.token];
    expect((await server.call('POST', '/auth/login', { body: { email: user.email, password: 'not-the-password-1' } })).status).toBe(422);
    const login = await server.call('POST', '/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    secrets.push(login.body.data.token);
    expect((await server.call('GET', '/user', { token: user.token })).status).toBe(200);

    const setup = await server.call('POST', '/user/two-factor/setup', { token: user.token, body: { password: user.password } });
    expect(setup.status).toBe(200);
    const secret: string = setup.body.data.secret;
    secrets.push(secret);
    const enabled = await server.call('POST', '/user/two-factor/enable', { token: user.token, body: { code: await generate({ secret }) } });
    expect(enabled.status).toBe(200);
    secrets.push(...enabled.body.data.recovery_codes);

    const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '987', name: 'Test Holder' };
    await server.call('POST', '/deposits/card', { token: user.token, body: { amount: 50, card } });
    secrets.push('4242424242424242', '4242 4242 4242 4242');

    // Links that carry a credential in their query string: a sign-in link, a signed download.
    await fetch(`${server.url}/login/link?token=link-secret-123456`);
    await fetch(`${server.url}/api/v1/chat/files/1?expires=1&signature=signature-secret-987`);
    secrets.push('link-secret-123456', 'signature-secret-987');

    await new Promise((r) => setTimeout(r, 100));
    expect(lines).toContain('"url":"/api/v1/user"');
    expect(lines).toContain('token=%5Bredacted%5D');
    for (const value of secrets) expect(lines, `the log holds ${value}`).not.toContain(value);
    // Each request of a signed-in user names them.
    expect(lines).toMatch(new RegExp(`"userId":${user.id}\\b`));
  });
});

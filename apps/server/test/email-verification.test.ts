import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bourse/contract';
import { emailVerifications } from '../src/db/schema/index.ts';
import { mailedCode, register, registrationForm } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const askCode = (email: string) => server.call('POST', '/auth/email-code', { body: { email } });
const verify = (email: string, code: string) => server.call('POST', '/auth/verify-email', { body: { email, code } });
/** Another 6-digit code than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('email verification at sign-up', () => {
  it('mails a 6-digit code that, once right, is exchanged for a proof', async () => {
    const { email } = registrationForm();
    const asked = await askCode(email);
    expect(asked.status).toBe(200);
    expect(Date.parse(asked.body.data.expires_at)).toBeGreaterThan(Date.now() + 14 * 60_000);
    const code = await mailedCode(server, email);
    expect(code).toMatch(/^\d{6}$/);
    const ok = await verify(email, code);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(messages.emailVerified);
    expect(ok.body.data.email_token).toMatch(/^[\w-]{40,}$/);
    // A code works once.
    expect((await verify(email, code)).body.message).toBe(messages.emailCodeExpired);
  });

  it('refuses a wrong code, a code for another address and a malformed one', async () => {
    const { email } = registrationForm();
    await askCode(email);
    const code = await mailedCode(server, email);
    const res = await verify(email, wrong(code));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: messages.emailCodeWrong, errors: { code: [messages.emailCodeWrong] } });
    const other = registrationForm().email;
    await askCode(other);
    expect((await verify(other, code)).status).toBe(422);
    expect((await verify(email, '12ab')).body.errors.code).toEqual([messages.emailCodeFormat]);
    expect((await verify(email, code)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { email } = registrationForm();
    await askCode(email);
    const code = await mailedCode(server, email);
    await server.ctx.db.update(emailVerifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailVerifications.email, email));
    const res = await verify(email, code);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(messages.emailCodeExpired);
  });

  it('ends a code after five wrong tries, even against the right code then', async () => {
    const { email } = registrationForm();
    await askCode(email);
    const code = await mailedCode(server, email);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(email, wrong(code))).body.message);
    expect(answers).toEqual([...Array(4).fill(messages.emailCodeWrong), messages.emailCodeExhausted]);
    expect((await verify(email, code)).body.message).toBe(messages.emailCodeExhausted);
    // A new code starts over.
    await askCode(email);
    expect((await verify(email, await mailedCode(server, email))).status).toBe(200);
  });

  it('counts wrong tries sent at the same moment one by one', async () => {
    const { email } = registrationForm();
    await askCode(email);
    const code = await mailedCode(server, email);
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify(email, wrong(code))));
    expect(answers.filter((a) => a.body.message === messages.emailCodeWrong)).toHaveLength(4);
    const [row] = await server.ctx.db.select().from(emailVerifications).where(eq(emailVerifications.email, email));
    expect(row!.attempts).toBe(5);
  });

  it('retires the earlier code when a new one is asked for', async () => {
    const { email } = registrationForm();
    await askCode(email);
    const first = await mailedCode(server, email);
    await askCode(email);
    const second = await mailedCode(server, email);
    // Only the newest code counts: the earlier one is just a wrong code now.
    if (first !== second) expect((await verify(email, first)).body.message).toBe(messages.emailCodeWrong);
    expect((await verify(email, second)).status).toBe(200);
  });

  it('sends no code to an address that already has an account', async () => {
    const form = registrationForm();
    await register(server, form);
    const res = await askCode(form.email);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(messages.emailTaken);
  });
});

describe('registration', () => {
  it('needs the proof of its own address, once, and ends signed in', async () => {
    const form = registrationForm();
    const none = await server.call('POST', '/auth/register', { body: form });
    expect(none.status).toBe(422);
    const forged = await server.call('POST', '/auth/register', { body: { ...form, email_token: 'x'.repeat(43) } });
    expect(forged.body).toEqual({ message: messages.emailNotVerified, errors: { email_token: [messages.emailNotVerified] } });

    const other = registrationForm();
    await askCode(other.email);
    const proofOfOther = (await verify(other.email, await mailedCode(server, other.email))).body.data.email_token;
    expect((await server.call('POST', '/auth/register', { body: { ...form, email_token: proofOfOther } })).body.message).toBe(messages.emailNotVerified);

    await askCode(form.email);
    const proof = (await verify(form.email, await mailedCode(server, form.email))).body.data.email_token;
    const res = await server.call('POST', '/auth/register', { body: { ...form, email_token: proof, language: 'de' } });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ email: form.email, status: 'pending' });
    const me = await server.call('GET', '/user', { token: res.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(form.email);
    expect((await server.call('GET', '/user/preferences', { token: res.body.data.token })).body.data.language).toBe('de');

    // The proof was used: a second account cannot be made with it, even under another name.
    const again = await server.call('POST', '/auth/register', { body: { ...other, email_token: proofOfOther } });
    expect(again.status).toBe(201);
    expect((await server.call('POST', '/auth/register', { body: { ...other, username: 'twice', email_token: proofOfOther } })).status).toBe(422);
  });

  it('refuses a proof older than a day', async () => {
    const form = registrationForm();
    await askCode(form.email);
    const proof = (await verify(form.email, await mailedCode(server, form.email))).body.data.email_token;
    await server.ctx.db.update(emailVerifications).set({ closedAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(emailVerifications.email, form.email));
    expect((await server.call('POST', '/auth/register', { body: { ...form, email_token: proof } })).body.message).toBe(messages.emailNotVerified);
  });
});

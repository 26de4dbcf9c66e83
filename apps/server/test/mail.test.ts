import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, registrationForm } from './helpers/factories.ts';
import { decodeWords, lastMessageTo } from './helpers/mime.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: Awaited<ReturnType<typeof createTestUser>>;
const brand = { name: 'Atlas Markets', brand_color: '#7c3aed', logo: 'https://cdn.example.com/atlas-logo.png' };

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
  expect((await server.call('PUT', '/admin/settings', { token: admin.token, body: brand })).status).toBe(200);
});
afterAll(() => server.close());

const message = (to: string) => lastMessageTo(server.ctx.config.dataDir, to);
const partOf = (parts: { headers: Record<string, string>; body: string }[], type: string) => parts.find((p) => p.headers['content-type']?.startsWith(type))?.body ?? '';

describe('mails', () => {
  it('are multipart HTML and text in the operator’s branding and the customer’s language', async () => {
    const user = await createTestUser(server);
    await server.call('PUT', '/user/preferences', { token: user.token, body: { language: 'ar' } });
    expect((await server.call('POST', '/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);

    const mail = await message(user.email);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative; boundary=/);
    expect(mail.parts.map((p) => p.headers['content-type']?.split(';')[0])).toEqual(['text/plain', 'text/html']);
    expect(decodeWords(mail.headers.subject!)).toBe('إعادة تعيين كلمة المرور');
    expect(decodeWords(mail.headers.from!)).toContain('Atlas Markets');

    const text = partOf(mail.parts, 'text/plain');
    const html = partOf(mail.parts, 'text/html');
    const link = /https?:\/\/\S+\/forgot-password\?token=[\w-]+/.exec(text)?.[0];
    expect(link).toBeDefined();
    expect(text).toContain('Atlas Markets');
    expect(text).toContain('افتح هذا الرابط خلال \u206860\u2069 دقيقة لاختيار كلمة مرور جديدة.');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('background:#7c3aed');
    expect(html).toContain(`src="${brand.logo}"`);
    expect(html).toContain('alt="Atlas Markets"');
    expect(html).toContain('اختيار كلمة مرور جديدة');
    expect(html).toContain(`href="${link}"`);
    expect(html).not.toMatch(/<script|Reset your password/);
  });

  it('send the sign-up code in the language of the sign-up, and English to a reader who chose none', async () => {
    const { email } = registrationForm();
    await server.call('POST', '/auth/email-code', { body: { email, language: 'ar' } });
    const mail = await message(email);
    const code = /(\d{6})\u2069$/.exec(decodeWords(mail.headers.subject!))?.[1];
    // Latin values in an Arabic sentence are isolated, so they keep their direction.
    expect(decodeWords(mail.headers.subject!)).toBe(`رمزك لدى \u2068Atlas Markets\u2069: \u2068${code}\u2069`);
    expect(partOf(mail.parts, 'text/html')).toContain(`>${code}</p>`);
    expect(partOf(mail.parts, 'text/plain')).toContain(`رمزك: ${code}`);

    const english = await createTestUser(server);
    await server.call('POST', '/auth/forgot-password', { body: { email: english.email } });
    const plain = await message(english.email);
    expect(decodeWords(plain.headers.subject!)).toBe('Reset your password');
    expect(partOf(plain.parts, 'text/html')).toContain('<html lang="en" dir="ltr">');
  });

  it('wrap texts written elsewhere (notifications) in the same branded layout', async () => {
    const user = await createTestUser(server);
    await server.call('PUT', '/user/preferences', { token: user.token, body: { language: 'de' } });
    await server.ctx.mailer.send({ to: user.email, subject: 'Deposit approved', text: 'Your deposit of 100.00 USD was credited.' });
    const mail = await message(user.email);
    const html = partOf(mail.parts, 'text/html');
    expect(mail.parts).toHaveLength(2);
    expect(html).toContain('background:#7c3aed');
    expect(html).toContain('Your deposit of 100.00 USD was credited.');
    // The layout around it speaks the reader's language.
    expect(html).toContain(`Diese E-Mail wurde von Atlas Markets an ${user.email} gesendet.`);
  });

  it('escape what the operator and customers typed', async () => {
    await server.call('PUT', '/admin/settings', { token: admin.token, body: { name: '<b>Evil</b> & Co' } });
    try {
      const user = await createTestUser(server);
      await server.ctx.mailer.send({ to: user.email, subject: 'Hi', text: '<img src=x onerror=alert(1)>' });
      const html = partOf((await message(user.email)).parts, 'text/html');
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('<b>Evil</b>');
      expect(html).toContain('&#60;b&#62;Evil&#60;/b&#62; &#38; Co');
    } finally {
      await server.call('PUT', '/admin/settings', { token: admin.token, body: { name: brand.name } });
    }
  });
});

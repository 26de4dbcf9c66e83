import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The newest link to `pathname` in the mail log the default mail transport writes, once it is there. */
async function lastMailedToken(to: string, pathname: string): Promise<string> {
  for (let i = 0; ; i++) {
    const log = existsSync(file()) ? readFileSync(file(), 'utf8') : '';
    const mails = log.split('--- ').filter((m) => m.includes(`To: ${to}`));
    const match = new RegExp(`${pathname}\\?token=([\\w-]+)`).exec(mails.at(-1) ?? '');
    if (match) return match[1]!;
    // A reset link is written after the answer, so that its timing says nothing.
    if (i > 100) throw new Error(`no ${pathname} link mailed to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const file = () => path.join(server.ctx.config.dataDir, 'mail.log');

describe('forgot and reset password', () => {
  it('mails a single-use link that sets a new password and signs every device out', async () => {
    const user = await createTestUser(server);
    const forgot = await server.call('POST', '/auth/forgot-password', { body: { email: user.email } });
    expect(forgot.status).toBe(200);
    const token = await lastMailedToken(user.email, '/forgot-password');

    const reset = await server.call('POST', '/auth/reset-password', { body: { token, password: 'brand-new-pass', confirm_password: 'brand-new-pass' } });
    expect(reset.status).toBe(200);
    expect((await server.call('GET', '/user', { token: user.token })).status).toBe(401);
    expect((await server.call('POST', '/auth/login', { body: { email: user.email, password: 'brand-new-pass' } })).status).toBe(200);
    expect((await server.call('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(422);

    const again = await server.call('POST', '/auth/reset-password', { body: { token, password: 'another-pass-1', confirm_password: 'another-pass-1' } });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This link is invalid or has expired.');
  });

  it('answers an unknown email exactly like a known one', async () => {
    const user = await createTestUser(server);
    const known = await server.call('POST', '/auth/forgot-password', { body: { email: user.email } });
    const unknown = await server.call('POST', '/auth/forgot-password', { body: { email: 'nobody-here@example.com' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('refuses mismatched passwords with the SPEC message', async () => {
    const res = await server.call('POST', '/auth/reset-password', { body: { token: 'x'.repeat(43), password: 'brand-new-pass', confirm_password: 'other-pass-12' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.confirm_password).toEqual(['Passwords do not match']);
  });
});

describe('one-time login links', () => {
  it('lets an admin issue a link that signs the customer in once', async () => {
    const admin = await createTestUser(server, { role: 'admin' });
    const customer = await createTestUser(server);
    const link = await server.call('POST', `/admin/clients/${customer.id}/login-link`, { token: admin.token });
    expect(link.status).toBe(200);
    const token = new URL(link.body.data.url).searchParams.get('token')!;
    expect(new URL(link.body.data.url).pathname).toBe('/auto-login');

    const first = await server.call('POST', '/auth/auto-login', { body: { token } });
    expect(first.status).toBe(200);
    expect(first.body.data.user.id).toBe(customer.id);
    expect((await server.call('GET', '/user', { token: first.body.data.token })).body.data.email).toBe(customer.email);
    expect((await server.call('POST', '/auth/auto-login', { body: { token } })).status).toBe(422);
  });

  it('refuses a customer issuing links', async () => {
    const customer = await createTestUser(server);
    expect((await server.call('POST', `/admin/clients/${customer.id}/login-link`, { token: customer.token })).status).toBe(403);
  });

  it('are issued by admins only, and only for customers', async () => {
    const admin = await createTestUser(server, { role: 'admin' });
    const other = await createTestUser(server, { role: 'admin' });
    const support = await createTestUser(server, { role: 'support' });
    const customer = await createTestUser(server);
    const issue = (token: string, id: number) => server.call('POST', `/admin/clients/${id}/login-link`, { token });

    // Support staff read the back office but sign no one in.
    expect((await issue(support.token, customer.id)).status).toBe(403);
    for (const target of [other, admin, support]) {
      const refused = await issue(admin.token, target.id);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Login links are for customers only.');
      expect(JSON.stringify(refused.body)).not.toContain('auto-login');
    }
    expect((await issue(admin.token, 999_999)).status).toBe(404);
    const issued = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.login_link_issued'), eq(auditLog.actorId, admin.id)));
    expect(issued).toHaveLength(0);

    const ok = await issue(admin.token, customer.id);
    expect(ok.status).toBe(200);
    const [entry] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.login_link_issued'), eq(auditLog.actorId, admin.id)));
    expect(entry?.userId).toBe(customer.id);
  });

  it('stop working if the customer became staff after the link was issued', async () => {
    const admin = await createTestUser(server, { role: 'admin' });
    const customer = await createTestUser(server);
    const link = await server.call('POST', `/admin/clients/${customer.id}/login-link`, { token: admin.token });
    expect((await server.call('PATCH', `/admin/clients/${customer.id}/role`, { token: admin.token, body: { role: 'support' } })).status).toBe(200);
    const used = await server.call('POST', '/auth/auto-login', { body: { token: new URL(link.body.data.url).searchParams.get('token') } });
    expect(used.status).toBe(422);
    expect(used.body.errors.token).toEqual(['This link is invalid or has expired.']);
    expect(used.body.data).toBeUndefined();
  });
});

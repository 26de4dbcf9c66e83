import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { tradingAccounts, users } from '../../src/db/schema/index.ts';
import { postEntry } from '../../src/modules/accounts/ledger.repository.ts';
import { hashPassword } from '../../src/lib/tokens.ts';
import { createUser } from '../../src/modules/auth/auth.service.ts';
import { answerAppropriateness } from '../../src/modules/compliance/appropriateness.service.ts';
import { appropriatenessQuestions } from '@bourse/contract';
import type { TestServer } from './test-server.ts';

export type TestUser = { id: number; email: string; password: string; token: string };

export function registrationForm(overrides: Record<string, unknown> = {}) {
  const password = 'correct-horse-9';
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    username: 'ghopper',
    email: `grace.${randomBytes(5).toString('hex')}@example.com`,
    phone: '+15550001234',
    country_code: '+1',
    country: 'united-states',
    nationality: 'united-states',
    password,
    confirm_password: password,
    ...overrides,
  };
}

/** The code in the newest mail to `email` of the mail log the default mail transport writes. */
export async function mailedCode(server: Pick<TestServer, 'ctx'>, email: string): Promise<string> {
  const log = await readFile(path.join(server.ctx.config.dataDir, 'mail.log'), 'utf8').catch(() => '');
  const mail = log.split(/^--- /m).findLast((m) => m.includes(`To: ${email}\n`));
  const code = mail && /^Subject: .*\b(\d{6})\u2069?$/m.exec(mail)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Registers through the real flow: a code mailed to the address, read from the mail log and verified. */
export async function register(server: Pick<TestServer, 'ctx' | 'call'>, form: ReturnType<typeof registrationForm>) {
  await server.call('POST', '/auth/email-code', { body: { email: form.email } });
  const verified = await server.call('POST', '/auth/verify-email', { body: { email: form.email, code: await mailedCode(server, form.email) } });
  return server.call('POST', '/auth/register', { body: { ...form, email_token: verified.body.data?.email_token } });
}

let passwordHash: Promise<string> | null = null;
const PASSWORD = 'factory-password-1';

/** The best answer to every question of the appropriateness test: a questionnaire that passes. */
export const passingAnswers = (): Record<string, string> =>
  Object.fromEntries(appropriatenessQuestions.map((q) => [q.id, [...q.answers].sort((a, b) => b.points - a.points)[0]!.id]));

/**
 * A signed-in user created straight in the database (approved unless told otherwise). A customer
 * has answered the appropriateness questions (passing), as one opening or trading a live account
 * has, unless `appropriateness: false`.
 */
export async function createTestUser(
  server: TestServer,
  opts: { role?: 'customer' | 'support' | 'admin' | 'dealer'; status?: 'active' | 'pending' | 'deactivated'; firstName?: string; appropriateness?: boolean } = {},
): Promise<TestUser> {
  const email = `user.${randomBytes(6).toString('hex')}@example.com`;
  const user = await createUser(server.ctx, {
    email,
    passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
    firstName: opts.firstName ?? 'Test',
    lastName: 'User',
    username: email.split('@')[0]!,
    role: opts.role ?? 'customer',
    status: 'active',
  });
  if ((opts.role ?? 'customer') === 'customer' && opts.appropriateness !== false) await answerAppropriateness(server.ctx.db, user.id, { answers: passingAnswers() });
  const login = await server.call('POST', '/auth/login', { body: { email, password: PASSWORD } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  if (opts.status && opts.status !== 'active') {
    await server.ctx.db.update(users).set({ status: opts.status }).where(eq(users.id, user.id));
  }
  return { id: user.id, email, password: PASSWORD, token: login.body.data.token };
}

/**
 * Deposits `amount` on the user's live account (every customer has one, empty), which paid
 * marketplace items are paid from; returns the account's id.
 */
export async function fundLiveAccount(server: TestServer, user: { id: number }, amount = '10000.00'): Promise<number> {
  const [live] = await server.ctx.db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, user.id), eq(tradingAccounts.kind, 'live')))
    .orderBy(tradingAccounts.id)
    .limit(1);
  await server.ctx.db.transaction((tx) => postEntry(tx, { accountId: live!.id, kind: 'deposit', amount, reference: 'test funding' }));
  return live!.id;
}

import { messages, privacyMessages, type LoginChallenge, type LoginRequest, type RegisterRequest, type User } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../app-context.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { forbidden, HttpError, invalid, notFound } from '../../http/errors.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/tokens.ts';
import { openDefaultAccounts } from '../accounts/accounts.repository.ts';
import { audit } from '../audit/audit.service.ts';
import { screenCustomer } from '../aml/screening.service.ts';
import { findUserByEmail, findUserById, insertUser, setPasswordHash, type NewUser } from '../users/users.repository.ts';
import { userView } from '../users/users.service.ts';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  createSession,
  deleteSessionsOf,
  type SessionOrigin,
} from './auth.repository.ts';
import { loginChallenge } from '../personal/two-factor.service.ts';
import { useEmailProof } from './email-verification.service.ts';

const RESET_TTL_MINUTES = 60;
export const LOGIN_LINK_TTL_MINUTES = 15;

/** Country guess for the sign-up form from the browser's language region (no IP lookup leaves the server). */
export function countryFromLanguage(acceptLanguage: string | undefined): string {
  const region = /^[a-z]{2,3}-([A-Z]{2})/i.exec(acceptLanguage ?? '')?.[1]?.toUpperCase() ?? 'US';
  return region;
}

export async function checkEmail(ctx: AppContext, email: string, acceptLanguage?: string) {
  const taken = (await findUserByEmail(ctx.db, email)) !== null;
  const country = countryFromLanguage(acceptLanguage);
  return {
    success: true,
    message: taken ? messages.emailTaken : 'Email is available',
    data: { available: !taken, country },
  };
}

/**
 * Creates a customer with a demo and a live account (status `pending` until approved) from a form
 * whose email was proved by a mailed code, and signs them in.
 */
export async function registerCustomer(ctx: AppContext, form: RegisterRequest, origin: SessionOrigin = {}): Promise<{ user: User; token: string }> {
  if (await findUserByEmail(ctx.db, form.email)) throw invalid('email', messages.emailTaken);
  const passwordHash = await hashPassword(form.password);
  const user = await createUser(ctx, {
    email: form.email,
    passwordHash,
    firstName: form.first_name,
    lastName: form.last_name,
    username: form.username,
    phone: form.phone,
    countryCode: form.country_code,
    country: form.country,
    nationality: form.nationality,
    role: 'customer',
    status: 'pending',
    // The language the sign-up was shown in is the one its mails and screens keep.
    preferences: form.language ? { language: form.language } : {},
  }, (tx) => useEmailProof(tx, form.email, form.email_token));
  // Screened once the customer exists; a hit waits in the back office's review queue.
  await screenCustomer(ctx.db, user.id, 'registration');
  return { user, token: await createSession(ctx.db, user.id, ctx.config.tokenTtlHours, origin) };
}

/** Creates a user with their default accounts; `within` runs first in the same transaction. */
export async function createUser(ctx: AppContext, user: NewUser, within?: (tx: DbOrTx) => Promise<void>): Promise<User> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await within?.(tx);
      const inserted = await insertUser(tx, user);
      await openDefaultAccounts(tx, inserted.id, ctx.config.demoBalance);
      return inserted;
    });
    // Read back after commit: the view runs its queries in parallel, which one transaction cannot.
    return await userView(ctx, row);
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides.
    if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505') {
      throw invalid('email', messages.emailTaken);
    }
    throw error;
  }
}

export async function login(ctx: AppContext, body: LoginRequest, origin: SessionOrigin = {}): Promise<{ user: User; token: string } | LoginChallenge> {
  const row = await findUserByEmail(ctx.db, body.email);
  // Verify against a decoy when the email is unknown, so both answers take as long.
  const ok = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), body.password);
  // An erased customer's password was replaced by one nobody knows; refused here too, whatever it is.
  if (!row || !ok || row.erasedAt) throw new HttpError(422, messages.invalidCredentials, { email: [messages.invalidCredentials] });
  if (row.twoFactorEnabledAt) return loginChallenge(ctx, row);
  const token = await createSession(ctx.db, row.id, ctx.config.tokenTtlHours, origin);
  return { user: await userView(ctx, row), token };
}

export async function requestPasswordReset(ctx: AppContext, email: string, origin: string): Promise<void> {
  const row = await findUserByEmail(ctx.db, email);
  if (!row || row.erasedAt) return;
  const { token } = await createOneTimeToken(ctx.db, row.id, 'reset', RESET_TTL_MINUTES);
  // Not awaiting the mail: writing it (or an SMTP round trip) would make a known email answer slower than an unknown one.
  ctx.mailer.queue({ to: row.email, template: 'resetPassword', params: { minutes: RESET_TTL_MINUTES }, link: `${origin}/forgot-password?token=${token}` });
}

const INVALID_LINK = 'This link is invalid or has expired.';
const LINKS_FOR_CUSTOMERS = 'Login links are for customers only.';

export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, 'reset');
    if (!userId) throw invalid('token', INVALID_LINK);
    await setPasswordHash(tx, userId, passwordHash);
    // A reset signs every device out.
    await deleteSessionsOf(tx, userId);
  });
}

/**
 * A one-time link that signs a customer in without their password (support helping someone in).
 * Only an admin may mint one, and only for a customer: a link for a member of staff would let one
 * admin act as another (or as support) in chats and the audit log without their password or code.
 */
export async function issueLoginLink(ctx: AppContext, issuer: AuthInfo, userId: number, origin: string) {
  if (issuer.role !== 'admin') throw forbidden();
  const target = await findUserById(ctx.db, userId);
  if (!target) throw notFound();
  if (target.role !== 'customer') throw forbidden(LINKS_FOR_CUSTOMERS);
  if (target.erasedAt) throw new HttpError(410, privacyMessages.accountErased);
  await audit(ctx.db, issuer, { action: 'user.login_link_issued', subjectType: 'user', subjectId: userId, userId });
  const { token, expiresAt } = await createOneTimeToken(ctx.db, userId, 'login', LOGIN_LINK_TTL_MINUTES);
  return { url: `${origin}/auto-login?token=${token}`, expires_at: expiresAt.toISOString() };
}

/**
 * Uses a login link. With two-factor on, the link stands in for the password only: the answer is
 * the same code challenge as a password sign-in's, and the session comes from the code.
 */
export async function autoLogin(ctx: AppContext, token: string, origin: SessionOrigin = {}): Promise<{ user: User; token: string } | LoginChallenge> {
  const userId = await consumeOneTimeToken(ctx.db, token, 'login');
  const row = userId ? await findUserById(ctx.db, userId) : null;
  // Checked again on use: the holder may have become staff since the link was issued.
  if (row?.role !== 'customer' || row.erasedAt) throw invalid('token', INVALID_LINK);
  if (row.twoFactorEnabledAt) return loginChallenge(ctx, row);
  const session = await createSession(ctx.db, row.id, ctx.config.tokenTtlHours, origin);
  return { user: await userView(ctx, row), token: session };
}

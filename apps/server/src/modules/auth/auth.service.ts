import { messages, type LoginRequest, type RegisterForm, type User } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/tokens.ts';
import { openDefaultAccounts } from '../accounts/accounts.repository.ts';
import { findUserByEmail, findUserById, insertUser, setPasswordHash, type NewUser } from '../users/users.repository.ts';
import { userView } from '../users/users.service.ts';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  createSession,
  deleteSessionsOf,
} from './auth.repository.ts';

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

/** Creates a customer with a demo and a live account; status `pending` until approved. */
export async function registerCustomer(ctx: AppContext, form: RegisterForm): Promise<User> {
  if (await findUserByEmail(ctx.db, form.email)) throw invalid('email', messages.emailTaken);
  const passwordHash = await hashPassword(form.password);
  return createUser(ctx, {
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
  });
}

export async function createUser(ctx: AppContext, user: NewUser): Promise<User> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertUser(tx, user);
      await openDefaultAccounts(tx, inserted.id, ctx.config.demoBalance);
      return inserted;
    });
    // Read back after commit: the view runs its queries in parallel, which one transaction cannot.
    return await userView(ctx.db, row);
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides.
    if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505') {
      throw invalid('email', messages.emailTaken);
    }
    throw error;
  }
}

export async function login(ctx: AppContext, body: LoginRequest): Promise<{ user: User; token: string }> {
  const row = await findUserByEmail(ctx.db, body.email);
  // Verify against a decoy when the email is unknown, so both answers take as long.
  const ok = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), body.password);
  if (!row || !ok) throw new HttpError(422, messages.invalidCredentials, { email: [messages.invalidCredentials] });
  const token = await createSession(ctx.db, row.id, ctx.config.tokenTtlHours);
  return { user: await userView(ctx.db, row), token };
}

export async function requestPasswordReset(ctx: AppContext, email: string, origin: string): Promise<void> {
  const row = await findUserByEmail(ctx.db, email);
  if (!row) return;
  const { token } = await createOneTimeToken(ctx.db, row.id, 'reset', RESET_TTL_MINUTES);
  await ctx.mailer.send({
    to: row.email,
    subject: 'Reset your password',
    text: `Open this link within ${RESET_TTL_MINUTES} minutes to choose a new password:\n${origin}/forgot-password?token=${token}\n\nIf you did not ask for this, ignore this email.`,
  });
}

const INVALID_LINK = 'This link is invalid or has expired.';

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

export async function issueLoginLink(ctx: AppContext, userId: number, origin: string) {
  const { token, expiresAt } = await createOneTimeToken(ctx.db, userId, 'login', LOGIN_LINK_TTL_MINUTES);
  return { url: `${origin}/auto-login?token=${token}`, expires_at: expiresAt.toISOString() };
}

export async function autoLogin(ctx: AppContext, token: string): Promise<{ user: User; token: string }> {
  const userId = await consumeOneTimeToken(ctx.db, token, 'login');
  const row = userId ? await findUserById(ctx.db, userId) : null;
  if (!row) throw invalid('token', INVALID_LINK);
  const session = await createSession(ctx.db, row.id, ctx.config.tokenTtlHours);
  return { user: await userView(ctx.db, row), token: session };
}

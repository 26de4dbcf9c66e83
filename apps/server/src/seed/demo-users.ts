import type { AppContext } from '../app-context.ts';
import { hashPassword } from '../lib/tokens.ts';
import { createUser } from '../modules/auth/auth.service.ts';
import { findUserByEmail } from '../modules/users/users.repository.ts';

/** Development sign-ins, created only outside production; printed at start. */
export const demoUsers = [
  { email: 'admin@bourse.local', password: 'admin-demo-pass', role: 'admin', firstName: 'Ada', lastName: 'Admin' },
  { email: 'demo@bourse.local', password: 'demo-pass-123', role: 'customer', firstName: 'Dana', lastName: 'Demo' },
] as const;

export async function seedDemoUsers(ctx: AppContext): Promise<void> {
  for (const u of demoUsers) {
    if (await findUserByEmail(ctx.db, u.email)) continue;
    await createUser(ctx, {
      email: u.email,
      passwordHash: await hashPassword(u.password),
      firstName: u.firstName,
      lastName: u.lastName,
      username: u.email.split('@')[0]!,
      role: u.role,
      status: 'active',
    });
  }
}

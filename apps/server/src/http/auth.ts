import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import { isDesk, isStaff, personalMessages, type Role } from '@bourse/contract';
import type { Db } from '../db/client.ts';
import { statement } from '../db/statement.ts';
import { sessions, users } from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';
import { forbidden, unauthorized } from './errors.ts';
import { adminsNeedTwoFactor } from '../modules/settings/settings.service.ts';

/** The caller; `twoFactor`: a second factor was given for this session and is still on for the user. */
export type AuthInfo = { userId: number; role: Role; status: 'active' | 'pending' | 'deactivated'; sessionId: number; twoFactor: boolean };

// A session's "last used" time is written at most this often, not on every request.
const LAST_USED_STEP_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route; `user` (any signed-in user) when omitted, so new routes are private by
     * default. `staff`: admin and support; `desk`: admin and dealer (the dealing desk); `admin`: admins.
     */
    auth?: 'public' | 'user' | 'staff' | 'desk' | 'admin';
    /** Lets a deactivated user through (reading their own status, logging out). */
    allowDeactivated?: boolean;
  }
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

export const DISABLED_MESSAGE = 'Your account is currently disabled, please contact support.';

/** The session lookup every private request makes (built once, see statement()). */
const sessionOf = statement('auth_session', (db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: users.role,
      status: users.status,
      lastUsedAt: sessions.lastUsedAt,
      twoFactorEnabledAt: users.twoFactorEnabledAt,
      sessionTwoFactorAt: sessions.twoFactorAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1),
);

/** Resolves a bearer token to its live session, or null. */
export async function authenticate(db: Db, header: string | undefined): Promise<AuthInfo | null> {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
  if (!token || token.length > 200) return null;
  const [row] = await sessionOf(db, { tokenHash: hashToken(token) });
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_STEP_MS) {
    await db.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
  }
  // Proved for this session, not merely switched on for the user (a login link skips the code).
  const twoFactor = row.twoFactorEnabledAt !== null && row.sessionTwoFactorAt !== null;
  return { sessionId: row.sessionId, userId: row.userId, role: row.role, status: row.status, twoFactor };
}

/** Checks every API request against its route's `auth` config before the handler runs. */
export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    const level = config?.auth ?? 'user';
    request.auth = await authenticate(db, request.headers.authorization);
    // Every later line of the request (its completion included) names who asked.
    if (request.auth) reply.log = request.log = request.log.child({ userId: request.auth.userId });
    if (level === 'public') return;
    if (!request.auth) throw unauthorized();
    if (level === 'admin' && request.auth.role !== 'admin') throw forbidden();
    if (level === 'staff' && !isStaff(request.auth.role)) throw forbidden();
    if (level === 'desk' && !isDesk(request.auth.role)) throw forbidden();
    if (request.auth.status === 'deactivated' && !config?.allowDeactivated) throw forbidden(DISABLED_MESSAGE);
    if (level !== 'user' && request.auth.role === 'admin' && !request.auth.twoFactor && (await adminsNeedTwoFactor(db))) {
      throw forbidden(personalMessages.twoFactorRequired);
    }
  });
}

/** The caller of a private route (the hook has already refused anonymous calls). */
export function authOf(request: FastifyRequest): AuthInfo {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

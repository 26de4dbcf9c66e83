import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { Role } from '@bourse/contract';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';
import { forbidden, unauthorized } from './errors.ts';

export type AuthInfo = { userId: number; role: Role; status: 'active' | 'pending' | 'deactivated'; sessionId: number };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; `user` (any signed-in user) when omitted, so new routes are private by default. */
    auth?: 'public' | 'user' | 'admin';
    /** Lets a deactivated user through (reading their own status, logging out). */
    allowDeactivated?: boolean;
  }
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

export const DISABLED_MESSAGE = 'Your account is currently disabled, please contact support.';

/** Resolves a bearer token to its live session, or null. */
export async function authenticate(db: Db, header: string | undefined): Promise<AuthInfo | null> {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ sessionId: sessions.id, userId: users.id, role: users.role, status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Checks every API request against its route's `auth` config before the handler runs. */
export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const level = config?.auth ?? 'user';
    request.auth = await authenticate(db, request.headers.authorization);
    if (level === 'public') return;
    if (!request.auth) throw unauthorized();
    if (level === 'admin' && request.auth.role !== 'admin') throw forbidden();
    if (request.auth.status === 'deactivated' && !config?.allowDeactivated) throw forbidden(DISABLED_MESSAGE);
  });
}

/** The caller of a private route (the hook has already refused anonymous calls). */
export function authOf(request: FastifyRequest): AuthInfo {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

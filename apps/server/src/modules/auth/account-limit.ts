import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, TOO_MANY_ATTEMPTS } from '../../http/errors.ts';

/**
 * A limit keyed by the email a request asks about, on top of the per-address one: many addresses
 * (a botnet, rotating proxies) guessing one account's password each stay under the per-address
 * limit, but together they meet this one. Unknown emails count exactly like known ones, so the
 * limit says nothing about which accounts exist. Runs as a pre-handler, once the body is parsed.
 */
export function perAccountLimit(app: FastifyInstance, scope: string, max: number, timeWindow: number) {
  const limit = app.createRateLimit({ max, timeWindow, keyGenerator: (req) => `${scope}:${emailOf(req)}` });
  return async (req: FastifyRequest) => {
    const result = await limit(req);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(429, TOO_MANY_ATTEMPTS, undefined, { 'Retry-After': String(result.ttlInSeconds) });
    }
  };
}

function emailOf(req: FastifyRequest): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

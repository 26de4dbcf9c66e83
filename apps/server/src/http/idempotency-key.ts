import type { FastifyRequest } from 'fastify';
import { tradingMessages as msg } from '@bourse/contract';
import { invalid } from './errors.ts';

/** The request's `Idempotency-Key` header (at most 200 characters), or null when it has none. */
export function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200) throw invalid('idempotency_key', msg.idempotencyKey);
  return key;
}

import type { FastifyRequest } from 'fastify';
import { tradingMessages as msg } from '@bourse/contract';
import { isServerKey } from '../modules/trading/trade-view.ts';
import { invalid } from './errors.ts';

/** The request's `Idempotency-Key` header (at most 200 characters, none of the server's own), or null when it has none. */
export function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200) throw invalid('idempotency_key', msg.idempotencyKey);
  if (isServerKey(key)) throw invalid('idempotency_key', msg.idempotencyKeyReserved);
  return key;
}

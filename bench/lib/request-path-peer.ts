// The bare peer of bench/request-path.ts, run as a child process: Fastify and a node-postgres pool
// of the product's size on the same database, no ORM, no validation, no logging. Each request is
// authenticated as the product's hook did before tuning (the session joined to its user, refused
// when missing, expired or deactivated; "last used" written at most every five minutes), then
// answered by its case's hand-written handler. Tells the parent its port over IPC.
//   spec: the first IPC message (the catalogue body is too long for argv)
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import pg from 'pg';
import { hashToken } from '../../apps/server/src/lib/tokens.ts';
import { type PeerCaller, type PeerQuery, requestPathCases } from './request-path-cases.ts';

export type PeerSpec = { databaseUrl: string; poolSize: number; assetsJson: string };

const spec = await new Promise<PeerSpec>((resolve) => process.once('message', (m) => resolve(m as PeerSpec)));
const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: spec.poolSize });
const assetsGzip = gzipSync(spec.assetsJson, { level: 5 });
const q: PeerQuery = async (text, values) => (await pool.query(text, values)).rows;
async function transaction<T>(fn: (q: PeerQuery) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(async (text, values) => (await client.query(text, values)).rows);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
const LAST_USED_STEP_MS = 5 * 60_000;

async function callerOf(header: string | undefined): Promise<PeerCaller | null> {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
  if (!token) return null;
  const [row] = await q<PeerCaller & { lastUsedAt: Date | null }>(
    `SELECT s.id AS "sessionId", u.id AS "userId", u.role, u.status, s.last_used_at AS "lastUsedAt", u.two_factor_enabled_at, s.two_factor_at
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now() LIMIT 1`,
    [hashToken(token)],
  );
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_STEP_MS) await q('UPDATE sessions SET last_used_at = now() WHERE id = $1', [row.sessionId]);
  return row;
}

const app = Fastify({ logger: false });
for (const c of requestPathCases) {
  app.route({
    method: c.peer.method,
    url: c.peer.url,
    handler: async (req, reply) => {
      const caller = await callerOf(req.headers.authorization);
      if (!caller) return reply.status(401).send({ message: 'Unauthenticated.' });
      if (caller.status === 'deactivated') return reply.status(403).send({ message: 'disabled' });
      return c.peer.handler({ q, caller, req, reply, assetsGzip, transaction });
    },
  });
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send!({ url: address });
process.on('disconnect', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { migrationNames } from '../db/migrate.ts';
import { rowsOf } from '../db/statement.ts';
import { workerRoleOf } from '../workers/worker-role.ts';

/** How long the database has to answer a readiness probe. */
const DATABASE_PROBE_MS = 2000;

type Check = 'ok' | 'n/a' | string;

/**
 * Probes for an orchestrator (Kubernetes, compose, a load balancer), outside the API and its auth:
 * `/livez` answers while the process serves requests at all (restart it when it does not);
 * `/readyz` answers 200 only while the node can do its work: the database answers, every migration
 * of this build is applied, and on the worker node holding the lease the price feed is fresh (send
 * it no traffic otherwise). Each check is named in the answer; a worker-capable node also says
 * whether it holds the worker lease (`held`, with its fencing token) or waits for it (`standby`,
 * ready all the same: it serves requests and takes over when the holder goes).
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, Check> = { database: await databaseCheck(ctx), migrations: 'n/a', feed: feedCheck(ctx) };
    if (checks.database === 'ok') checks.migrations = await migrationsCheck(ctx);
    const ready = Object.values(checks).every((c) => c === 'ok' || c === 'n/a');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks, ...workerState(ctx) });
  });
}

async function databaseCheck(ctx: AppContext): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${DATABASE_PROBE_MS} ms`), DATABASE_PROBE_MS);
  });
  const answer = ctx.db.execute(sql`SELECT 1`).then(
    (): Check => 'ok',
    (error: Error): Check => `unreachable: ${error.message}`,
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function migrationsCheck(ctx: AppContext): Promise<Check> {
  const applied = new Set(rowsOf<{ name: string }>(await ctx.db.execute(sql`SELECT name FROM schema_migrations`)).map((r) => r.name));
  const missing = migrationNames().filter((name) => !applied.has(name));
  return missing.length ? `not applied: ${missing.join(', ')}` : 'ok';
}

/** A worker whose prices stopped must not be counted ready; other nodes' prices are the lease holder's to keep. */
function feedCheck(ctx: AppContext): Check {
  if (!ctx.config.runWorkers) return 'n/a';
  const role = workerRoleOf(ctx);
  if (role && role.lease.token === null) return 'n/a';
  if (!ctx.prices) return 'not started';
  return ctx.prices.stalled(Date.now()) ? 'stalled' : 'ok';
}

function workerState(ctx: AppContext): { worker?: { lease: 'held' | 'standby'; token?: number; node: string } } {
  const role = workerRoleOf(ctx);
  if (!role) return {};
  const { token, key } = role.lease;
  return { worker: token === null ? { lease: 'standby', node: key.holder } : { lease: 'held', token, node: key.holder } };
}

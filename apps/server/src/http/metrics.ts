import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { scrapedGauge } from '../lib/metrics.ts';

/**
 * Counts and times every answered request by its route (the pattern, never the path: ids stay out
 * of the labels), and serves GET /metrics for Prometheus, outside the API and its sessions, to the
 * bearer of `METRICS_TOKEN`. Without a token set the endpoint does not exist.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const { metrics } = ctx;
  const pool = ctx.database.poolStats;
  if (pool) {
    scrapedGauge(metrics, 'bourse_db_pool_connections', 'Database pool connections, by state (total, idle, waiting requests)', ['state'], (set) => {
      const stats = pool();
      set({ state: 'total' }, stats.total);
      set({ state: 'idle' }, stats.idle);
      set({ state: 'waiting' }, stats.waiting);
    });
  }
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.httpRequests.inc({ route, method: request.method, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });
  const token = ctx.config.metricsToken;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.code(401).send({ message: 'Unauthenticated.' });
    return reply.type(metrics.registry.contentType).send(await metrics.text());
  });
}

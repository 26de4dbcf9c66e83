import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { asyncStdout } from './lib/log-stream.ts';
import { createMailer } from './lib/mailer.ts';
import { requestSerializers } from './lib/log-redaction.ts';
import { createMetrics } from './lib/metrics.ts';
import { activeTracing } from './lib/tracing.ts';
import { mailContext } from './modules/settings/mail-context.ts';
import { MemoryBroadcaster } from './realtime/broadcaster.ts';
import { attachments, singletons } from './attachments.ts';
import { collectingScope } from './workers/close-scope.ts';
import { startWorkerRole } from './workers/worker-role.ts';
import { testCardProvider } from './modules/money/card-provider.ts';

/**
 * JSON logs in production and when piped, written off the event loop; readable lines on a
 * developer's terminal. Which requests get a line is decided in buildApp (see LogSettings).
 */
function loggerOptions(config: Config) {
  const { level } = config.log;
  if (config.env === 'development' && process.stdout.isTTY) {
    return { level, serializers: requestSerializers, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' } } };
  }
  return { level, serializers: requestSerializers, stream: asyncStdout() };
}

/** How long a stopping server lets in-flight requests run before it cuts what is left. */
const DRAIN_MS = 10_000;

/**
 * Stops taking connections at once, answers requests that still arrive on open connections with a
 * 503 (Fastify's closing state), tells realtime clients to reconnect elsewhere (preClose hooks),
 * lets in-flight requests finish and closes each connection once it is idle. Only then may the
 * background work and the database stop, so no request is cut mid-transaction.
 */
async function drainHttp(app: FastifyInstance): Promise<void> {
  const http = app.server;
  // The callback comes once every connection, websockets included, has ended.
  const drained = new Promise<void>((resolve) => http.close(() => resolve()));
  // A keep-alive connection whose request has just been answered would otherwise idle for the
  // keep-alive timeout; the server's own close() reaps only those idle at that moment.
  const sweep = setInterval(() => http.closeIdleConnections(), 50);
  const cut = setTimeout(() => http.closeAllConnections(), DRAIN_MS);
  try {
    await app.close();
    await drained;
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}

export type RunningServer = { app: FastifyInstance; ctx: AppContext; url: string; close(): Promise<void> };

/**
 * Opens the database, applies migrations, builds the app, attaches realtime and the market, and
 * listens; a worker-capable node then runs the singletons while it holds the worker lease. Used by
 * `main.ts` and by the integration tests alike.
 */
export async function startServer(config: Config, opts: { logger?: boolean | object; snapshot?: Blob } = {}): Promise<RunningServer> {
  const closers: (() => Promise<void> | void)[] = [];
  const app = Fastify({
    // A logger given by a test keeps the same redaction.
    logger: typeof opts.logger === 'object' ? { serializers: requestSerializers, ...opts.logger } : (opts.logger ?? loggerOptions(config)),
    trustProxy: true,
    // Every request logged (sample 1): Fastify's two lines, received and completed. Otherwise one
    // line for the requests worth it, written by buildApp.
    logController: new LogController({ disableRequestLogging: config.log.requestSample < 1 }),
    bodyLimit: 1_048_576,
    // Tests stop servers with uploads possibly in flight; production lets them finish.
    forceCloseConnections: config.env === 'test' ? true : 'idle',
  });
  // While draining, every answer closes its connection, so no client sends another request on a
  // connection the server is about to close.
  let draining = false;
  const tracing = activeTracing();
  if (tracing) app.addHook('onRequest', async (request) => tracing.nameServerSpan(request));
  app.addHook('onSend', async (_req, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  const metrics = createMetrics();
  const database = await openDatabase({
    ...config,
    snapshot: opts.snapshot,
    onConnectionError: (err) => app.log.warn({ err: err.message }, 'database connection lost'),
    onQuery: (seconds) => metrics.dbQueryDuration.observe(seconds),
  });
  await migrate(database);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    log: app.log,
    broadcaster: new MemoryBroadcaster(),
    mailer: createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }, app.log, mailContext(database.db, config.publicUrl)),
    prices: null,
    cardProvider: config.payments.cardProvider === 'test' ? testCardProvider() : null,
    metrics,
    // Cleanup registered while singletons start belongs to them: it runs when the lease is lost.
    onClose: (fn) => (collectingScope() ?? { add: (f: typeof fn) => closers.push(f) }).add(fn),
  };
  await buildApp(ctx, app);
  for (const attach of attachments) await attach(app, ctx);
  const address = await app.listen({ port: config.port, host: config.host });
  const port = Number(new URL(address).port);
  // Once listening: the port names this node, and binding it proves an earlier run of it is gone.
  if (config.runWorkers) await startWorkerRole(app, ctx, singletons, port);
  let closed = false;
  return {
    app,
    ctx,
    url: `http://localhost:${port}`,
    async close() {
      if (closed) return;
      closed = true;
      draining = true;
      await drainHttp(app);
      // Background work (price feed, risk engine, robots) after the requests that relied on it.
      for (const fn of closers.reverse()) await fn();
      await database.close();
    },
  };
}

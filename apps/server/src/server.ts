import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { createMailer } from './lib/mailer.ts';
import { MemoryBroadcaster } from './realtime/broadcaster.ts';
import { attachments } from './attachments.ts';

/** JSON logs in production and when piped; readable lines on a developer's terminal. */
function loggerOptions(config: Config) {
  const level = config.env === 'test' ? 'warn' : 'info';
  if (config.env === 'development' && process.stdout.isTTY) {
    return { level, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' } } };
  }
  return { level };
}

export type RunningServer = { app: FastifyInstance; ctx: AppContext; url: string; close(): Promise<void> };

/**
 * Opens the database, applies migrations, builds the app, attaches realtime and background work,
 * and listens. Used by `main.ts` and by the integration tests alike.
 */
export async function startServer(config: Config, opts: { logger?: boolean | object } = {}): Promise<RunningServer> {
  const closers: (() => Promise<void> | void)[] = [];
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    trustProxy: true,
    bodyLimit: 1_048_576,
    // Tests stop servers with uploads possibly in flight; production lets them finish.
    forceCloseConnections: config.env === 'test' ? true : 'idle',
  });
  const database = await openDatabase(config);
  await migrate(database);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    log: app.log,
    broadcaster: new MemoryBroadcaster(),
    mailer: createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }, app.log),
    prices: null,
    onClose: (fn) => closers.push(fn),
  };
  await buildApp(ctx, app);
  for (const attach of attachments) await attach(app, ctx);
  const address = await app.listen({ port: config.port, host: config.host });
  const port = Number(new URL(address).port);
  let closed = false;
  return {
    app,
    ctx,
    url: `http://localhost:${port}`,
    async close() {
      if (closed) return;
      closed = true;
      for (const fn of closers.reverse()) await fn();
      await app.close();
      await database.close();
    },
  };
}

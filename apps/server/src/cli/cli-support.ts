import Fastify from 'fastify';
import type { AppContext } from '../app-context.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createMailer } from '../lib/mailer.ts';
import { createMetrics } from '../lib/metrics.ts';
import { listAssets } from '../modules/market/asset.repository.ts';
import { MarketCatalog } from '../modules/market/market-catalog.ts';
import { MarketState } from '../modules/market/market-state.ts';
import { mailContext } from '../modules/settings/mail-context.ts';
import { tradingRuntime } from '../modules/trading/trading-runtime.ts';
import { MemoryBroadcaster } from '../realtime/broadcaster.ts';
import { CliError, EXIT } from './cli-errors.ts';

/** The server's configuration from the environment, as a node reads it; a bad value is an environment error. */
export function cliConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    throw new CliError(EXIT.environment, `configuration: ${(error as Error).message}`);
  }
}

/**
 * Opens the database of the configuration and applies this build's migrations, as a node does at
 * start, so a command never runs against a schema older than its code. An unreachable database is
 * an environment error.
 */
export async function openCliDatabase(config: Config): Promise<Database> {
  let database: Database | null = null;
  try {
    database = await openDatabase(config);
    await migrate(database);
    return database;
  } catch (error) {
    await database?.close().catch(() => {});
    const where = config.databaseUrl ? redactUrl(config.databaseUrl) : `the embedded database in ${config.dataDir}`;
    throw new CliError(EXIT.environment, `cannot open ${where}: ${(error as Error).message}`);
  }
}

/** A connection URL without its password, fit for an error message. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * What the background jobs need of a node, without its HTTP server or feed: the database, a log on
 * standard error, and the market's last saved prices (for currency conversions), which is what a
 * node knows of prices before its feed starts. Realtime events have no listener here: customers'
 * clients see the change at their next refresh, as after any job whose notification was lost.
 */
export async function jobContext(config: Config, database: Database): Promise<AppContext> {
  const log = Fastify({ logger: { level: config.log.level === 'debug' ? 'debug' : 'warn', stream: process.stderr } }).log;
  const ctx: AppContext = {
    config: { ...config, runWorkers: false },
    database,
    db: database.db,
    log,
    broadcaster: new MemoryBroadcaster(),
    mailer: createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }, log, mailContext(database.db, config.publicUrl)),
    prices: null,
    cardProvider: null,
    metrics: createMetrics(),
    // Nothing here runs in the background: the command closes the database when its job returns.
    onClose: () => {},
  };
  const state = new MarketState(await listAssets(database.db), Date.now());
  ctx.prices = state;
  tradingRuntime(ctx).catalog = new MarketCatalog(state);
  return ctx;
}

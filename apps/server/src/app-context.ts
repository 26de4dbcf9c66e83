import type { Metrics } from './lib/metrics.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Broadcaster } from './realtime/broadcaster.ts';
import type { Mailer } from './lib/mailer.ts';
import type { PriceSource } from './modules/market/price-source.ts';
import type { CardProvider } from './modules/money/card-provider.ts';

/** What every module gets: configuration, the database and the shared services. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  broadcaster: Broadcaster;
  mailer: Mailer;
  /** Set by the market attachment at start; null until then (and in tests that do not need prices). */
  prices: PriceSource | null;
  /** Takes card deposits; null when the operator configured none. */
  cardProvider: CardProvider | null;
  /** The node's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Registers cleanup run on graceful shutdown, last registered first. */
  onClose(fn: () => Promise<void> | void): void;
};

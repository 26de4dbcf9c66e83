import { randomBytes } from 'node:crypto';
import type { Attachment } from '../../attachments.ts';
import { PriceSocket } from '../../realtime/price-socket.ts';
import { tradingRuntime } from '../trading/trading-runtime.ts';
import { MarketCatalog } from './market-catalog.ts';
import { reloadAsset } from './market.service.ts';
import { marketOf, setMarket, startMarket } from './market.runtime.ts';
import { holdsWorkerLease } from '../../workers/worker-role.ts';
import { watchMarket } from './market.metrics.ts';

/**
 * Starts the market on every node: catalogue, live state (`ctx.prices`) and the price socket on the
 * server's own HTTP server. The feed itself is a singleton ({@link priceFeedAttachment}).
 */
export const marketAttachment: Attachment = async (app, ctx) => {
  const { config, log } = ctx;
  const market = await startMarket(ctx, { feed: false });
  setMarket(ctx, market);
  ctx.prices = market.state;
  tradingRuntime(ctx).catalog = new MarketCatalog(market.state);
  const socket = new PriceSocket(app.server, market, {
    key: config.priceSocketKey,
    corsOrigins: config.corsOrigins,
    redisUrl: config.redisUrl,
    // Test servers sharing one Redis must not hear each other unless a test says so.
    stream: config.market.stream ?? (config.env === 'test' ? `bourse:prices:${randomBytes(4).toString('hex')}` : 'bourse:prices'),
    log,
    groups: config.market.fanoutGroups,
    metrics: ctx.metrics,
    onRemoteAssetChange: (id) => void reloadAsset(ctx, id).catch((err: Error) => log.warn({ err: err.message }, 'asset reload failed')),
  });
  market.priceSocket = socket;
  watchMarket(ctx, market, socket);
  market.setPublisher(socket.publish);
  market.onAssetChanged = (id) => socket.assetChanged(id);
  if (!config.runWorkers && !config.redisUrl) log.warn('RUN_WORKERS is false and REDIS_URL is unset: prices will not move on this node');
  // Clients hear "io server disconnect" and connect again (to another node); the HTTP server can
  // only finish draining once these sockets are gone.
  app.addHook('preClose', () => socket.close());
  // The market itself runs on until in-flight orders have their prices.
  ctx.onClose(() => market.stop());
};

/**
 * Singleton: the price feed (simulator, outside sources, candle recording) on the holder of the
 * worker lease; the other nodes hear its ticks through the price socket's Redis stream.
 */
export const priceFeedAttachment: Attachment = async (_app, ctx) => {
  if (!ctx.config.runWorkers) return;
  const market = marketOf(ctx);
  await market.startFeed();
  market.startTimers();
  // A lease lost (not handed over) leaves the bars in progress unsaved: the database may be out of reach.
  ctx.onClose(() => market.stopFeed({ save: holdsWorkerLease(ctx) }));
};

import type { Attachment } from '../attachments.ts';
import { keepSeen, markSeen } from '../modules/users/presence.service.ts';
import { GatewayBroadcaster } from './gateway-broadcaster.ts';
import { PusherGateway } from './pusher-gateway.ts';
import { scrapedGauge } from '../lib/metrics.ts';
import { registerPusherHttpApi } from './pusher-http-api.ts';
import { PusherServiceBroadcaster } from './pusher-service-broadcaster.ts';
import { RedisFanout } from './redis-fanout.ts';

/** A live connection refreshes its user's presence as often as the client's heartbeat would. */
const KEEP_SEEN_MS = 60_000;

/**
 * Installs the private-channel broadcaster: the built-in Pusher-protocol gateway on `/app/{key}`
 * with the Pusher HTTP publishing API on `/apps/{id}/events` (fanned out through Redis when
 * REDIS_URL is set), or an external Pusher-protocol service.
 */
export const realtimeAttachment: Attachment = async (app, ctx) => {
  const { config, log } = ctx;
  if (config.realtime.driver === 'pusher') {
    ctx.broadcaster = new PusherServiceBroadcaster(config, log);
    return;
  }
  const gateway = new PusherGateway({ key: config.pusher.key, secret: config.pusher.secret, activityTimeoutSec: config.realtime.activityTimeoutSec, log });
  scrapedGauge(ctx.metrics, 'bourse_private_sockets', 'Private-channel (Pusher protocol) connections on this node', [], (set) => set({}, gateway.stats().connections));
  gateway.onPresence = (userId, online) => {
    if (online) markSeen(ctx, userId).catch((err: Error) => log.warn({ err: err.message }, 'presence update failed'));
  };
  gateway.onDelivered = (written, dropped) => {
    if (written) ctx.metrics.fanoutFrames.inc({ channel: 'private', result: 'written' }, written);
    if (dropped) ctx.metrics.fanoutFrames.inc({ channel: 'private', result: 'skipped' }, dropped);
  };
  gateway.attach(app.server);
  const fanout = config.redisUrl
    ? await RedisFanout.start(config.redisUrl, config.realtime.redisPrefix, log, (channel, event, data) => gateway.deliver(channel, event, data))
    : null;
  if (fanout) {
    fanout.onPublished = (seconds) => ctx.metrics.redisPublishDuration.observe({ client: 'events' }, seconds);
    ctx.metrics.onScrape(() => ctx.metrics.redisConnected.set({ client: 'events' }, fanout.connected ? 1 : 0));
  }
  const broadcaster = new GatewayBroadcaster(gateway, fanout);
  ctx.broadcaster = broadcaster;
  await registerPusherHttpApi(app, config.pusher, (channel, event, data) => broadcaster.publishRaw(channel, event, data));
  const keepAlive = setInterval(() => {
    keepSeen(ctx, gateway.connectedUsers()).catch((err: Error) => log.warn({ err: err.message }, 'presence refresh failed'));
  }, KEEP_SEEN_MS);
  keepAlive.unref();
  // Before the HTTP server drains: its connections, these included, must end for it to close.
  app.addHook('preClose', () => gateway.close());
  ctx.onClose(async () => {
    clearInterval(keepAlive);
    await fanout?.close();
  });
};

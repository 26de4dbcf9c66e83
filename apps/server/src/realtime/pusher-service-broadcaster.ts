import type { FastifyBaseLogger } from 'fastify';
import Pusher from 'pusher';
import { PRIVATE_PREFIX } from '@bourse/contract';
import type { Config } from '../config.ts';
import type { Broadcaster } from './broadcaster.ts';

/**
 * Publishes through an external Pusher-protocol service (Soketi, Laravel Reverb, Pusher Channels)
 * with the official server SDK; clients then connect to that service instead of this server.
 */
export class PusherServiceBroadcaster implements Broadcaster {
  private readonly client: Pusher;
  private readonly log: FastifyBaseLogger;

  constructor(config: Pick<Config, 'pusher' | 'realtime'>, log: FastifyBaseLogger) {
    const { appId, key, secret, host, port, useTls } = config.pusher;
    this.client = host
      ? new Pusher({ appId, key, secret, host, port: port ? String(port) : undefined, useTLS: useTls })
      : new Pusher({ appId, key, secret, cluster: config.realtime.cluster, useTLS: true });
    this.log = log;
  }

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    try {
      await this.client.trigger(PRIVATE_PREFIX + channel, event, data);
    } catch (err) {
      // Delivery is best effort: clients fall back to polling; the request that caused it still succeeds.
      this.log.warn({ err: (err as Error).message, channel, event }, 'pusher service publish failed');
    }
  }
}

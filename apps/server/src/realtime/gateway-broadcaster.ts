import { PRIVATE_PREFIX } from '@bourse/contract';
import type { Broadcaster } from './broadcaster.ts';
import type { PusherGateway } from './pusher-gateway.ts';
import type { RedisFanout } from './redis-fanout.ts';

/** Publishes through the built-in gateway, and to the other nodes through Redis when there are some. */
export class GatewayBroadcaster implements Broadcaster {
  readonly gateway: PusherGateway;
  private readonly fanout: RedisFanout | null;

  constructor(gateway: PusherGateway, fanout: RedisFanout | null) {
    this.gateway = gateway;
    this.fanout = fanout;
  }

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    await this.publishRaw(PRIVATE_PREFIX + channel, event, JSON.stringify(data));
  }

  /** Publishes to a full protocol channel name a payload already encoded (the Pusher HTTP API's form). */
  async publishRaw(channel: string, event: string, dataJson: string): Promise<void> {
    this.gateway.deliver(channel, event, dataJson);
    if (this.fanout) await this.fanout.publish(channel, event, dataJson);
  }
}

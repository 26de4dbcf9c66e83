import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

type Delivery = (channel: string, event: string, dataJson: string) => void;

/**
 * Carries published events between gateway nodes over one Redis pub/sub channel. Each node delivers
 * its own publications locally at once and skips them when they come back from Redis.
 */
export class RedisFanout {
  private readonly nodeId = randomUUID();
  private readonly topic: string;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly log: FastifyBaseLogger;

  private constructor(url: string, prefix: string, log: FastifyBaseLogger) {
    this.topic = `${prefix}realtime`;
    this.log = log;
    // Publishing fails fast while Redis is away: live delivery is best effort, clients poll meanwhile.
    this.pub = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    this.sub = new Redis(url, { lazyConnect: true });
    for (const client of [this.pub, this.sub]) client.on('error', (err) => log.warn({ err: err.message }, 'redis fan-out connection error'));
  }

  /** Connects both connections and waits until this node is subscribed. */
  static async start(url: string, prefix: string, log: FastifyBaseLogger, deliver: Delivery): Promise<RedisFanout> {
    const fanout = new RedisFanout(url, prefix, log);
    await Promise.all([fanout.pub.connect(), fanout.sub.connect()]);
    fanout.sub.on('message', (_topic: string, message: string) => fanout.receive(message, deliver));
    await fanout.sub.subscribe(fanout.topic);
    return fanout;
  }

  private receive(message: string, deliver: Delivery): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    if (!Array.isArray(parsed) || parsed.length !== 4 || parsed[0] === this.nodeId) return;
    const [, channel, event, dataJson] = parsed as [string, string, string, string];
    deliver(channel, event, dataJson);
  }

  /** Told how long each publish took Redis to acknowledge, in seconds. */
  onPublished: (seconds: number) => void = () => {};

  /** Whether both connections are up: publishing reaches the other nodes and theirs reach this one. */
  get connected(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  async publish(channel: string, event: string, dataJson: string): Promise<void> {
    try {
      const began = performance.now();
      await this.pub.publish(this.topic, JSON.stringify([this.nodeId, channel, event, dataJson]));
      this.onPublished((performance.now() - began) / 1000);
    } catch (err) {
      this.log.warn({ err: (err as Error).message, channel, event }, 'redis fan-out publish failed');
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}

/**
 * Publishes server events to private channels (`user.{id}`, `trade.{id}`, ...; names without the
 * `private-` prefix). Implementations: the built-in gateway and an external Pusher-protocol service.
 */
export interface Broadcaster {
  publish(channel: string, event: string, data: unknown): Promise<void>;
}

/** Keeps events in memory; used until a gateway is attached and by unit tests. */
export class MemoryBroadcaster implements Broadcaster {
  readonly sent: { channel: string; event: string; data: unknown }[] = [];
  async publish(channel: string, event: string, data: unknown): Promise<void> {
    this.sent.push({ channel, event, data });
    if (this.sent.length > 1000) this.sent.shift();
  }
}

import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a service (Redis) that a test can cut, as an outage would: every open
 * connection drops and new ones are refused until it is restored on the same port.
 */
export class CuttableProxy {
  private server: Server | null = null;
  private readonly open = new Set<Socket>();

  private readonly target: { host: string; port: number };
  port = 0;

  private constructor(target: { host: string; port: number }) {
    this.target = target;
  }

  static async start(targetUrl: string): Promise<CuttableProxy> {
    const url = new URL(targetUrl);
    const proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 6379) });
    await proxy.listen();
    return proxy;
  }

  /** The URL clients use instead of the target's. */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  private listen(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.open.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => {
          this.open.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve) =>
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port;
        resolve();
      }),
    );
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.open) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts connections again on the same port. */
  async restore(): Promise<void> {
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}

import { createRequire } from 'node:module';
import type { Options } from 'pusher-js';
import type { TestServer } from './test-server.ts';

// pusher-js is CommonJS whose typings declare an ES default export; require() gives the class itself.
export type Pusher = import('pusher-js').default;
const PusherClient = createRequire(import.meta.url)('pusher-js') as typeof import('pusher-js').default;

/** The real pusher-js client, configured for the gateway as the web client is (see GET /realtime/config). */
export function pusherClient(server: TestServer, token: string, extra: Partial<Options> = {}): Pusher {
  const port = Number(new URL(server.url).port);
  return new PusherClient(server.ctx.config.pusher.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `${server.url}/api/v1/broadcasting/auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${token}` },
    },
    ...extra,
  });
}

/** Resolves when `register` calls back, or fails after `ms`. */
export function within<T>(ms: number, register: (done: (value: T) => void) => void, what = 'event'): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

export function whenConnected(pusher: Pusher, ms = 5000): Promise<string> {
  if (pusher.connection.state === 'connected') return Promise.resolve(pusher.connection.socket_id);
  return within(ms, (done) => pusher.connection.bind('connected', () => done(pusher.connection.socket_id)), 'connection');
}

import Pusher from 'pusher-js';
import { realtimeConfigResponse } from '@bourse/contract';
import { authHeaders } from '@/lib/api-client';

const PONG_TIMEOUT_MS = 6_000;

/** Channel authorisation through the API client's base URL and bearer token (SPEC §7). */
function authorise(endpoint: string) {
  return (params: { socketId: string; channelName: string }, callback: (error: Error | null, data: { auth: string } | null) => void) => {
    const body = new URLSearchParams({ socket_id: params.socketId, channel_name: params.channelName });
    fetch(endpoint, { method: 'POST', headers: { Accept: 'application/json', ...authHeaders() }, body })
      .then(async (res) => {
        const data: unknown = await res.json().catch(() => null);
        if (!res.ok || !data || typeof data !== 'object' || typeof (data as { auth?: unknown }).auth !== 'string') {
          throw new Error(`Channel authorisation failed (${res.status})`);
        }
        callback(null, { auth: (data as { auth: string }).auth });
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
  };
}

/**
 * A pusher-js client for the answer of GET /realtime/config. Loaded on demand by lib/realtime, so
 * pusher-js (and the config's schema) stay out of the first page load.
 */
export function createPusher(rawConfig: unknown): Pusher {
  const config = realtimeConfigResponse.parse(rawConfig).data;
  const tls = config.force_tls ?? window.location.protocol === 'https:';
  const pagePort = Number(window.location.port) || (tls ? 443 : 80);
  const port = config.ws_port ?? pagePort;
  return new Pusher(config.key, {
    cluster: config.cluster,
    wsHost: config.ws_host ?? window.location.hostname,
    wsPort: port,
    wssPort: port,
    wsPath: config.ws_path,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    activityTimeout: config.activity_timeout * 1000,
    // When the browser reports going offline pusher-js pings at once; notice a dead link quickly.
    pongTimeout: PONG_TIMEOUT_MS,
    channelAuthorization: { customHandler: authorise(config.auth_endpoint) },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelAuthRequest, channelAuthResponse, realtimeConfigResponse, type RealtimeConfig } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import { authOf } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';
import { mayAuthorise } from '../../realtime/channel-access.ts';
import { GatewayBroadcaster } from '../../realtime/gateway-broadcaster.ts';
import { signChannel } from '../../realtime/pusher-protocol.ts';

const tags = ['realtime'];
export const AUTH_ENDPOINT = '/api/v1/broadcasting/auth';

/** Private-channel authorisation (SPEC §7 POST /broadcasting/auth) and the client's connection settings. */
export async function realtimeRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { key, secret } = ctx.config.pusher;

  api.post('/broadcasting/auth', { schema: { tags, body: channelAuthRequest, response: { 200: channelAuthResponse } } }, async (req) => {
    const { socket_id, channel_name } = req.body;
    if (!mayAuthorise(authOf(req), channel_name)) throw forbidden();
    return { auth: signChannel(key, secret, socket_id, channel_name) };
  });

  api.get('/realtime/config', { config: { auth: 'public' }, schema: { tags, response: { 200: realtimeConfigResponse } } }, async () => ({
    data: realtimeClientConfig(ctx.config),
  }));

  api.get(
    '/admin/realtime/stats',
    {
      config: { auth: 'staff' },
      schema: { tags, response: { 200: z.object({ data: z.object({ driver: z.string(), connections: z.number(), users: z.number(), channels: z.number() }) }) } },
    },
    async () => {
      const b = ctx.broadcaster;
      const stats = b instanceof GatewayBroadcaster ? b.gateway.stats() : { connections: 0, users: 0, channels: 0 };
      return { data: { driver: ctx.config.realtime.driver, ...stats } };
    },
  );
}

/** What pusher-js needs; nulls mean "the page's own" so one build works behind any origin. */
export function realtimeClientConfig(config: Pick<Config, 'pusher' | 'realtime'>): RealtimeConfig {
  const { realtime, pusher } = config;
  const external = realtime.driver === 'pusher';
  return {
    driver: realtime.driver,
    key: pusher.key,
    cluster: realtime.cluster,
    ws_host: realtime.publicHost ?? (external ? pusher.host : null),
    ws_port: realtime.publicPort ?? (external ? pusher.port : null),
    ws_path: '',
    force_tls: realtime.publicTls ?? (external ? pusher.useTls : null),
    auth_endpoint: AUTH_ENDPOINT,
    activity_timeout: realtime.activityTimeoutSec,
  };
}

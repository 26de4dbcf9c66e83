// How a client reaches the private channels (SPEC §7 "Realtime"): the gateway's config and channel auth.

import { z } from 'zod';

/** POST /broadcasting/auth, sent by pusher-js form-encoded (JSON accepted too). */
export const channelAuthRequest = z.object({
  socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'The socket id is invalid.'),
  channel_name: z.string().min(1).max(200),
});
export const channelAuthResponse = z.object({ auth: z.string() });

/**
 * GET /realtime/config: how to configure pusher-js / laravel-echo. A null host or port means the
 * page's own; a null `force_tls` means "TLS when the page is https".
 */
export const realtimeConfigSchema = z.object({
  driver: z.enum(['gateway', 'pusher']),
  key: z.string(),
  cluster: z.string(),
  ws_host: z.string().nullable(),
  ws_port: z.number().int().nullable(),
  ws_path: z.string(),
  force_tls: z.boolean().nullable(),
  auth_endpoint: z.string(),
  activity_timeout: z.number().int(),
});
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;
export const realtimeConfigResponse = z.object({ data: realtimeConfigSchema });

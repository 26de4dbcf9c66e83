import { z } from 'zod';
import { envelope } from './common.ts';

/**
 * Web Push: each device a customer turns push on for keeps one subscription on the server
 * (POST /push/subscriptions), removed by DELETE or when the push service says it is gone.
 */

export const pushMessages = {
  endpoint: 'The push subscription needs the http(s) endpoint its browser gave.',
  keys: 'The push subscription needs the p256dh and auth keys its browser gave.',
  off: 'Push notifications are not set up on this server.',
} as const;

/** A base64url key of the browser's subscription (no padding, as PushSubscription.toJSON() gives). */
const key = (max: number) => z.string(pushMessages.keys).min(16, pushMessages.keys).max(max, pushMessages.keys).regex(/^[A-Za-z0-9_-]+={0,2}$/, pushMessages.keys);

const endpoint = z.url({ protocol: /^https?$/, error: pushMessages.endpoint }).max(1000, pushMessages.endpoint);

/** What PushSubscription.toJSON() gives in the browser. */
export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: key(200), auth: key(100) }, pushMessages.keys),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint });

/** The server's VAPID public key, or null when push is off. */
export const pushPublicKeyResponse = envelope(z.object({ public_key: z.string().nullable() }));

/** What the service worker reads from a push message. */
export type PushPayload = { title: string; body: string; url: string; tag?: string };

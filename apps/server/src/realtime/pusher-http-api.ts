import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';

/** Publishes an event to a full protocol channel name with its payload already JSON-encoded. */
export type RawPublish = (channel: string, event: string, dataJson: string) => Promise<void>;

const MAX_CLOCK_SKEW_SEC = 600;
const MAX_CHANNELS = 100;

const eventBody = z.object({
  name: z.string().min(1).max(200),
  data: z.string().max(10 * 1024),
  channel: z.string().max(200).optional(),
  channels: z.array(z.string().max(200)).max(MAX_CHANNELS).optional(),
});

/**
 * The publishing half of the Pusher HTTP API (`POST /apps/{app_id}/events`), so the official
 * server SDKs (and the `pusher` driver of another Bourse node) can publish through this gateway.
 * Requests are signed with the app secret exactly as Pusher specifies.
 */
export async function registerPusherHttpApi(app: FastifyInstance, pusher: Config['pusher'], publish: RawPublish): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the body's MD5, so the handler needs the body exactly as sent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post('/apps/:appId/events', { schema: { hide: true } }, async (req, reply) => {
      const { appId } = req.params as { appId: string };
      const raw = typeof req.body === 'string' ? req.body : '';
      const path = `/apps/${appId}/events`;
      if (appId !== pusher.appId || !signedBy(pusher, 'POST', path, req.query as Record<string, string>, raw)) {
        return reply.status(401).send({ error: 'Invalid signature' });
      }
      const parsed = eventBody.safeParse(safeJson(raw));
      const targets = parsed.success ? (parsed.data.channels ?? (parsed.data.channel ? [parsed.data.channel] : [])) : [];
      if (!parsed.success || targets.length === 0) return reply.status(400).send({ error: 'Invalid event' });
      await Promise.all(targets.map((channel) => publish(channel, parsed.data.name, parsed.data.data)));
      return {};
    });
  });
}

function signedBy(pusher: Config['pusher'], method: string, path: string, query: Record<string, string>, body: string): boolean {
  const { auth_key, auth_timestamp, auth_version, body_md5, auth_signature } = query;
  if (auth_key !== pusher.key || auth_version !== '1.0' || typeof auth_signature !== 'string') return false;
  if (!(Math.abs(Date.now() / 1000 - Number(auth_timestamp)) <= MAX_CLOCK_SKEW_SEC)) return false;
  if (body_md5 !== createHash('md5').update(body, 'utf8').digest('hex')) return false;
  const signed = Object.keys(query)
    .filter((k) => k !== 'auth_signature')
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&');
  const expected = Buffer.from(createHmac('sha256', pusher.secret).update(`${method}\n${path}\n${signed}`).digest('hex'));
  const given = Buffer.from(auth_signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

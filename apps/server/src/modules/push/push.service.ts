import webpush from 'web-push';
import type { LanguageCode, PushPayload } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { type NoteText, noteTextIn } from '../notifications/notifications.service.ts';
import { deleteSubscriptionById, hasSubscriptions, type PushSubscriptionRow, subscriptionsOf } from './push.repository.ts';
import { resolveVapid, type Vapid } from './vapid.ts';

/** What a push shows: a title and text in the customer's language, and the page a tap opens. */
export type PushNote = { title: NoteText; message: NoteText; url?: string; tag?: string; language?: LanguageCode };

/** How long a push service keeps a message for a device that is off (seconds): a day. */
const TTL_SECONDS = 24 * 60 * 60;
/** A push service slower than this is given up on for this message. */
const SEND_TIMEOUT_MS = 10_000;

// The events pushed outside `tell` (fills, automatic closes, support's chat replies).
export { pushSupportReply, pushTradeChange } from './push-events.ts';

/** How long a shutdown waits for pushes under way. */
const SHUTDOWN_WAIT_MS = 2_000;

const vapidOf = new WeakMap<AppContext, Vapid | null>();

/** The server's VAPID keys, resolved on first use (null: push is off). */
export function pushVapid(ctx: AppContext): Vapid | null {
  if (!vapidOf.has(ctx)) {
    vapidOf.set(ctx, resolveVapid(ctx.config));
    // Registered after the database's own cleanup, so it runs before it: pushes under way finish
    // (or are given up on) while their subscriptions can still be read and removed.
    ctx.onClose(() => Promise.race([pushesSettled(ctx), new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS))]));
  }
  return vapidOf.get(ctx) ?? null;
}

/**
 * Whether a push to the user could go anywhere: push is set up and they have a device. Events
 * that read more to word their push (a trade's prices, the customer's language) ask this first, so
 * a stop-out storm among customers without devices costs one probe each, not their reads.
 */
export async function canPush(ctx: AppContext, userId: number): Promise<boolean> {
  return pushVapid(ctx) !== null && (await hasSubscriptions(ctx.db, userId));
}

const pending = new WeakMap<AppContext, Set<Promise<void>>>();

/**
 * Pushes a note to every device the user subscribed. Called after the business change committed;
 * it returns at once and never throws: a push service that is down or slow costs a log line, not
 * the customer's trade or request.
 */
export function sendPush(ctx: AppContext, userId: number, note: PushNote): void {
  const vapid = pushVapid(ctx);
  if (!vapid) return;
  const job = deliver(ctx, vapid, userId, note).catch((error: unknown) => ctx.log.warn({ err: error, userId }, 'push not delivered'));
  let set = pending.get(ctx);
  if (!set) pending.set(ctx, (set = new Set()));
  set.add(job);
  void job.finally(() => set.delete(job));
}

/** Waits for the pushes under way (shutdown, tests). */
export async function pushesSettled(ctx: AppContext): Promise<void> {
  await Promise.all([...(pending.get(ctx) ?? [])]);
}

async function deliver(ctx: AppContext, vapid: Vapid, userId: number, note: PushNote): Promise<void> {
  const devices = await subscriptionsOf(ctx.db, userId);
  if (!devices.length) return;
  const payload: PushPayload = {
    title: noteTextIn(note.language, note.title),
    body: noteTextIn(note.language, note.message),
    url: note.url ?? '/',
    ...(note.tag ? { tag: note.tag } : {}),
  };
  await Promise.all(devices.map((device) => sendTo(ctx, vapid, device, JSON.stringify(payload))));
}

/**
 * One encrypted, VAPID-signed request (RFC 8291/8292) built by web-push and sent with fetch, which
 * speaks both https (every real push service) and http (the local stand-in in tests).
 */
async function sendTo(ctx: AppContext, vapid: Vapid, device: PushSubscriptionRow, body: string): Promise<void> {
  if (ctx.config.env === 'production' && !device.endpoint.startsWith('https://')) return;
  const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, body, {
    vapidDetails: vapid,
    TTL: TTL_SECONDS,
    contentEncoding: 'aes128gcm',
  });
  // fetch sets the body's length itself.
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([k]) => k.toLowerCase() !== 'content-length').map(([k, v]) => [k, String(v)]));
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers,
    body: request.body ? new Uint8Array(request.body) : null,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await response.body?.cancel();
  // 404 and 410: the browser unsubscribed or the subscription expired; it will never come back.
  if (response.status === 404 || response.status === 410) {
    await deleteSubscriptionById(ctx.db, device.id);
    return;
  }
  if (!response.ok) ctx.log.warn({ status: response.status, subscription: device.id }, 'push service refused a message');
}

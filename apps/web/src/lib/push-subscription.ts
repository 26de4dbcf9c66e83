import type { PushSubscriptionBody } from '@bourse/contract';
import { api } from '@/lib/api-client';

/** Where this browser stands with push: whether it can, and whether this device is subscribed. */
export type PushState = 'unsupported' | 'unavailable' | 'blocked' | 'off' | 'on';

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID public key as the Push API wants it: bytes from base64url. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const publicKey = async () => (await api<{ data: { public_key: string | null } }>('GET', '/push/public-key')).data.public_key;

/** The service worker's registration, when the production build registered one. */
const registration = () => navigator.serviceWorker.getRegistration('/');

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (!(await registration())) return 'unsupported';
  if (!(await publicKey())) return 'unavailable';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  // The server's copy may be gone (the push service rotated it) or another user's (signed in here
  // before): handing it over again makes it this user's, as the switch shows.
  await api('POST', '/push/subscriptions', { body: subscription.toJSON() as PushSubscriptionBody });
  return 'on';
}

/** Asks permission, subscribes with the server's key and hands the server this device's subscription. */
export async function turnPushOn(): Promise<PushState> {
  const key = await publicKey();
  if (!key) return 'unavailable';
  if ((await Notification.requestPermission()) !== 'granted') return Notification.permission === 'denied' ? 'blocked' : 'off';
  const ready = await navigator.serviceWorker.ready;
  const subscription = (await ready.pushManager.getSubscription()) ?? (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  await api('POST', '/push/subscriptions', { body: subscription.toJSON() as PushSubscriptionBody });
  return 'on';
}

/** Ends this device's subscription at the push service and on the server (also on signing out). */
export async function turnPushOff(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    await api('DELETE', '/push/subscriptions', { body: { endpoint } }).catch(() => undefined);
  }
  return 'off';
}

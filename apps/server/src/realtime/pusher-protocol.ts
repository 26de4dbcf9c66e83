import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** Pusher Channels protocol pieces shared by the gateway and the auth endpoint. */
export const PROTOCOL_VERSION = 7;
/** Oldest protocol the gateway speaks (pusher-js 4+ sends 7). */
export const MIN_PROTOCOL_VERSION = 5;

/** Close and error codes of the protocol: 40xx do not reconnect, 41xx back off, 42xx reconnect at once. */
export const closeCodes = {
  appNotFound: 4001,
  unsupportedProtocol: 4007,
  pongTimeout: 4201,
  serverRestart: 4200,
  overCapacity: 4100,
} as const;

const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;

let sequence = 0;
/** A socket id in the protocol's `digits.digits` form, unique within this process. */
export function newSocketId(): string {
  sequence = (sequence + 1) % 1_000_000_000;
  return `${randomInt(1, 1_000_000_000)}.${sequence}`;
}

export function isSocketId(value: string): boolean {
  return SOCKET_ID.test(value);
}

/** The private-channel signature pusher-js sends back in `pusher:subscribe`: `key:hex(hmac)`. */
export function signChannel(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex')}`;
}

export function verifyChannelAuth(key: string, secret: string, socketId: string, channel: string, auth: unknown): boolean {
  if (typeof auth !== 'string') return false;
  const expected = Buffer.from(signChannel(key, secret, socketId, channel));
  const given = Buffer.from(auth);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A server-to-client frame; `data` travels as a JSON string, as the protocol requires. */
export function frame(event: string, data: unknown, channel?: string): string {
  const dataJson = typeof data === 'string' ? data : JSON.stringify(data);
  return channel === undefined ? JSON.stringify({ event, data: dataJson }) : JSON.stringify({ event, channel, data: dataJson });
}

/** A client-to-server message after parsing; anything not shaped like one is null. */
export type ClientMessage = { event: string; channel?: string; data: Record<string, unknown> };

export function parseClientMessage(raw: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { event, channel, data } = value as Record<string, unknown>;
  if (typeof event !== 'string') return null;
  let body: unknown = data ?? {};
  // Some clients send `data` as a JSON string on this side too.
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      body = {};
    }
  }
  return {
    event,
    channel: typeof channel === 'string' ? channel : undefined,
    data: body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
  };
}

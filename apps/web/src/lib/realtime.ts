import type Pusher from 'pusher-js';
import { create } from 'zustand';
import { PRIVATE_PREFIX } from '@bourse/contract';
import { RETRY_MS } from '@/config/constants';
import { http } from '@/lib/api-client';

/** SPEC §4 realtime connection states. */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'failed';

type RealtimeState = {
  status: ConnectionStatus;
  /** Why the connection failed ("Connection failed" when nobody said). */
  error: string | null;
};

export const DEFAULT_FAILURE = 'Connection failed';
const MAX_RETRY_MS = 60_000;

/** The private-channel connection state, for UIs that switch to polling when it is not connected. */
export const useRealtime = create<RealtimeState>()(() => ({ status: 'disconnected', error: null }));

/** SPEC §4: a channel is named without its `private-` prefix; the prefix is added back once. */
export function stripPrivatePrefix(name: string): string {
  return name.startsWith(PRIVATE_PREFIX) ? name.slice(PRIVATE_PREFIX.length) : name;
}

/** Maps pusher-js connection states onto the four states the client shows. */
export function statusOf(pusherState: string): ConnectionStatus {
  switch (pusherState) {
    case 'connected':
      return 'connected';
    case 'initialized':
    case 'connecting':
    case 'unavailable':
      return 'connecting';
    case 'failed':
      return 'failed';
    default:
      return 'disconnected';
  }
}

type Listener = (event: string, data: unknown) => void;

/**
 * Told to a channel's listeners (as the event name) each time its subscription succeeds: events
 * published before that moment never reach this client, so what they announce must be fetched.
 */
export const SUBSCRIBED = 'bourse:subscribed';

// Listeners outlive any one pusher-js client, so a reconnect (a new client) resubscribes them all.
const listeners = new Map<string, Set<Listener>>();
let client: Pusher | null = null;
let starting: Promise<void> | null = null;
let generation = 0;

function setStatus(status: ConnectionStatus, error: string | null = null) {
  useRealtime.setState({ status, error: status === 'failed' ? (error ?? DEFAULT_FAILURE) : null });
}

function dispatch(channel: string, event: string, data: unknown) {
  if (event.startsWith('pusher:') || event.startsWith('pusher_internal:')) return;
  for (const listener of listeners.get(channel) ?? []) {
    try {
      listener(event, data);
    } catch (error) {
      console.error('Realtime listener failed', { channel, event, error });
    }
  }
}

function bindChannel(pusher: Pusher, channel: string) {
  const subscription = pusher.subscribe(`${PRIVATE_PREFIX}${channel}`);
  subscription.bind_global((event: string, data: unknown) => dispatch(channel, event, data));
  subscription.bind('pusher:subscription_succeeded', () => dispatch(channel, SUBSCRIBED, null));
  subscription.bind('pusher:subscription_error', (status: unknown) => {
    console.error('Realtime channel authorisation failed', { channel, status });
  });
}

// pusher-js is not needed before the first private channel, so it loads on demand (after first render).
const loadPusher = () =>
  import('./pusher-client').catch((error: unknown) => {
    console.error('Realtime client could not be loaded', error);
    throw new Error('Could not reach the server.');
  });

let failures = 0;

// A server that could not be reached is tried again, less often each time, while anyone listens.
function scheduleRetry(mine: number) {
  const delay = Math.min(RETRY_MS * 2 ** failures++, MAX_RETRY_MS);
  setTimeout(() => {
    if (mine === generation && !client && !starting && listeners.size > 0) void connectRealtime();
  }, delay);
}

/** Opens the connection (once); later calls while connecting or connected do nothing. */
export function connectRealtime(): Promise<void> {
  if (client) return Promise.resolve();
  if (starting) return starting;
  const mine = ++generation;
  // Tried again after a failure (the backoff, or a listener that came later), the connection stays
  // shown as failed until it is up: showing it connecting for each attempt would take the Reconnect
  // action away from under the user's pointer and raise the failure toast again. Reconnect itself
  // disconnects first, so the attempt the user asked for is shown.
  if (useRealtime.getState().status !== 'failed') setStatus('connecting');
  starting = Promise.all([http.get<unknown>('/realtime/config'), loadPusher()])
    .then(([raw, { createPusher }]) => {
      if (mine !== generation) return;
      const pusher = createPusher(raw);
      client = pusher;
      failures = 0;
      pusher.connection.bind('state_change', ({ current }: { current: string }) => {
        if (client === pusher) setStatus(statusOf(current));
      });
      pusher.connection.bind('error', (error: unknown) => console.error('Realtime connection error', error));
      for (const channel of listeners.keys()) bindChannel(pusher, channel);
    })
    .catch((error: unknown) => {
      if (mine !== generation) return;
      console.error('Realtime connection could not be created', error);
      setStatus('failed', error instanceof Error && error.message ? error.message : null);
      scheduleRetry(mine);
    })
    .finally(() => {
      if (mine === generation) starting = null;
    });
  return starting;
}

/** Closes the connection; listeners stay registered for the next connect. */
export function disconnectRealtime(): void {
  generation++;
  starting = null;
  const pusher = client;
  client = null;
  pusher?.disconnect();
  setStatus('disconnected');
}

/** SPEC §4: reconnect is a disconnect followed by a connect. */
export function reconnectRealtime(): Promise<void> {
  disconnectRealtime();
  return connectRealtime();
}

/** Forgets every listener and closes the connection (logout). */
export function resetRealtime(): void {
  listeners.clear();
  disconnectRealtime();
}

/**
 * Listens to every event of a private channel (with or without its `private-` prefix) and connects
 * on first use. Returns the unsubscribe function; the channel is left when its last listener goes.
 */
export function listenPrivate(name: string, listener: Listener): () => void {
  const channel = stripPrivatePrefix(name);
  let set = listeners.get(channel);
  if (!set) {
    listeners.set(channel, (set = new Set()));
    if (client) bindChannel(client, channel);
  }
  set.add(listener);
  void connectRealtime();
  return () => {
    const current = listeners.get(channel);
    if (!current?.delete(listener) || current.size > 0) return;
    listeners.delete(channel);
    client?.unsubscribe(`${PRIVATE_PREFIX}${channel}`);
  };
}

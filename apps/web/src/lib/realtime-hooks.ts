import { useEffect, useRef } from 'react';
import { channels, events, type RealtimeEvents } from '@bourse/contract';
import { listenPrivate, SUBSCRIBED, useRealtime, type ConnectionStatus } from '@/lib/realtime';
import { useSession } from '@/stores/session-store';

type EventName = keyof RealtimeEvents;

/** Trade queries keyed under this root are refreshed on every `trade.updated` (SPEC §7). */
export const tradesQueryRoot = ['trades'] as const;

/**
 * Calls `handler` for each `event` on a private channel while mounted. A null channel (user id not
 * known yet) subscribes to nothing; the handler may change between renders without resubscribing.
 */
export function usePrivateEvent<E extends EventName>(channel: string | null, event: E, handler: (data: RealtimeEvents[E]) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!channel) return;
    return listenPrivate(channel, (name, data) => {
      if (name === event) latest.current(data as RealtimeEvents[E]);
    });
  }, [channel, event]);
}

/**
 * Calls `handler` each time the subscription to `channel` succeeds (the first time and after every
 * reconnect), for fetching what was published before events could arrive.
 */
export function useChannelReady(channel: string | null, handler: () => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!channel) return;
    return listenPrivate(channel, (name) => {
      if (name === SUBSCRIBED) latest.current();
    });
  }, [channel]);
}

/** The signed-in user's id, or null before the user is known. */
export function useUserId(): number | null {
  return useSession((s) => (s.token ? (s.user?.id ?? null) : null));
}

/**
 * `trade.updated` events of the signed-in user (SPEC §7 `trade.{userId}`), for the trading room.
 * While `useConnectionStatus()` is not 'connected', poll trades every TRADE_POLL_MS instead.
 */
export function useTradeEvents(handler: (data: RealtimeEvents[typeof events.tradeUpdated]) => void) {
  const userId = useUserId();
  usePrivateEvent(userId === null ? null : channels.trade(userId), events.tradeUpdated, handler);
}

/** The private connection's state: 'disconnected' | 'connecting' | 'connected' | 'failed'. */
export function useConnectionStatus(): ConnectionStatus {
  return useRealtime((s) => s.status);
}

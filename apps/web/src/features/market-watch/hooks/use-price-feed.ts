import { useEffect } from 'react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { priceSocket, type Asset } from '@bourse/contract';
import { i18next } from '@/i18n/i18n';
import type { PriceSocket } from '@/lib/price-socket';
import { liveFromPacked, liveFromUpdate, priceTicks, type TickStore } from '@/stores/tick-store';
import { assetKeys } from '../api/get-assets';
import { receiveDepth, useDepthStore } from '../stores/depth-store';

/**
 * The socket client, loaded apart from the room's first screen (prices show from GET /assets
 * meanwhile): asked for as soon as this module runs, alongside the socket's key.
 */
let socketClient: Promise<typeof import('@/lib/price-socket')> | null = null;
const loadSocketClient = () => (socketClient ??= import('@/lib/price-socket'));
if (typeof window !== 'undefined') void loadSocketClient().catch(() => {});

/** SPEC §4 connection states, for the feed indicator. */
export type FeedStatus = 'disconnected' | 'connecting' | 'connected' | 'failed';

/** `stalled`: connected, but the server's own feed has gone quiet (it refuses fills at market meanwhile). */
export const useFeedStatus = create<{ status: FeedStatus; error: string | null; stalled: boolean }>()(() => ({ status: 'disconnected', error: null, stalled: false }));

const setStatus = (status: FeedStatus, error: string | null = null) => useFeedStatus.setState({ status, error, stalled: false });

/** Seeds the tick store from a data:all snapshot, so prices show before the first tick. */
export function seedTicks(assets: readonly Asset[], ticks: TickStore = priceTicks) {
  for (const a of assets) {
    ticks.push(a.asset_id, { price: a.rate, low: a.price_low, high: a.price_high, change: a.change, changePercent: a.change_percent, volume: a.volume, ts: Date.parse(a.updated_at) });
  }
}

/**
 * Streams the whole market from the price socket while mounted (SPEC §7): `subscribe:all` on every
 * connect, data:all refreshing the catalogue, then coalesced batches (or single data:update
 * events) into the tick store. Nothing here touches React state per tick.
 */
export function usePriceFeed(key: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!key) return;
    let socket: PriceSocket | null = null;
    let closed = false;
    setStatus('connecting');
    loadSocketClient()
      .then(({ connectPriceSocket }) => {
        if (!closed) socket = stream(connectPriceSocket(key), queryClient);
      })
      .catch(() => {
        // The client's code did not load (the network dropped): asked for again when the feed next starts.
        socketClient = null;
        if (!closed) setStatus('failed', i18next.t('Connection failed'));
      });
    return () => {
      closed = true;
      useDepthStore.setState({ send: null });
      socket?.disconnect();
      setStatus('disconnected');
    };
  }, [key, queryClient]);
}

/** Wires the opened socket to the tick store, the catalogue and the feed status. */
function stream(socket: PriceSocket, queryClient: QueryClient): PriceSocket {
  const { events } = priceSocket;
  let connectedBefore = false;
  const askDepth = (assetId: number | null) => {
    if (!socket.connected) return;
    if (assetId === null) socket.emit(events.unsubscribeDepth);
    else socket.emit(events.subscribeDepth, { id: assetId });
  };
  useDepthStore.setState({ send: askDepth });
  // Subscriptions belong to the connection: made again on every connect. The snapshot (data:all,
  // the whole catalogue) is skipped when GET /assets has just given the same list, and asked for
  // after a reconnect to catch up on what was missed.
  socket.on('connect', () => {
    setStatus('connected');
    const haveCatalogue = queryClient.getQueryData(assetKeys.list()) !== undefined;
    socket.emit(events.subscribeAll, { batch: true, snapshot: connectedBefore || !haveCatalogue });
    askDepth(useDepthStore.getState().assetId);
    connectedBefore = true;
  });
  socket.on(events.all, (snapshot) => {
    if (!snapshot.success) return;
    queryClient.setQueryData(assetKeys.list(), snapshot.data);
    seedTicks(snapshot.data);
  });
  // Sent on connecting while stalled, and whenever the server's feed stalls or recovers.
  socket.on(events.feed, ({ stalled }) => useFeedStatus.setState({ stalled }));
  socket.on(events.update, (update) => priceTicks.push(update.id, liveFromUpdate(update)));
  socket.on(events.depth, receiveDepth);
  socket.on(events.batch, (batch) => {
    for (const packed of batch.data) priceTicks.push(packed[0], liveFromPacked(packed));
  });
  socket.on('disconnect', (reason) => {
    setStatus('connecting');
    // The client reconnects by itself after a drop, but not after the server closed the session.
    if (reason === 'io server disconnect') socket.connect();
  });
  // A refused handshake (wrong key) is final; a network error is retried by the client.
  socket.on('connect_error', (error) => setStatus(socket.active ? 'connecting' : 'failed', error.message));
  socket.io.on('reconnect_failed', () => setStatus('failed', i18next.t('Connection failed')));
  return socket;
}

import { create } from 'zustand';
import type { MarketDepth } from '@bourse/contract';

/**
 * The depth-of-market view: which instrument's book the room wants (one at a time, as the price
 * socket serves them) and the latest book of it. `send` reaches the live price socket; it is set
 * while one is connected, so a book asked for before then is asked for on connecting.
 */
type DepthState = { assetId: number | null; book: MarketDepth | null; send: ((assetId: number | null) => void) | null };

export const useDepthStore = create<DepthState>()(() => ({ assetId: null, book: null, send: null }));

/** Asks for an instrument's book (null: none), dropping the one shown. */
export function watchDepth(assetId: number | null): void {
  const { assetId: current, send } = useDepthStore.getState();
  if (assetId === current) return;
  useDepthStore.setState({ assetId, book: null });
  send?.(assetId);
}

/** A book from the socket, kept only if it is the one wanted now. */
export function receiveDepth(book: MarketDepth): void {
  if (book.id === useDepthStore.getState().assetId) useDepthStore.setState({ book });
}

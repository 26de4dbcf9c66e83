import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { Asset } from '@bourse/contract';
import { STORAGE } from '@/config/constants';
import * as rules from './asset-rules';
import { priceTicks, type TickStore } from './tick-store';

export type AssetState = rules.AssetSelection & {
  /** The catalogue as last loaded (GET /assets or the socket's data:all); live values sit in the tick store. */
  assets: Asset[];
  setAssets: (assets: Asset[]) => void;
  addPair: (pair: string) => void;
  removePair: (pair: string) => void;
  selectPair: (pair: string) => void;
  /** Opens the asset's pair tab (added when missing) and makes it the active asset. */
  selectAsset: (asset: Asset) => void;
};

/** Passes the first write through and coalesces the rest into one write per `ms` (the last value). */
export function throttledStorage(storage: StateStorage, ms: number): StateStorage {
  const pending = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    if (pending.size === 0) return;
    for (const [k, v] of pending) storage.setItem(k, v);
    pending.clear();
    timer = setTimeout(flush, ms);
  };
  if (typeof window !== 'undefined') window.addEventListener('pagehide', () => pending.size && flush());
  return {
    getItem: (k) => pending.get(k) ?? storage.getItem(k),
    setItem: (k, v) => {
      if (timer) pending.set(k, v);
      else {
        storage.setItem(k, v);
        timer = setTimeout(flush, ms);
      }
    },
    removeItem: (k) => {
      pending.delete(k);
      storage.removeItem(k);
    },
  };
}

/** The active asset refreshes on every tick; the saved copy needs to be fresh to the second at most. */
const PERSIST_EVERY_MS = 1_000;

/**
 * SPEC §3/§4 asset store, persisted as `asset-storage` (activeAsset, activePairs, activePair). The
 * active asset follows the tick store: each frame in which it ticked refreshes it.
 */
export function createAssetStore(ticks: TickStore, storage: () => StateStorage = () => localStorage) {
  const withLive = (asset: Asset | null) => {
    const tick = asset ? ticks.get(asset.asset_id) : undefined;
    return asset && tick ? rules.applyLiveValues(asset, tick) : asset;
  };
  const store = createStore<AssetState>()(
    persist(
      (set, get) => {
        const apply = (next: rules.AssetSelection) => set({ ...next, activeAsset: withLive(next.activeAsset) });
        return {
          ...rules.initialSelection,
          assets: [],
          setAssets: (assets) => set({ assets, activeAsset: withLive(rules.defaultActiveAsset(assets, get().activeAsset)) }),
          addPair: (pair) => apply(rules.addPair(get(), pair, get().assets)),
          removePair: (pair) => apply(rules.removePair(get(), pair, get().assets)),
          selectPair: (pair) => apply(rules.selectPair(get(), pair, get().assets)),
          selectAsset: (asset) => apply(rules.addPair(get(), rules.pairOf(asset), [asset, ...get().assets])),
        };
      },
      {
        name: STORAGE.assets,
        storage: createJSONStorage(() => throttledStorage(storage(), PERSIST_EVERY_MS)),
        partialize: (s) => ({ activeAsset: s.activeAsset, activePairs: s.activePairs, activePair: s.activePair }),
      },
    ),
  );
  ticks.subscribeFlush((changed) => {
    const active = store.getState().activeAsset;
    if (active && changed.has(active.asset_id)) store.setState({ activeAsset: withLive(active) });
  });
  return store;
}

export type AssetStore = ReturnType<typeof createAssetStore>;

/** The page's asset store, fed by the price ticks of the page. */
export const assetStore = createAssetStore(priceTicks);

export function useAssetStore<T>(selector: (s: AssetState) => T): T {
  return useStore(assetStore, selector);
}

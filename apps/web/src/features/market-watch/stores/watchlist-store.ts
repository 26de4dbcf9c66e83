import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { STORAGE } from '@/config/constants';

type WatchlistState = {
  /** symbol_display of each starred instrument, in the order they were added. */
  symbols: string[];
  toggle: (symbolDisplay: string) => void;
};

/** SPEC §3 Watchlist: a local list keyed by symbol_display. */
export function createWatchlistStore(storage: () => StateStorage = () => localStorage) {
  return createStore<WatchlistState>()(
    persist(
      (set) => ({
        symbols: [],
        toggle: (s) => set((state) => ({ symbols: state.symbols.includes(s) ? state.symbols.filter((x) => x !== s) : [...state.symbols, s] })),
      }),
      { name: STORAGE.watchlist, storage: createJSONStorage(storage), partialize: (s) => ({ symbols: s.symbols }) },
    ),
  );
}

export const watchlistStore = createWatchlistStore();

export function useWatchlist<T>(selector: (s: WatchlistState) => T): T {
  return useStore(watchlistStore, selector);
}

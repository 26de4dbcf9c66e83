import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/testing/memory-storage';
import { createWatchlistStore } from './watchlist-store';

describe('watchlist (SPEC §3: local list keyed by symbol_display)', () => {
  it('a star adds the instrument and a second star removes it', () => {
    const store = createWatchlistStore(memoryStorage);
    store.getState().toggle('EUR/USD');
    store.getState().toggle('BTC/USD');
    expect(store.getState().symbols).toEqual(['EUR/USD', 'BTC/USD']);
    store.getState().toggle('EUR/USD');
    expect(store.getState().symbols).toEqual(['BTC/USD']);
  });

  it('is saved locally as watchlist-storage and restored', async () => {
    const storage = memoryStorage();
    createWatchlistStore(() => storage).getState().toggle('AAPL');
    expect(JSON.parse(storage.data.get('watchlist-storage')!).state).toEqual({ symbols: ['AAPL'] });
    const again = createWatchlistStore(() => storage);
    await again.persist.rehydrate();
    expect(again.getState().symbols).toEqual(['AAPL']);
  });
});

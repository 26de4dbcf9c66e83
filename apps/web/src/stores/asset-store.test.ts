import { describe, expect, it, vi } from 'vitest';
import { addPair, applyLiveUpdates, applyLiveValues, defaultActiveAsset, initialSelection, removePair, selectPair } from './asset-rules';
import { createAssetStore } from './asset-store';
import { createTickStore } from './tick-store';
import { assetFixture } from '@/testing/asset-fixture';
import { memoryStorage } from '@/testing/memory-storage';

const asset = assetFixture;

const btc = asset({ symbol_display: 'BTC/USD', tv_symbol: 'BITSTAMP:BTCUSD', type: 'crypto', category: 'crypto' });
const audjpy = asset({ symbol_display: 'AUD/JPY' });
const eurusd = asset({ symbol_display: 'EUR/USD' });
const gbpusd = asset({ symbol_display: 'GBP/USD' });
const all = [eurusd, audjpy, btc, gbpusd];

describe('default active asset (SPEC §4)', () => {
  it('prefers tv_symbol BITSTAMP:BTCUSD', () => expect(defaultActiveAsset(all, null)).toBe(btc));
  it('falls back to sy AUD/JPY', () => expect(defaultActiveAsset([eurusd, audjpy, gbpusd], null)).toBe(audjpy));
  it('falls back to the first asset', () => expect(defaultActiveAsset([gbpusd, eurusd], null)).toBe(gbpusd));
  it('is null without assets', () => expect(defaultActiveAsset([], null)).toBeNull());
  it('keeps an existing choice, refreshed from the new list', () => {
    const fresher = { ...eurusd, rate: 1.2 };
    expect(defaultActiveAsset([btc, fresher], eurusd)).toBe(fresher);
    expect(defaultActiveAsset([btc], eurusd)).toBe(eurusd);
  });
});

describe('pairs (SPEC §4)', () => {
  it('default to BTC/USD', () => {
    expect(initialSelection.activePairs).toEqual(['BTC/USD']);
    expect(initialSelection.activePair).toBe('BTC/USD');
  });

  it('adding a pair makes it active and selects the matching asset', () => {
    const next = addPair(initialSelection, 'EUR/USD', all);
    expect(next).toEqual({ activePairs: ['BTC/USD', 'EUR/USD'], activePair: 'EUR/USD', activeAsset: eurusd });
    expect(addPair(next, 'EUR/USD', all).activePairs).toEqual(['BTC/USD', 'EUR/USD']);
  });

  it('ignores removing the last remaining pair', () => {
    const only = { ...initialSelection, activeAsset: btc };
    expect(removePair(only, 'BTC/USD', all)).toBe(only);
  });

  it('removing the active pair selects the first remaining one', () => {
    let s = addPair(addPair(initialSelection, 'EUR/USD', all), 'GBP/USD', all);
    s = removePair(s, 'GBP/USD', all);
    expect(s).toEqual({ activePairs: ['BTC/USD', 'EUR/USD'], activePair: 'BTC/USD', activeAsset: btc });
  });

  it('removing another pair keeps the active one', () => {
    const s = removePair(addPair(addPair(initialSelection, 'EUR/USD', all), 'GBP/USD', all), 'EUR/USD', all);
    expect(s).toEqual({ activePairs: ['BTC/USD', 'GBP/USD'], activePair: 'GBP/USD', activeAsset: gbpusd });
  });

  it('selecting a tab selects its asset; an unknown tab changes nothing', () => {
    const s = addPair(initialSelection, 'EUR/USD', all);
    expect(selectPair(s, 'BTC/USD', all).activeAsset).toBe(btc);
    expect(selectPair(s, 'XAU/USD', all)).toBe(s);
  });
});

describe('live update (SPEC §4)', () => {
  it('sets the rate, the 24 h fields and the buy/sell prices from the spreads', () => {
    const next = applyLiveValues(eurusd, { price: 2, low: 1.5, high: 2.5, change: 0.1, changePercent: 5, volume: 9, ts: Date.UTC(2026, 0, 2) });
    expect(next).toMatchObject({ rate: 2, price_low: 1.5, price_high: 2.5, change: 0.1, change_percent: 5, volume: 9, updated_at: '2026-01-02T00:00:00.000Z' });
    expect(next.buy_price).toBeCloseTo(2 * 1.001, 12);
    expect(next.sell_price).toBeCloseTo(2 * 0.998, 12);
  });

  it('keeps 24 h fields the update does not carry', () => {
    const next = applyLiveValues({ ...eurusd, price_high: 7, change_percent: 3 }, { price: 2 });
    expect(next).toMatchObject({ rate: 2, price_high: 7, change_percent: 3, updated_at: eurusd.updated_at });
  });

  it('matches assets by asset_id and leaves the others alone', () => {
    const [a, b] = applyLiveUpdates([eurusd, gbpusd], new Map([[gbpusd.asset_id, { price: 3 }]]));
    expect(a).toBe(eurusd);
    expect(b!.rate).toBe(3);
  });
});

describe('asset store', () => {
  it('refreshes the active asset when it ticks, once per frame', () => {
    const frames: (() => void)[] = [];
    const ticks = createTickStore({ schedule: (cb) => void frames.push(cb) });
    const store = createAssetStore(ticks, memoryStorage);
    store.getState().setAssets(all);
    expect(store.getState().activeAsset).toBe(btc);
    ticks.push(gbpusd.asset_id, { price: 9 });
    ticks.push(btc.asset_id, { price: 70_000 });
    ticks.push(btc.asset_id, { price: 70_100 });
    expect(store.getState().activeAsset!.rate).toBe(btc.rate);
    frames.shift()!();
    const active = store.getState().activeAsset!;
    expect(active.rate).toBe(70_100);
    expect(active.buy_price).toBeCloseTo(70_100 * 1.001, 6);
  });

  it('persists the selection as asset-storage, without the catalogue, at most once a second', () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage();
      const store = createAssetStore(createTickStore({ schedule: () => {} }), () => storage);
      store.getState().setAssets(all);
      expect(JSON.parse(storage.data.get('asset-storage')!).state.activeAsset).toEqual(btc);
      store.getState().selectAsset(gbpusd);
      store.getState().selectAsset(eurusd);
      expect(JSON.parse(storage.data.get('asset-storage')!).state.activeAsset).toEqual(btc);
      vi.advanceTimersByTime(1000);
      const saved = JSON.parse(storage.data.get('asset-storage')!);
      expect(saved.state).toEqual({ activeAsset: eurusd, activePairs: ['BTC/USD', 'GBP/USD', 'EUR/USD'], activePair: 'EUR/USD' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('selecting an asset applies its latest tick', () => {
    const ticks = createTickStore({ schedule: (cb) => cb() });
    const store = createAssetStore(ticks, memoryStorage);
    store.getState().setAssets(all);
    ticks.push(gbpusd.asset_id, { price: 1.5 });
    store.getState().selectAsset(gbpusd);
    expect(store.getState()).toMatchObject({ activePair: 'GBP/USD', activeAsset: { asset_id: gbpusd.asset_id, rate: 1.5 } });
  });

  it('restores a saved selection and keeps it when the catalogue loads', async () => {
    const storage = memoryStorage();
    storage.setItem('asset-storage', JSON.stringify({ state: { activeAsset: eurusd, activePairs: ['EUR/USD'], activePair: 'EUR/USD' }, version: 0 }));
    const store = createAssetStore(createTickStore({ schedule: () => {} }), () => storage);
    await store.persist.rehydrate();
    store.getState().setAssets(all);
    expect(store.getState()).toMatchObject({ activeAsset: eurusd, activePairs: ['EUR/USD'], activePair: 'EUR/USD' });
  });
});

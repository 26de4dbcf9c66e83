import type { Asset } from '@bourse/contract';
import { DEFAULT_ASSET_TV_SYMBOL, DEFAULT_PAIR } from '@/config/constants';

/** SPEC §4 fallback when BITSTAMP:BTCUSD is not in the catalogue. */
const FALLBACK_SY = 'AUD/JPY';

/** The part of the asset store persisted as `asset-storage` (SPEC §3). */
export type AssetSelection = {
  activeAsset: Asset | null;
  activePairs: string[];
  activePair: string;
};

export const initialSelection: AssetSelection = { activeAsset: null, activePairs: [DEFAULT_PAIR], activePair: DEFAULT_PAIR };

/** The latest tick of one instrument, as the tick store keeps it. */
export type LiveValues = {
  price: number;
  low?: number;
  high?: number;
  change?: number;
  changePercent?: number;
  volume?: number;
  /** Server time of the tick, ms since the epoch. */
  ts?: number;
  /** The customer's bid and ask, sent for instruments whose source quotes them (else from the spreads). */
  bid?: number;
  ask?: number;
};

/** A mid price alone, or a tick that may carry its own bid and ask. */
export type LivePrice = number | Pick<LiveValues, 'price' | 'bid' | 'ask'>;

export const midOf = (live: LivePrice | undefined): number | undefined => (typeof live === 'number' ? live : live?.price);

/** The label a pair tab shows and the watchlist is keyed by. */
export const pairOf = (asset: Asset) => asset.symbol_display;

/** The asset a pair tab stands for: by symbol_display, else by sy. */
export function findPair(assets: readonly Asset[], pair: string): Asset | null {
  return assets.find((a) => a.symbol_display === pair) ?? assets.find((a) => a.sy === pair) ?? null;
}

/**
 * SPEC §4: the existing choice is kept (refreshed from the new list when it is still there);
 * otherwise tv_symbol BITSTAMP:BTCUSD, else sy AUD/JPY, else the first asset.
 */
export function defaultActiveAsset(assets: readonly Asset[], current: Asset | null): Asset | null {
  if (current) return assets.find((a) => a.asset_id === current.asset_id) ?? current;
  return assets.find((a) => a.tv_symbol === DEFAULT_ASSET_TV_SYMBOL) ?? assets.find((a) => a.sy === FALLBACK_SY) ?? assets[0] ?? null;
}

/** SPEC §4: adding a pair makes it active and selects the matching asset. */
export function addPair(state: AssetSelection, pair: string, assets: readonly Asset[]): AssetSelection {
  const activePairs = state.activePairs.includes(pair) ? state.activePairs : [...state.activePairs, pair];
  return { activePairs, activePair: pair, activeAsset: findPair(assets, pair) ?? state.activeAsset };
}

/** Switching tabs: the pair becomes active and its asset selected. */
export function selectPair(state: AssetSelection, pair: string, assets: readonly Asset[]): AssetSelection {
  if (!state.activePairs.includes(pair)) return state;
  return { ...state, activePair: pair, activeAsset: findPair(assets, pair) ?? state.activeAsset };
}

/**
 * SPEC §4: removing the last remaining pair is ignored; removing the active pair selects the first
 * remaining one.
 */
export function removePair(state: AssetSelection, pair: string, assets: readonly Asset[]): AssetSelection {
  if (!state.activePairs.includes(pair) || state.activePairs.length <= 1) return state;
  const activePairs = state.activePairs.filter((p) => p !== pair);
  if (state.activePair !== pair) return { ...state, activePairs };
  const activePair = activePairs[0]!;
  return { activePairs, activePair, activeAsset: findPair(assets, activePair) ?? state.activeAsset };
}

/**
 * SPEC §4 live update of one asset: the new rate and whichever 24 h fields the tick carries;
 * buy_price = price × (1 + buy_spread), sell_price = price × (1 − sell_spread).
 */
export function applyLiveValues(asset: Asset, live: LiveValues): Asset {
  const buy = sidePrice(asset, live, 'ask');
  const sell = sidePrice(asset, live, 'bid');
  return {
    ...asset,
    rate: live.price,
    price_low: live.low ?? asset.price_low,
    price_high: live.high ?? asset.price_high,
    change: live.change ?? asset.change,
    change_percent: live.changePercent ?? asset.change_percent,
    volume: live.volume ?? asset.volume,
    updated_at: live.ts === undefined ? asset.updated_at : new Date(live.ts).toISOString(),
    buy_price: buy,
    sell_price: sell,
    spread: buy - sell,
  };
}

/** SPEC §4: every asset whose asset_id has a tick gets its live values; the others are unchanged. */
export function applyLiveUpdates(assets: readonly Asset[], liveById: ReadonlyMap<number, LiveValues>): Asset[] {
  return assets.map((a) => {
    const live = liveById.get(a.asset_id);
    return live ? applyLiveValues(a, live) : a;
  });
}

export type PriceSide = 'bid' | 'ask' | 'mid';

/**
 * SPEC §4 prices at `live` (the latest tick, else the catalogue rate): ask with buy_spread, bid with
 * sell_spread, unless the tick carries the bid and ask its source quoted.
 */
export function sidePrice(asset: Asset, live: LivePrice | undefined, side: PriceSide): number {
  const tick = typeof live === 'number' ? undefined : live;
  const mid = midOf(live) ?? asset.rate;
  if (side === 'ask') return tick?.ask ?? mid * (1 + asset.buy_spread);
  if (side === 'bid') return tick?.bid ?? mid * (1 - asset.sell_spread);
  return mid;
}

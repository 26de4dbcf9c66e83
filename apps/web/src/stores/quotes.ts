import { useMemo } from 'react';
import type { Asset, PricePrecision } from '@bourse/contract';
import type { BidAsk } from '@bourse/domain';
import { sidePrice, type LivePrice } from './asset-rules';
import { useAssetStore } from './asset-store';
import { useTick } from './tick-store';

/** Bid and ask of `asset` at `live` (the latest tick, else the catalogue rate), as the server quotes them. */
export function quoteOf(asset: Asset, live: LivePrice | undefined): BidAsk {
  return { bid: sidePrice(asset, live, 'bid'), ask: sidePrice(asset, live, 'ask') };
}

const letters = (symbol: string) => symbol.replace(/[^A-Za-z]/g, '').toUpperCase();

/**
 * How an amount in `quoteCurrency` becomes `accountCurrency`, as the server converts it: 'same'
 * when they match, else the pair quoting one in the other (`invert` when it quotes the account
 * currency in the quote currency), else null when the catalogue has no such pair.
 */
export type ConversionPath = 'same' | { asset: Asset; invert: boolean } | null;

export function conversionPath(assets: readonly Asset[], quoteCurrency: string, accountCurrency: string): ConversionPath {
  const from = quoteCurrency.toUpperCase();
  const to = accountCurrency.toUpperCase();
  if (from === to) return 'same';
  const direct = assets.find((a) => letters(a.symbol) === `${from}${to}`);
  if (direct) return { asset: direct, invert: false };
  const inverse = assets.find((a) => letters(a.symbol) === `${to}${from}`);
  return inverse ? { asset: inverse, invert: true } : null;
}

const paths = new WeakMap<readonly Asset[], Map<string, ConversionPath>>();

/** {@link conversionPath}, looked up once per catalogue and currency pair. */
export function cachedConversionPath(assets: readonly Asset[], quoteCurrency: string, accountCurrency: string): ConversionPath {
  let cache = paths.get(assets);
  if (!cache) paths.set(assets, (cache = new Map()));
  const key = `${quoteCurrency}/${accountCurrency}`;
  if (!cache.has(key)) cache.set(key, conversionPath(assets, quoteCurrency, accountCurrency));
  return cache.get(key)!;
}

/** Account-currency value of one unit of quote currency along `path` at the pair's mid `price`. */
export function conversionRate(path: ConversionPath, price: number | undefined): number | null {
  if (path === 'same') return 1;
  if (!path) return null;
  const mid = price ?? path.asset.rate;
  if (!(mid > 0)) return null;
  return path.invert ? 1 / mid : mid;
}

// Many rows look assets up by id each frame: one index per catalogue array, built once.
const indexes = new WeakMap<readonly Asset[], Map<number, Asset>>();

/** The catalogue entry of `assetId`, from an index built once per loaded catalogue. */
export function assetById(assets: readonly Asset[], assetId: number): Asset | undefined {
  let index = indexes.get(assets);
  if (!index) {
    index = new Map(assets.map((a) => [a.asset_id, a]));
    indexes.set(assets, index);
  }
  return index.get(assetId);
}

/** The catalogue entry of `assetId` (re-renders only when the catalogue is reloaded). */
export function useAsset(assetId: number | null | undefined): Asset | undefined {
  return useAssetStore((s) => (assetId == null ? undefined : assetById(s.assets, assetId)));
}

/** Live conversion rate from `quoteCurrency` into `accountCurrency` (1 when equal, null when unknown). */
export function useConversion(quoteCurrency: string | undefined, accountCurrency: string): number | null {
  const assets = useAssetStore((s) => s.assets);
  const path = useMemo(() => (quoteCurrency ? cachedConversionPath(assets, quoteCurrency, accountCurrency) : null), [assets, quoteCurrency, accountCurrency]);
  const tick = useTick(path && path !== 'same' ? path.asset.asset_id : null);
  return conversionRate(path, tick?.price);
}

/**
 * How prices of an instrument are written (its digits and type), by asset id or by the symbol a
 * log line names; null until the catalogue is loaded, when prices show as the server sent them.
 */
export function usePricePrecision(key: number | string | null | undefined): PricePrecision | null {
  return useAssetStore((s) => {
    if (key == null) return null;
    const asset = typeof key === 'number' ? assetById(s.assets, key) : assetBySymbol(s.assets, key);
    return asset ? precisionOf(asset) : null;
  });
}

const symbolIndexes = new WeakMap<readonly Asset[], Map<string, Asset>>();

/** The catalogue entry a symbol names (`symbol`, `sy` or `symbol_display`), from an index built once per catalogue. */
function assetBySymbol(assets: readonly Asset[], symbol: string): Asset | undefined {
  let index = symbolIndexes.get(assets);
  if (!index) {
    index = new Map(assets.flatMap((a) => [[a.symbol_display, a] as const, [a.sy, a] as const, [a.symbol, a] as const]));
    symbolIndexes.set(assets, index);
  }
  return index.get(symbol);
}

const precisions = new WeakMap<Asset, PricePrecision>();

/** One stable object per catalogue entry, so selectors returning it do not re-render every frame. */
export function precisionOf(asset: Asset): PricePrecision {
  let p = precisions.get(asset);
  if (!p) precisions.set(asset, (p = { digits: asset.digits, type: asset.type }));
  return p;
}

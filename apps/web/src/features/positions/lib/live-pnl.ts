import type { Asset, Trade } from '@bourse/contract';
import type { LivePnl } from '@/stores/account-summary-store';
import { midOf, type LivePrice } from '@/stores/asset-rules';
import { assetById, cachedConversionPath, conversionRate, quoteOf } from '@/stores/quotes';
import { liveFigures } from './live-trade';

/** Latest price (or tick) of an instrument, if it has ticked. */
export type PriceLookup = (assetId: number) => LivePrice | undefined;

/** Instruments whose ticks move the P&L of `trades`: their own, and the pairs converting them into `currency`. */
export function pnlInstruments(trades: readonly Trade[], assets: readonly Asset[], currency: string): Set<number> {
  const ids = new Set<number>();
  for (const t of trades) {
    ids.add(t.asset_id);
    const asset = assetById(assets, t.asset_id);
    const path = asset ? cachedConversionPath(assets, asset.quote_currency, currency) : null;
    if (path && path !== 'same') ids.add(path.asset.asset_id);
  }
  return ids;
}

/**
 * Sum of the open trades' P&L at the latest ticks (`live`) beside the sum the server listed
 * (`snapshot`). A trade whose instrument has not ticked yet keeps the server's figure.
 */
export function livePnlTotal(trades: readonly Trade[], assets: readonly Asset[], price: PriceLookup, currency: string, complete: boolean): LivePnl {
  let live = 0;
  let snapshot = 0;
  for (const t of trades) {
    const server = Number(t.pnl);
    snapshot += server;
    const asset = assetById(assets, t.asset_id);
    const tick = price(t.asset_id);
    if (!asset || tick === undefined) {
      live += server;
      continue;
    }
    const path = cachedConversionPath(assets, asset.quote_currency, currency);
    const conversionPrice = path && path !== 'same' ? midOf(price(path.asset.asset_id)) : undefined;
    live += liveFigures(t, quoteOf(asset, tick), conversionRate(path, conversionPrice))?.pnl ?? server;
  }
  return { live, snapshot, complete };
}

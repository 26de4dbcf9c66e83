import { useEffect } from 'react';
import { toast } from 'sonner';
import { i18next } from '@/i18n/i18n';
import { assetStore } from '@/stores/asset-store';
import { ASSETS_ERROR, useAssets } from '../api/get-assets';
import { usePriceFeed } from './use-price-feed';
import { usePriceSocketKey } from '../api/get-price-socket-key';

/**
 * Everything the trading room needs from the market, started once by the room: the catalogue
 * (into the asset store, with the SPEC §8 toast when it fails) and the live price feed.
 */
export function useMarketData() {
  const assets = useAssets();
  const key = usePriceSocketKey();
  usePriceFeed(key);
  useEffect(() => {
    if (assets.data) assetStore.getState().setAssets(assets.data);
  }, [assets.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorUpdatedAt shows the toast again after each new failure
  useEffect(() => {
    if (assets.isError) toast.error(i18next.t(ASSETS_ERROR), { id: 'assets-error' });
  }, [assets.isError, assets.errorUpdatedAt]);
}

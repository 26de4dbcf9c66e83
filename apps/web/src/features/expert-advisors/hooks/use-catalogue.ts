import type { Asset } from '@bourse/contract';
import { useAssets } from '@/features/market-watch/api/get-assets';
import { useAssetStore } from '@/stores/asset-store';

const none: Asset[] = [];

/** The instrument catalogue: the room's live store when it is loaded, else fetched (as on the marketplace). */
export function useCatalogue(): { assets: Asset[]; loading: boolean } {
  const stored = useAssetStore((s) => s.assets);
  const fetched = useAssets();
  const assets = stored.length ? stored : (fetched.data ?? none);
  return { assets, loading: assets.length === 0 && fetched.isPending };
}

import { create } from 'zustand';
import type { Asset } from '@bourse/contract';

/** Which instrument the asset info dialog shows; one dialog serves every list that opens it. */
export const useAssetInfo = create<{ asset: Asset | null; show: (asset: Asset) => void; close: () => void }>()((set) => ({
  asset: null,
  show: (asset) => set({ asset }),
  close: () => set({ asset: null }),
}));

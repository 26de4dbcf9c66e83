import { useEffect, useMemo, useState } from 'react';
import { useAssetStore } from '@/stores/asset-store';
import { useCatalogue } from './use-catalogue';

/** Most instruments listed at once in the picker; the search narrows the rest. */
const MAX_LISTED = 200;

/** The search field's example: symbols and names as the catalogue spells them, the same in every language. */
export const SEARCH_SAMPLE = 'EUR/USD, Bitcoin…';

/**
 * The instruments the backtest picker lists for its search: the first matches of the catalogue the
 * app already loaded, with the room's active instrument first when not searching. `selected` and
 * `select` read and set the form's value, which follows the list when the search hides it.
 */
export function useBacktestInstruments(selected: () => number | undefined, select: (id: number) => void, startId?: number) {
  const { assets, loading } = useCatalogue();
  const active = useAssetStore((s) => s.activeAsset);
  // Back from a run, the search starts on its instrument so the picker still lists it.
  const [search, setSearch] = useState(() => assets.find((a) => a.asset_id === startId)?.symbol_display ?? '');
  const listed = useMemo(() => {
    const q = search.trim().toLowerCase();
    const hits = q ? assets.filter((a) => a.symbol_display.toLowerCase().includes(q) || a.name.toLowerCase().includes(q)) : assets;
    const shown = hits.slice(0, MAX_LISTED);
    return active && !q && !shown.some((a) => a.asset_id === active.asset_id) ? [active, ...shown] : shown;
  }, [assets, active, search]);
  useEffect(() => {
    if (listed.length && !listed.some((a) => a.asset_id === selected())) select(listed[0]!.asset_id);
  }, [listed, selected, select]);
  return { search, setSearch, listed, loading };
}

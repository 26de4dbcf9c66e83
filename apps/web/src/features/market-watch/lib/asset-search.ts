import type { Asset, AssetType } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

const norm = (s: string) => s.trim().toLowerCase();

function matchesAny(fields: string[], query: string): boolean {
  const q = norm(query);
  return q === '' || fields.some((f) => f.toLowerCase().includes(q));
}

/** SPEC §2 market watch search: name, symbol and sy. */
export const matchesMarketWatch = (asset: Asset, query: string) => matchesAny([asset.name, asset.symbol, asset.sy], query);

/** SPEC §2 Add-pair search: name, symbol and symbol_display. */
export const matchesAddPair = (asset: Asset, query: string) => matchesAny([asset.name, asset.symbol, asset.symbol_display], query);

/** Market watch categories, in the order they are listed. */
export const categoryOrder: AssetType[] = ['forex', 'crypto', 'indices', 'stocks', 'commodities', 'metals'];

/** Category headings, shown with `t()`. */
export const categoryLabel: Record<AssetType, string> = {
  forex: msg('Forex'),
  crypto: msg('Crypto'),
  indices: msg('Indices & ETFs'),
  stocks: msg('Stocks'),
  commodities: msg('Commodities'),
  metals: msg('Metals'),
};

/** A line of the market watch list: a category header or an instrument. */
export type WatchRow =
  | { kind: 'category'; type: AssetType; count: number; expanded: boolean }
  | { kind: 'asset'; asset: Asset };

/**
 * The market watch as one flat list (what the virtualised list renders): each category with its
 * matching instruments, those of collapsed categories left out. While searching every category
 * with a match is open, so a match is never hidden.
 */
export function marketWatchRows(assets: readonly Asset[], query: string, collapsed: ReadonlySet<AssetType>): WatchRow[] {
  const byType = new Map<AssetType, Asset[]>();
  for (const a of assets) {
    if (!matchesMarketWatch(a, query)) continue;
    const list = byType.get(a.type);
    if (list) list.push(a);
    else byType.set(a.type, [a]);
  }
  const searching = norm(query) !== '';
  const rows: WatchRow[] = [];
  for (const type of categoryOrder) {
    const list = byType.get(type);
    if (!list) continue;
    const expanded = searching || !collapsed.has(type);
    rows.push({ kind: 'category', type, count: list.length, expanded });
    if (expanded) for (const asset of list) rows.push({ kind: 'asset', asset });
  }
  return rows;
}

/** SPEC §2 Add-pair dialog tabs. ETFs holds the `indices` type (SPEC §3 "indices/ETFs"). */
export const pairTabs = ['Watchlist', 'Forex', 'Stock', 'Crypto', 'Commodities', 'ETFs'] as const;
export type PairTab = (typeof pairTabs)[number];

/** The tabs' names, shown with `t()` (the tab itself stays its English id). */
export const pairTabLabels: Record<PairTab, string> = {
  Watchlist: msg('Watchlist'),
  Forex: msg('Forex'),
  Stock: msg('Stock'),
  Crypto: msg('Crypto'),
  Commodities: msg('Commodities'),
  ETFs: msg('ETFs'),
};

const tabTypes: Record<Exclude<PairTab, 'Watchlist'>, AssetType[]> = {
  Forex: ['forex'],
  Stock: ['stocks'],
  Crypto: ['crypto'],
  Commodities: ['commodities', 'metals'],
  ETFs: ['indices'],
};

/** The instruments of every tab that match the search; Watchlist holds starred symbol_display values. */
export function pairTabLists(assets: readonly Asset[], query: string, watchlist: readonly string[]): Record<PairTab, Asset[]> {
  const starred = new Set(watchlist);
  const lists = Object.fromEntries(pairTabs.map((t) => [t, [] as Asset[]])) as Record<PairTab, Asset[]>;
  const tabOfType = new Map<AssetType, PairTab>();
  for (const [tab, types] of Object.entries(tabTypes)) for (const t of types) tabOfType.set(t, tab as PairTab);
  for (const a of assets) {
    if (!matchesAddPair(a, query)) continue;
    if (starred.has(a.symbol_display)) lists.Watchlist.push(a);
    const tab = tabOfType.get(a.type);
    if (tab) lists[tab].push(a);
  }
  return lists;
}

const compact = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** How well an instrument answers a search: its symbol starting with it first, then its name, then the rest. */
function searchRank(asset: Asset, query: string): number {
  const q = compact(query);
  if (compact(asset.symbol_display).startsWith(q) || compact(asset.symbol).startsWith(q)) return 0;
  return compact(asset.name).startsWith(q) ? 1 : 2;
}

/**
 * The Add-pair list while searching: the matches of every category, best first, since a customer
 * searching for "ETH" means Ether wherever the dialog's tab happens to be. Empty without a search.
 */
export function pairSearchResults(assets: readonly Asset[], query: string): Asset[] {
  if (norm(query) === '') return [];
  const found = assets.filter((a) => matchesAddPair(a, query)).map((asset) => ({ asset, rank: searchRank(asset, query) }));
  return found.sort((a, b) => a.rank - b.rank).map((f) => f.asset);
}

import type { ExpertAdvisor } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

export const categories = [
  { value: 'all', label: msg('All') },
  { value: 'expert_advisor', label: msg('Expert Advisor') },
  { value: 'others', label: msg('Others') },
] as const;
export const secondaryFilters = [
  { value: 'popular', label: msg('Popular') },
  { value: 'free', label: msg('Free') },
  { value: 'purchased', label: msg('My Purchased') },
] as const;
export type Category = (typeof categories)[number]['value'];
export type SecondaryFilter = (typeof secondaryFilters)[number]['value'];
export type MarketplaceFilters = { search: string; category: Category; filter: SecondaryFilter };

const pick = <T extends string>(value: string | null, allowed: readonly { value: T }[], fallback: T): T =>
  allowed.some((a) => a.value === value) ? (value as T) : fallback;

/** The filters kept in the URL query (SPEC §2: `search`, `category`, `filter`, defaults omitted). */
export function filtersFromQuery(query: URLSearchParams): MarketplaceFilters {
  return {
    search: query.get('search') ?? '',
    category: pick(query.get('category'), categories, 'all'),
    filter: pick(query.get('filter'), secondaryFilters, 'popular'),
  };
}

export function queryFromFilters(f: MarketplaceFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (f.search) query.set('search', f.search);
  if (f.category !== 'all') query.set('category', f.category);
  if (f.filter !== 'popular') query.set('filter', f.filter);
  return query;
}

/** The price a card shows: amount_val, else amount, else 0 (SPEC §3). */
export const priceOf = (item: ExpertAdvisor): number => item.amount_val || Number(item.amount) || 0;

/** SPEC §2: search over title, description, author and features, case-insensitive; sorted by downloads. */
export function filterItems(items: ExpertAdvisor[], f: MarketplaceFilters, owned: ReadonlySet<number>): ExpertAdvisor[] {
  const needle = f.search.trim().toLowerCase();
  return items
    .filter((item) => f.category === 'all' || (f.category === 'others' ? item.type === 'other' : item.type === 'expert_advisor'))
    .filter((item) => f.filter !== 'free' || priceOf(item) === 0)
    .filter((item) => f.filter !== 'purchased' || owned.has(item.id))
    .filter((item) => !needle || [item.title, item.description, item.author, ...item.features].some((text) => text.toLowerCase().includes(needle)))
    .sort((a, b) => b.downloads - a.downloads);
}

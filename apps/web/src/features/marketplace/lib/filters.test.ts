import { describe, expect, it } from 'vitest';
import type { ExpertAdvisor } from '@bourse/contract';
import { filterItems, filtersFromQuery, queryFromFilters } from './filters';

const item = (id: number, over: Partial<ExpertAdvisor>): ExpertAdvisor => ({
  id, name: `Item ${id}`, title: `Item ${id}`, description: '', author: 'Desk', image: '/x.svg', type: 'expert_advisor', strategy: 'grid',
  default_params: {}, features: [], amount_val: 10, amount: '10.00', billing: 'one_time', rating: 4, downloads: id, status: 'available', plans: [], ...over,
});
const items = [
  item(1, { title: 'Grid Harvester', features: ['Up to 6 levels'] }),
  item(5, { type: 'other', title: 'CFD Course', amount_val: 0, amount: '0.00' }),
  item(3, { title: 'Trend Rider', author: 'Northgate' }),
];

describe('marketplace filters', () => {
  it('reads the URL query with defaults and writes only what differs from them', () => {
    expect(filtersFromQuery(new URLSearchParams('category=bogus'))).toEqual({ search: '', category: 'all', filter: 'popular' });
    expect(queryFromFilters({ search: '', category: 'all', filter: 'popular' }).toString()).toBe('');
    expect(queryFromFilters({ search: 'grid', category: 'others', filter: 'free' }).toString()).toBe('search=grid&category=others&filter=free');
  });

  it('searches title, author and features case-insensitively and sorts by downloads', () => {
    const all = { search: '', category: 'all', filter: 'popular' } as const;
    expect(filterItems(items, all, new Set()).map((i) => i.id)).toEqual([5, 3, 1]);
    expect(filterItems(items, { ...all, search: 'LEVELS' }, new Set()).map((i) => i.id)).toEqual([1]);
    expect(filterItems(items, { ...all, search: 'northgate' }, new Set()).map((i) => i.id)).toEqual([3]);
  });

  it('narrows by category, free and purchased', () => {
    const all = { search: '', category: 'all', filter: 'popular' } as const;
    expect(filterItems(items, { ...all, category: 'others' }, new Set()).map((i) => i.id)).toEqual([5]);
    expect(filterItems(items, { ...all, category: 'expert_advisor' }, new Set()).map((i) => i.id)).toEqual([3, 1]);
    expect(filterItems(items, { ...all, filter: 'free' }, new Set()).map((i) => i.id)).toEqual([5]);
    expect(filterItems(items, { ...all, filter: 'purchased' }, new Set([1])).map((i) => i.id)).toEqual([1]);
  });
});

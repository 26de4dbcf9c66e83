import { useEffect, useState } from 'react';
import { userStatuses } from '@bourse/contract';
import { useUrlFilters } from './use-url-filters';
import type { ClientFilters, ClientStatus } from '../api/clients';

export const SEARCH_DEBOUNCE_MS = 300;

const isStatus = (v: string | null): v is ClientStatus => (userStatuses as readonly string[]).includes(v ?? '');

/**
 * Client list filters kept in the URL (search, status, page) so a view can be shared and survives
 * a reload. The search box updates the URL once typing pauses.
 */
export function useClientFilters() {
  const { params, update } = useUrlFilters<ClientFilters>();
  const status = params.get('status');
  const filters: ClientFilters = {
    search: params.get('search') ?? '',
    status: isStatus(status) ? status : '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const [searchText, setSearchText] = useState(filters.search);

  useEffect(() => {
    if (searchText.trim() === filters.search) return;
    const timer = setTimeout(() => update({ search: searchText.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.search, update]);

  return { filters, searchText, setSearchText, update };
}

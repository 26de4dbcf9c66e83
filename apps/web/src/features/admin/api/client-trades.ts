import { useQuery } from '@tanstack/react-query';
import type { AdminTrade, AdminTradeList, Paged } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { clientKeys } from './clients';

export type ClientTradesQuery = { userId: number; accountId: number; list: AdminTradeList; page: number };

const tradesKey = ({ userId, accountId, list, page }: ClientTradesQuery) => [...clientKeys.all, 'trades', userId, accountId, list, page] as const;

export const getClientTrades = ({ userId, accountId, list, page }: ClientTradesQuery) =>
  http.get<Paged<AdminTrade>>(`/admin/clients/${userId}/trades?status=${list}&account_id=${accountId}&page=${page}`);

/** One page of one list of a client's account; open positions are revalued every 15 s while shown. */
export function useClientTrades(query: ClientTradesQuery) {
  return useQuery({
    queryKey: tradesKey(query),
    queryFn: () => getClientTrades(query),
    refetchInterval: query.list === 'open' ? 15_000 : false,
  });
}

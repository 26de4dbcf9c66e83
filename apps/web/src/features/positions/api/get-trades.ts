import { useInfiniteQuery } from '@tanstack/react-query';
import { tradingMessages, type Paged, type Trade } from '@bourse/contract';
import { RETRY_MS } from '@/config/constants';
import { msg } from '@/i18n/i18n';
import { http } from '@/lib/api-client';

/** The three trade lists of SPEC §7 (plus pending orders, shown as Active Orders). */
export type TradeList = 'open' | 'closed' | 'pending';

const paths: Record<TradeList, string> = { open: '/open/trades', closed: '/closed/trades', pending: '/pending/orders' };

/** SPEC §8 messages of a failed list fetch (the contract's stay in English; the pending one is shown with `t()`). */
export const tradeListErrors: Record<TradeList, string> = {
  open: tradingMessages.openTradesFailed,
  closed: tradingMessages.closedTradesFailed,
  pending: msg('Failed to fetch pending orders. Please try again.'),
};

export const tradeKeys = {
  all: ['trades'] as const,
  list: (list: TradeList, accountId: number | null) => [...tradeKeys.all, list, accountId] as const,
};

/** One page of a trade list of the selected trading account. */
export async function getTrades(list: TradeList, page: number, accountId: number | null): Promise<Paged<Trade>> {
  const account = accountId === null ? '' : `&account_id=${accountId}`;
  return http.get<Paged<Trade>>(`${paths[list]}?page=${page}${account}`);
}

/** A trade list, page by page (`links.next` says whether there is another); failures retry after 5 s (SPEC §4). */
export function useTradesQuery(list: TradeList, accountId: number | null) {
  return useInfiniteQuery({
    queryKey: tradeKeys.list(list, accountId),
    queryFn: ({ pageParam }) => getTrades(list, pageParam, accountId),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.links.next ? last.meta.current_page + 1 : undefined),
    retry: 1,
    retryDelay: RETRY_MS,
  });
}

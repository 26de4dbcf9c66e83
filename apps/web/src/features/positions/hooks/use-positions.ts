import { useCallback, useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import type { Trade } from '@bourse/contract';
import { useSelectedAccount } from '@/stores/session-store';
import { tradeListErrors, useTradesQuery, type TradeList } from '../api/get-trades';

export type Positions = {
  trades: Trade[];
  isLoading: boolean;
  hasMore: boolean;
  loadMore: () => void;
};

/**
 * The selected account's trades of one list, for the positions drawer and the Active Orders and
 * Trading History panels. A failure toasts the SPEC §8 message once per failure.
 */
export function usePositions(list: TradeList): Positions {
  const accountId = useSelectedAccount()?.id ?? null;
  const query = useTradesQuery(list, accountId);
  useEffect(() => {
    if (query.isError) toast.error(tradeListErrors[list], { id: `trades-${list}` });
  }, [query.isError, query.errorUpdatedAt, list]);
  const trades = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { trades, isLoading: query.isPending, hasMore: hasNextPage, loadMore };
}

import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Trade } from '@bourse/contract';
import { RETRY_MS } from '@/config/constants';
import { i18next } from '@/i18n/i18n';
import { useSelectedAccount } from '@/stores/session-store';
import { tradeListErrors, useTradesQuery, type TradeList } from './api/get-trades';

/** The message of a failed list in the language shown: the contract's SPEC messages stay as they are. */
const errorOf = (list: TradeList, t: (message: string) => string) => (list === 'pending' ? t(tradeListErrors.pending) : tradeListErrors[list]);

export type Positions = {
  trades: Trade[];
  isLoading: boolean;
  hasMore: boolean;
  loadMore: () => void;
  /** SPEC §8 message while the list could not be fetched. */
  error: string | null;
};

/**
 * The selected account's trades of one list, for the positions drawer and the Active Orders and
 * Trading History panels. A failure toasts the SPEC §8 message once per failure and is retried
 * 5 s later (SPEC §4), again and again until the list loads.
 */
export function usePositions(list: TradeList): Positions {
  const { t } = useTranslation();
  const accountId = useSelectedAccount()?.id ?? null;
  const query = useTradesQuery(list, accountId);
  const { isError, errorUpdatedAt, refetch } = query;
  useEffect(() => {
    if (!isError || !errorUpdatedAt) return;
    toast.error(errorOf(list, (message) => i18next.t(message)), { id: `trades-${list}` });
    const retry = setTimeout(() => void refetch(), RETRY_MS);
    return () => clearTimeout(retry);
  }, [isError, errorUpdatedAt, list, refetch]);
  const trades = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { trades, isLoading: query.isPending && !isError, hasMore: hasNextPage, loadMore, error: isError ? errorOf(list, t) : null };
}

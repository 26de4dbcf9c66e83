import { useMemo } from 'react';
import { useSelectedAccount } from '@/stores/session-store';
import { useTradesQuery } from '../api/get-trades';
import { useLivePnlFeed } from './use-live-pnl-feed';

/**
 * Feeds the live account summary from the open positions, whether or not the drawer shows them
 * (it shares the drawer's query, so nothing is fetched twice).
 */
export function useOpenPnl() {
  const account = useSelectedAccount();
  const query = useTradesQuery('open', account?.id ?? null);
  const trades = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  useLivePnlFeed(trades, !query.hasNextPage, account?.currency ?? 'USD', query.isSuccess);
}

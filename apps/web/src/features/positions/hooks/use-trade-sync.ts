import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TRADE_POLL_MS } from '@/config/constants';
import { tradesQueryRoot, useConnectionStatus, useTradeEvents } from '@/lib/realtime-hooks';

/**
 * SPEC §7/§9: every `trade.updated` refreshes the trade lists and the account summary; while the
 * realtime connection is down they are polled every 30 s instead.
 */
export function useTradeSync() {
  const queryClient = useQueryClient();
  const connected = useConnectionStatus() === 'connected';
  useTradeEvents(() => void queryClient.invalidateQueries({ queryKey: tradesQueryRoot }));
  useEffect(() => {
    if (connected) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: tradesQueryRoot }), TRADE_POLL_MS);
    return () => clearInterval(timer);
  }, [connected, queryClient]);
}

import { useOpenPnl } from '../hooks/use-open-pnl';
import { useTradeSync } from '../hooks/use-trade-sync';

/**
 * Keeps the room's trades fresh (events, or polling without a connection) and its live P&L fed.
 * A component of its own, so the query updates it follows re-render nothing else.
 */
export function TradeFeeds() {
  useTradeSync();
  useOpenPnl();
  return null;
}

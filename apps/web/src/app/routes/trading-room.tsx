import { AlertDialogs } from '@/features/alerts/components/alert-dialogs';
import { AlertsButton } from '@/features/alerts/components/alerts-button';
import { createAlertOn } from '@/features/alerts/stores/alert-editor-store';
import { AddPairDialog } from '@/features/market-watch/components/add-pair-dialog';
import { AssetInfoDialog } from '@/features/market-watch/components/asset-info-dialog';
import { FeedStatus } from '@/features/market-watch/components/feed-status';
import { MarketDepth } from '@/features/market-watch/components/market-depth';
import { MarketWatch } from '@/features/market-watch/components/market-watch';
import { PairTabs } from '@/features/market-watch/components/pair-tabs';
import { useMarketData } from '@/features/market-watch/hooks/use-market-data';
import { OrderBar } from '@/features/order-entry/components/order-bar';
import { ActivityLog } from '@/features/positions/components/activity-log';
import { TradeFeeds } from '@/features/positions/components/trade-feeds';
import { ActiveOrdersPanel, ActivePositions, PositionsHistory, TradingHistoryPanel } from '@/features/positions/components/trades-table';
import { TradingRoomPage } from '@/features/trading-room/trading-room-page';

/** /mt4: the trading room with the market, positions and order entry features in its slots. */
export function TradingRoomRoute() {
  useMarketData();
  return (
    <TradingRoomPage
      pairTabs={<PairTabs />}
      addPair={<AddPairDialog />}
      priceButtons={<OrderBar className="flex-1" />}
      feedStatus={<FeedStatus className="hidden md:flex" />}
      alerts={<AlertsButton />}
      panels={{
        'market-watch': <MarketWatch heading={false} className="flex-1" onAlert={createAlertOn} />,
        'active-orders': <ActiveOrdersPanel />,
        'trading-history': <TradingHistoryPanel />,
      }}
      sidebarMarketWatch={<MarketWatch className="flex-1" onAlert={createAlertOn} />}
      marketDepth={<MarketDepth />}
      activePositions={<ActivePositions />}
      positionsHistory={<PositionsHistory />}
      activityLog={<ActivityLog />}
      dialogs={
        <>
          <AssetInfoDialog onAlert={createAlertOn} />
          <TradeFeeds />
          <AlertDialogs />
        </>
      }
    />
  );
}

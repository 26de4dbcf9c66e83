import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { AlertDialogs } from '@/features/alerts/components/alert-dialogs';
import { AlertsButton } from '@/features/alerts/components/alerts-button';
import { createAlertOn } from '@/features/alerts/stores/alert-editor-store';
import { AddPairDialog } from '@/features/market-watch/components/add-pair-dialog';
import { FeedStatus } from '@/features/market-watch/components/feed-status';
import { MarketDepth } from '@/features/market-watch/components/market-depth';
import { MarketWatch } from '@/features/market-watch/components/market-watch';
import { PairTabs } from '@/features/market-watch/components/pair-tabs';
import { useMarketData } from '@/features/market-watch/hooks/use-market-data';
import { OrderBar } from '@/features/order-entry/components/order-bar';
import { TradeFeeds } from '@/features/positions/components/trade-feeds';
import { ActiveOrdersPanel, ActivePositions, PositionsHistory, TradingHistoryPanel } from '@/features/positions/components/trades-table';
import { useAssetInfo } from '@/features/market-watch/stores/asset-info-store';
import { TradingRoomPage } from '@/features/trading-room/trading-room-page';

// Loaded when first opened: what the room does not show on its first screen stays out of its first download.
const AssetInfoDialog = lazy(() => import('@/features/market-watch/components/asset-info-dialog').then((m) => ({ default: m.AssetInfoDialog })));

const ActivityLog = lazy(() => import('@/features/positions/components/activity-log').then((m) => ({ default: m.ActivityLog })));

function AssetInfo() {
  const open = useAssetInfo((s) => s.asset !== null);
  return open ? (
    <Suspense fallback={null}>
      <AssetInfoDialog onAlert={createAlertOn} />
    </Suspense>
  ) : null;
}

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
      activityLog={
        <Suspense fallback={<Spinner className="m-4 size-4 text-muted" />}>
          <ActivityLog />
        </Suspense>
      }
      dialogs={
        <>
          <AssetInfo />
          <TradeFeeds />
          <AlertDialogs />
        </>
      }
    />
  );
}

import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Bot, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { BrandLogo } from '@/components/layout/brand-logo';
import { Spinner } from '@/components/ui/spinner';
import { AccountFooter } from './components/account-footer';
import { AutotraderDialog } from '@/features/autotrader/components/autotrader-dialog';
import { ActiveEaPanel } from '@/features/expert-advisors/components/active-ea-panel';
import { AlgoTrader } from './components/algo-trader';
import { CurrencySwitcher } from './components/currency-switcher';
import { LeftRail } from './components/left-rail';
import { PositionsDrawer } from './components/positions-drawer';
import { SidePanel } from './components/side-panel';
import { CalendarPanel, NewsPanel } from './components/tradingview-widget';
import { useIsDesktop } from './hooks/use-media-query';
import { panelTitle, type PanelId } from './lib/room-panels';

/** What other features put into the room (the app combines them). */
export type TradingRoomSlots = {
  pairTabs: ReactNode;
  addPair: ReactNode;
  priceButtons: ReactNode;
  feedStatus?: ReactNode;
  /** Rail panels owned by other features; Calendar and Market News are the room's own. */
  panels: Partial<Record<PanelId, ReactNode>>;
  /** Top half of the right sidebar. */
  sidebarMarketWatch: ReactNode;
  activePositions: ReactNode;
  positionsHistory: ReactNode;
  /** Dialogs opened from anywhere in the room. */
  dialogs?: ReactNode;
};

// The charting library is the heaviest part of the room: the rest of the room shows while it loads.
const PriceChart = lazy(() => import('./components/price-chart').then((m) => ({ default: m.PriceChart })));

function ChartLoading() {
  return (
    <div className="flex min-h-0 flex-1 items-center justify-center gap-2 text-sm text-muted">
      <Spinner className="size-4" /> Loading chart...
    </div>
  );
}

const ownPanels: Partial<Record<PanelId, ReactNode>> = { calendar: <CalendarPanel />, news: <NewsPanel /> };

function UnderDevelopment() {
  return <p className="p-6 text-center text-sm text-muted">This panel is under development</p>;
}

/** The open rail panel lives in the URL (?panel=), so it survives a reload and can be linked to. */
function usePanel() {
  const [params, setParams] = useSearchParams();
  const panel = params.get('panel');
  const setPanel = useCallback(
    (id: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set('panel', id);
          else next.delete('panel');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [panel, setPanel] as const;
}

/** SPEC §2 trading room (/mt4): top bar, left rail and panels, chart, right sidebar, positions drawer, footer. */
export function TradingRoomPage(slots: TradingRoomSlots) {
  const isDesktop = useIsDesktop();
  const [panel, setPanel] = usePanel();
  const [sidebarChoice, setSidebarChoice] = useState<boolean | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(true);
  const [autotraderOpen, setAutotraderOpen] = useState(false);
  const sidebarOpen = sidebarChoice ?? isDesktop;
  const closePanel = useCallback(() => setPanel(null), [setPanel]);
  const closeSidebar = useCallback(() => setSidebarChoice(false), []);
  const panelContent = panel ? ({ ...ownPanels, ...slots.panels } as Record<string, ReactNode>)[panel] : null;

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-bg text-fg">
      <header className="flex shrink-0 flex-col gap-2 border-b border-line bg-panel px-2 py-2 md:flex-row md:items-center md:gap-3 md:px-3">
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <div className="w-8 shrink-0 overflow-hidden md:w-auto">
            <BrandLogo small />
          </div>
          {slots.pairTabs}
          {slots.addPair}
        </div>
        {/* Under 768 px the order entry takes a full row of its own below the currency and sidebar controls. */}
        <div className="flex flex-wrap items-center gap-2 md:flex-nowrap">
          {slots.feedStatus}
          <CurrencySwitcher />
          <div className="order-last flex min-w-0 basis-full md:order-none md:basis-auto md:flex-1">{slots.priceButtons}</div>
          <button
            type="button"
            onClick={() => setAutotraderOpen(true)}
            aria-label="Auto Trader"
            title="Auto Trader"
            className="ml-auto flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-panel-2 hover:text-fg md:ml-0"
          >
            <Bot className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => setSidebarChoice(!sidebarOpen)}
            aria-label={sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
            aria-expanded={sidebarOpen}
            className="flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-panel-2 hover:text-fg"
          >
            {sidebarOpen ? <PanelRightClose className="size-4" aria-hidden /> : <PanelRightOpen className="size-4" aria-hidden />}
          </button>
        </div>
      </header>

      <div className="flex min-h-0 flex-1">
        <LeftRail openPanel={panel} onToggle={setPanel} />
        {panel && (
          <SidePanel title={panelTitle(panel)} side="left" overlay={!isDesktop} onClose={closePanel} className="md:w-80 md:shrink-0">
            {panelContent ?? <UnderDevelopment />}
          </SidePanel>
        )}
        <main className="flex min-w-0 flex-1 flex-col">
          <Suspense fallback={<ChartLoading />}>
            <PriceChart className="min-h-0 flex-1" />
          </Suspense>
          <PositionsDrawer open={drawerOpen} onOpenChange={setDrawerOpen} active={slots.activePositions} history={slots.positionsHistory} />
        </main>
        {sidebarOpen && (
          <SidePanel title="Sidebar" side="right" overlay={!isDesktop} onClose={isDesktop ? undefined : closeSidebar} className="md:w-72 md:shrink-0">
            <div className="flex min-h-0 flex-1 basis-0 flex-col border-b border-line">{slots.sidebarMarketWatch}</div>
            <AlgoTrader className="min-h-0 flex-1 basis-0" />
          </SidePanel>
        )}
      </div>

      <AccountFooter />
      <ActiveEaPanel />
      <AutotraderDialog open={autotraderOpen} onOpenChange={setAutotraderOpen} />
      {slots.dialogs}
    </div>
  );
}

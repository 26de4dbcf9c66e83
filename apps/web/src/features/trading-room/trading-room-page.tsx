import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Bot, Crown, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/layout/brand-logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { RiskWarningLine } from '@/components/risk-warning';
import { Spinner } from '@/components/ui/spinner';
import { AccountFooter } from './components/account-footer';
import { ActiveEaPanel } from '@/features/expert-advisors/active-ea-panel';
import { NotificationBanner } from '@/features/notifications/notification-banner';
import { cn } from '@/lib/cn';
import { useSession } from '@/stores/session-store';
import { AlgoTrader } from './components/algo-trader';
import { CurrencySwitcher } from './components/currency-switcher';
import { LeftRail } from './components/left-rail';
import { PositionsDrawer } from './components/positions-drawer';
import { RoomAccountSwitcher } from './components/room-account';
import { ResizeHandle } from './components/resize-handle';
import { SidePanel } from './components/side-panel';
import { CalendarPanel, NewsPanel } from './components/tradingview-widget';
import { useChartLayoutQuery } from './api/chart-layout';
import { useIsDesktop } from './hooks/use-media-query';
import { useRoomLayout } from './hooks/use-room-layout';
import { ShortcutSheet } from './shortcuts/shortcut-sheet';
import { useShortcuts } from './shortcuts/use-shortcuts';
import type { LayoutSize } from './lib/room-layout';
import { panelTitle, type PanelId } from './lib/room-panels';

/** What other features put into the room (the app combines them). */
export type TradingRoomSlots = {
  pairTabs: ReactNode;
  addPair: ReactNode;
  priceButtons: ReactNode;
  feedStatus?: ReactNode;
  /** The price alerts button of the top bar. */
  alerts?: ReactNode;
  /** Rail panels owned by other features; Calendar and Market News are the room's own. */
  panels: Partial<Record<PanelId, ReactNode>>;
  /** Top half of the right sidebar. */
  sidebarMarketWatch: ReactNode;
  /** The active instrument's book, where its source sends one (renders nothing otherwise). */
  marketDepth: ReactNode;
  activePositions: ReactNode;
  positionsHistory: ReactNode;
  activityLog: ReactNode;
  /** Dialogs opened from anywhere in the room. */
  dialogs?: ReactNode;
};

// The charting library is the heaviest part of the room: the rest of the room shows while it loads.
const ChartArea = lazy(() => import('./components/chart-area').then((m) => ({ default: m.ChartArea })));
// Dialogs closed when the room opens, and the first visit's tour: loaded when they open.
const AutotraderDialog = lazy(() => import('@/features/autotrader/autotrader-dialog').then((m) => ({ default: m.AutotraderDialog })));
const AccountPlansDialog = lazy(() => import('@/features/plans/account-plans-dialog').then((m) => ({ default: m.AccountPlansDialog })));
const OnboardingTour = lazy(() => import('@/features/onboarding/onboarding-tour').then((m) => ({ default: m.OnboardingTour })));
// Shown only on the widest screens (Settings and "?" reach the language otherwise): loaded apart.
const LanguageMenu = lazy(() => import('@/components/language-menu').then((m) => ({ default: m.LanguageMenu })));

function ChartLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 items-center justify-center gap-2 text-sm text-muted">
      <Spinner className="size-4" /> {t('Loading chart...')}
    </div>
  );
}

const ownPanels: Partial<Record<PanelId, ReactNode>> = { calendar: <CalendarPanel />, news: <NewsPanel /> };

function UnderDevelopment() {
  const { t } = useTranslation();
  return <p className="p-6 text-center text-sm text-muted">{t('This panel is under development')}</p>;
}

/**
 * The open rail panel lives in the URL (?panel=), so it can be linked to, and in the user's layout,
 * so a wide screen opens the room with the panel they left open. On a phone a panel covers the
 * chart: there only the URL brings one back.
 */
function usePanel(isDesktop: boolean) {
  const [params, setParams] = useSearchParams();
  const [layout, update] = useRoomLayout();
  const panel = params.get('panel') ?? (isDesktop ? layout.panel : null);
  const setPanel = useCallback(
    (id: string | null) => {
      update({ panel: id });
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set('panel', id);
          else next.delete('panel');
          return next;
        },
        { replace: true },
      );
    },
    [setParams, update],
  );
  return [panel, setPanel] as const;
}

/** The room's panel sizes as kept, or as the splitter being dragged shows them. */
function usePanelSizes() {
  const [layout, update] = useRoomLayout();
  const [dragged, setDragged] = useState<Partial<Record<LayoutSize, number>>>({});
  const handle = (size: LayoutSize) => ({
    size,
    value: dragged[size] ?? layout[size],
    onResize: (px: number) => setDragged((d) => ({ ...d, [size]: px })),
    onCommit: (px: number) => {
      update({ [size]: px });
      setDragged((d) => ({ ...d, [size]: undefined }));
    },
  });
  return handle;
}

/** An icon button of the top bar that opens a dialog. */
function TopBarButton({ label, onClick, className, children }: { label: string; onClick: () => void; className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={cn('flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-panel-2 hover:text-fg', className)}
    >
      {children}
    </button>
  );
}

/** SPEC §2 trading room (/mt4): top bar, left rail and panels, chart, right sidebar, positions drawer, footer. */
export function TradingRoomPage(slots: TradingRoomSlots) {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();
  useShortcuts();
  // The charts' layout is asked for while their code loads, not after.
  useChartLayoutQuery(useSession((s) => s.user?.id ?? null));
  const [layout, update] = useRoomLayout();
  const [panel, setPanel] = usePanel(isDesktop);
  const sizes = usePanelSizes();
  // The sidebar's state is kept for wide screens; on a phone it is an overlay opened for a moment.
  const [phoneSidebar, setPhoneSidebar] = useState(false);
  const [autotraderOpen, setAutotraderOpen] = useState(false);
  const [plansOpen, setPlansOpen] = useState(false);
  const sidebarOpen = isDesktop ? (layout.sidebarOpen ?? true) : phoneSidebar;
  const setSidebarOpen = useCallback((open: boolean) => (isDesktop ? update({ sidebarOpen: open }) : setPhoneSidebar(open)), [isDesktop, update]);
  const setDrawerOpen = useCallback((open: boolean) => update({ drawerOpen: open }), [update]);
  const closePanel = useCallback(() => setPanel(null), [setPanel]);
  const closeSidebar = useCallback(() => setSidebarOpen(false), [setSidebarOpen]);
  const panelSize = sizes('panelWidth');
  const sidebarSize = sizes('sidebarWidth');
  const drawerSize = sizes('drawerHeight');
  const panelContent = panel ? ({ ...ownPanels, ...slots.panels } as Record<string, ReactNode>)[panel] : null;

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-bg text-fg">
      {/* The open pairs keep room for three whole tabs; where the controls do not fit beside them, they take a row of their own. */}
      <header className="flex shrink-0 flex-col gap-2 border-b border-line bg-panel px-2 py-2 md:flex-row md:flex-wrap md:items-center md:gap-3 md:px-3">
        <div className="flex min-w-0 flex-1 items-center gap-2 md:min-w-[min(100%,30rem)]" data-tour="pairs">
          <div className="w-8 shrink-0 overflow-hidden md:w-auto">
            <BrandLogo small />
          </div>
          {slots.pairTabs}
          {slots.addPair}
          {/* On a phone the controls' row is full: the account goes beside the pairs, which scroll. */}
          {!isDesktop && <RoomAccountSwitcher className="ms-auto" />}
        </div>
        {/* Under 768 px the order entry takes a full row of its own below the currency and sidebar controls. */}
        <div className="flex flex-wrap items-center gap-2 md:ms-auto md:flex-nowrap">
          {isDesktop && <RoomAccountSwitcher />}
          {slots.feedStatus}
          <CurrencySwitcher />
          <div className="order-last flex min-w-0 basis-full md:order-none md:basis-auto md:flex-1" data-tour="order">
            {slots.priceButtons}
          </div>
          <TopBarButton label={t('Auto Trader')} onClick={() => setAutotraderOpen(true)} className="ms-auto md:ms-0">
            <Bot className="size-4" aria-hidden />
          </TopBarButton>
          {slots.alerts}
          <TopBarButton label={t('Account Plans')} onClick={() => setPlansOpen(true)}>
            <Crown className="size-4" aria-hidden />
          </TopBarButton>
          <ThemeToggle className="size-8" />
          <ShortcutSheet />
          {/* Only where the top bar has room to spare: the pair tabs come first; "?" and Settings reach these too. */}
          <Suspense fallback={null}>
            <LanguageMenu className="hidden h-8 2xl:inline-flex" />
          </Suspense>
          <button
            type="button"
            onClick={() => setSidebarOpen(!sidebarOpen)}
            aria-label={sidebarOpen ? t('Hide sidebar') : t('Show sidebar')}
            aria-expanded={sidebarOpen}
            data-shortcut="sidebar"
            aria-keyshortcuts="W"
            className="flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-panel-2 hover:text-fg"
          >
            {sidebarOpen ? <PanelRightClose className="size-4 rtl:-scale-x-100" aria-hidden /> : <PanelRightOpen className="size-4 rtl:-scale-x-100" aria-hidden />}
          </button>
        </div>
      </header>
      {/* Under the top bar, never over it: nothing may hide the order buttons. */}
      <NotificationBanner slot="room" />

      <div className="flex min-h-0 flex-1">
        <LeftRail openPanel={panel} onToggle={setPanel} />
        {panel && (
          <SidePanel
            title={t(panelTitle(panel))}
            side="left"
            overlay={!isDesktop}
            onClose={closePanel}
            className="md:shrink-0"
            width={isDesktop ? panelSize.value : undefined}
          >
            {panelContent ?? <UnderDevelopment />}
          </SidePanel>
        )}
        {panel && isDesktop && <ResizeHandle label={t('Resize {{panel}}', { panel: t(panelTitle(panel)) })} between="columns" grows={1} {...panelSize} />}
        <main className="flex min-w-0 flex-1 flex-col" data-tour="chart">
          <Suspense fallback={<ChartLoading />}>
            <ChartArea className="min-h-0 flex-1" />
          </Suspense>
          {layout.drawerOpen && <ResizeHandle label={t('Resize positions')} between="rows" grows={-1} {...drawerSize} />}
          <PositionsDrawer
            open={layout.drawerOpen}
            onOpenChange={setDrawerOpen}
            height={drawerSize.value}
            active={slots.activePositions}
            history={slots.positionsHistory}
            activity={slots.activityLog}
          />
        </main>
        {sidebarOpen && isDesktop && <ResizeHandle label={t('Resize sidebar')} between="columns" grows={-1} {...sidebarSize} />}
        {sidebarOpen && (
          <SidePanel
            title={t('Sidebar')}
            side="right"
            overlay={!isDesktop}
            onClose={isDesktop ? undefined : closeSidebar}
            className="md:shrink-0"
            width={isDesktop ? sidebarSize.value : undefined}
          >
            {/* The Market Watch panel already shows it: then the Algo Trader has the whole sidebar. */}
            {panel !== 'market-watch' && (
              <div className="flex min-h-0 flex-1 basis-0 flex-col border-b border-line" data-tour="market-watch">
                {slots.sidebarMarketWatch}
              </div>
            )}
            {slots.marketDepth}
            <AlgoTrader className="min-h-0 flex-1 basis-0" />
          </SidePanel>
        )}
      </div>

      <AccountFooter />
      <RiskWarningLine className="shrink-0 border-t border-line bg-panel px-3 py-1" />
      <ActiveEaPanel />
      <Suspense fallback={null}>
        {autotraderOpen && <AutotraderDialog open onOpenChange={setAutotraderOpen} />}
        {plansOpen && <AccountPlansDialog open onOpenChange={setPlansOpen} />}
      </Suspense>
      {slots.dialogs}
      <Suspense fallback={null}>
        <OnboardingTour />
      </Suspense>
    </div>
  );
}

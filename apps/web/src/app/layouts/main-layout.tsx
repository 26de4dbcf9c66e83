import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import { ArrowDownToLine, Bot, LogOut, Menu, X } from 'lucide-react';
import { BrandLogo } from '@/components/layout/brand-logo';
import { HEADER_PLAN_LABEL } from '@/config/constants';
import { AutotraderDialog } from '@/features/autotrader/autotrader-dialog';
import { UnreadAlert } from '@/features/chat/components/unread-alert';
import { NotificationBanner } from '@/features/notifications/notification-banner';
import { cn } from '@/lib/cn';
import { useSession } from '@/stores/session-store';
import { useLogout } from '../use-logout';
import { AccountMenu } from './account-menu';
import { navItems } from './nav-items';
import { SideNav } from '@/components/layout/side-nav';
import { RiskWarningLine } from '@/components/risk-warning';
import { LanguageMenu } from '@/components/language-menu';
import { ThemeToggle } from '@/components/theme-toggle';
import { UserMenu } from './user-menu';
import { useTranslation } from 'react-i18next';

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const items = navItems.map((item) => ({ ...item, label: t(item.label) }));
  return <SideNav items={items} label={t('Main')} onNavigate={onNavigate} />;
}

/** Client area layout: sidebar and header on desktop, a menu drawer under 768 px. */
export function MainLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [autotraderOpen, setAutotraderOpen] = useState(false);
  const user = useSession((s) => s.user);
  const logout = useLogout();
  const { t } = useTranslation();
  // Screens that fill the window (the chat) get a column of exactly the window's height.
  const fillsWindow = useLocation().pathname.startsWith('/main/chat');
  return (
    <div className="flex min-h-full">
      <aside className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col gap-6 border-e border-line bg-panel p-4 md:flex">
        {/* Named by the logo's words, then where it goes (WCAG 2.5.3, label in name). */}
        <Link to="/main/dashboard">
          <BrandLogo />
          <span className="sr-only">{t('Dashboard')}</span>
        </Link>
        <NavList />
      </aside>
      <div className={cn('flex min-w-0 flex-1 flex-col', fillsWindow && 'h-dvh')}>
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-line bg-bg/95 px-4 backdrop-blur md:px-6">
          <button type="button" className="rounded-md p-2 text-muted hover:bg-panel-2 md:hidden" aria-label={t('Open menu')} onClick={() => setDrawerOpen(true)}>
            <Menu className="size-5" />
          </button>
          <Link to="/main/dashboard" className="md:hidden">
            <BrandLogo small />
            <span className="sr-only">{t('Dashboard')}</span>
          </Link>
          <div className="ms-auto flex items-center gap-2 md:gap-3">
            <button
              type="button"
              onClick={() => setAutotraderOpen(true)}
              className="hidden items-center gap-2 rounded-md px-3 py-2 text-sm text-muted hover:bg-panel-2 hover:text-fg md:inline-flex"
            >
              <Bot className="size-4" aria-hidden /> {t('Auto Trader')}
            </button>
            <Link to="/main/deposit" className="hidden items-center gap-2 rounded-md bg-up-solid px-3 py-2 text-sm font-medium text-white hover:bg-green-800 md:inline-flex">
              <ArrowDownToLine className="size-4" aria-hidden /> {t('Deposit')}
            </Link>
            <AccountMenu className="hidden sm:flex" planFallback={HEADER_PLAN_LABEL} />
            <LanguageMenu className="hidden sm:inline-flex" />
            <ThemeToggle />
            <UserMenu />
          </div>
        </header>
        <UnreadAlert />
        <NotificationBanner slot="layout" />
        <main className={cn('min-w-0 flex-1 p-4 md:p-6', fillsWindow && 'min-h-0')}>
          <Outlet />
        </main>
        <footer className="border-t border-line px-4 py-2.5 md:px-6">
          <RiskWarningLine />
        </footer>
      </div>
      <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/60 md:hidden" />
          <RadixDialog.Content className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col gap-5 overflow-y-auto border-e border-line bg-panel p-4 md:hidden" aria-describedby={undefined}>
            <div className="flex items-center justify-between">
              <RadixDialog.Title asChild>
                <span>
                  <BrandLogo small />
                </span>
              </RadixDialog.Title>
              <RadixDialog.Close className="rounded p-2 text-muted hover:bg-panel-2" aria-label={t('Close menu')}>
                <X className="size-5" />
              </RadixDialog.Close>
            </div>
            {user && <AccountMenu className="w-full" />}
            <Link to="/main/deposit" onClick={() => setDrawerOpen(false)} className="flex items-center justify-center gap-2 rounded-md bg-up-solid px-3 py-2 text-sm font-medium text-white">
              <ArrowDownToLine className="size-4" aria-hidden /> {t('Deposit')}
            </Link>
            <button
              type="button"
              onClick={() => {
                setDrawerOpen(false);
                setAutotraderOpen(true);
              }}
              className="flex items-center justify-center gap-2 rounded-md border border-line px-3 py-2 text-sm"
            >
              <Bot className="size-4" aria-hidden /> {t('Auto Trader')}
            </button>
            <NavList onNavigate={() => setDrawerOpen(false)} />
            <button type="button" onClick={() => void logout()} className="mt-auto flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-muted hover:bg-panel-2 hover:text-fg">
              <LogOut className="size-4" aria-hidden /> {t('Logout')}
            </button>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
      <AutotraderDialog open={autotraderOpen} onOpenChange={setAutotraderOpen} />
    </div>
  );
}

import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import { Activity, Banknote, BriefcaseBusiness, Inbox, LogOut, Menu, MessageCircle, Receipt, ScrollText, Settings2, ShieldAlert, ShieldCheck, Store, Users, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/layout/brand-logo';
import { Alert } from '@/components/ui/alert';
import { useCanDecide } from '@/hooks/use-can-decide';
import { useLogout } from '@/hooks/use-logout';
import { msg } from '@/i18n/i18n';
import { initials } from '@/lib/format';
import { SideNav } from '@/components/layout/side-nav';
import { LanguageMenu } from '@/components/language-menu';
import { ThemeToggle } from '@/components/theme-toggle';
import { useSession } from '@/stores/session-store';
import { useSiteSettings } from '@/stores/settings-store';
import { useMoneyCounts } from './api/money-admin';

const adminNav = [
  { label: msg('Clients'), to: '/admin/clients', Icon: Users },
  { label: msg('Site settings'), to: '/admin/settings', Icon: Settings2 },
  { label: msg('Support chat'), to: '/admin/chat', Icon: MessageCircle },
  { label: msg('Catalogue'), to: '/admin/catalogue', Icon: Store },
  { label: msg('Marketplace sales'), to: '/admin/sales', Icon: Receipt },
  { label: msg('Requests'), to: '/admin/requests', Icon: Inbox },
  { label: msg('Payments'), to: '/admin/money', Icon: Banknote },
  { label: msg('Verification'), to: '/admin/verification', Icon: ShieldCheck },
  { label: msg('AML screening'), to: '/admin/aml', Icon: ShieldAlert },
  { label: msg('Price sources'), to: '/admin/price-feeds', Icon: Activity },
  { label: msg('Dealing'), to: '/admin/dealing', Icon: BriefcaseBusiness },
  { label: msg('Audit log'), to: '/admin/audit', Icon: ScrollText },
] as const;

function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  // A dealer sees the Dealing page only (and may not read the payments queue).
  const dealer = useSession((s) => s.user?.role === 'dealer');
  // AML is the administrators' alone: support is refused every route of it.
  const admin = useSession((s) => s.user?.role === 'admin');
  const counts = useMoneyCounts(!dealer);
  const waiting = counts.data ? counts.data.deposit + counts.data.withdrawal : 0;
  const items = adminNav
    .filter((item) => !dealer || item.to === '/admin/dealing')
    .filter((item) => admin || item.to !== '/admin/aml')
    .map((item) => ({ ...item, label: t(item.label), badge: item.to === '/admin/money' ? waiting : undefined }));
  return <SideNav items={items} label={t('Back office')} onNavigate={onNavigate} />;
}

function AdminIdentity() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const logout = useLogout();
  return (
    <div className="mt-auto flex flex-col gap-2 border-t border-line pt-4">
      {user && (
        <div className="flex items-center gap-3 px-1">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-solid text-sm font-semibold text-white">{initials(user.name)}</span>
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium">{user.name}</span>
            <span className="block truncate text-xs text-muted">{user.email}</span>
          </span>
        </div>
      )}
      <div className="flex items-center gap-1">
        <button type="button" onClick={() => void logout()} className="flex flex-1 items-center gap-3 rounded-lg px-3 py-2 text-sm text-muted hover:bg-panel-2 hover:text-fg">
          <LogOut className="size-4" aria-hidden /> {t('Logout')}
        </button>
        <ThemeToggle />
        <LanguageMenu />
      </div>
    </div>
  );
}

function Wordmark({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link to="/admin/clients" className="flex flex-col gap-1" onClick={onNavigate}>
      <BrandLogo />
      <span className="ps-10 text-[11px] font-semibold uppercase tracking-widest text-muted">{t('Back office')}</span>
      <span className="sr-only">{t('Back office home')}</span>
    </Link>
  );
}

/** Back-office layout: sidebar on wide screens, a header and menu drawer under 768 px. */
export function AdminLayout() {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const siteDisabled = useSiteSettings((s) => s.settings?.status === 'disabled');
  const canDecide = useCanDecide();
  return (
    <div className="flex min-h-full">
      <aside className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col gap-6 border-e border-line bg-panel p-4 md:flex">
        <Wordmark />
        <AdminNav />
        <AdminIdentity />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-line bg-bg/95 px-4 backdrop-blur md:hidden">
          <button type="button" className="rounded-md p-2 text-muted hover:bg-panel-2" aria-label={t('Open menu')} onClick={() => setDrawerOpen(true)}>
            <Menu className="size-5" />
          </button>
          <span className="min-w-0 overflow-hidden whitespace-nowrap">
            <BrandLogo small />
          </span>
          <span className="ms-auto shrink-0 whitespace-nowrap text-[11px] font-semibold uppercase tracking-widest text-muted">{t('Back office')}</span>
        </header>
        <main className="min-w-0 flex-1 p-4 md:p-6">
          {siteDisabled && (
            <Alert variant="warning" title={t('The site is disabled')} className="mb-5">
              {t('Customers and visitors see the maintenance message.')}{' '}
              {canDecide ? t('Switch the site back on in Site settings.') : t('An admin switches it back on in Site settings.')}
            </Alert>
          )}
          <Outlet />
        </main>
      </div>
      <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/60 md:hidden" />
          <RadixDialog.Content className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col gap-5 overflow-y-auto border-e border-line bg-panel p-4 md:hidden" aria-describedby={undefined}>
            <div className="flex items-start justify-between">
              <RadixDialog.Title asChild>
                <div>
                  <Wordmark onNavigate={() => setDrawerOpen(false)} />
                </div>
              </RadixDialog.Title>
              <RadixDialog.Close className="rounded p-2 text-muted hover:bg-panel-2" aria-label={t('Close menu')}>
                <X className="size-5" />
              </RadixDialog.Close>
            </div>
            <AdminNav onNavigate={() => setDrawerOpen(false)} />
            <AdminIdentity />
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '@/components/language-menu';
import { BrandLogo } from '@/components/layout/brand-logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { DEFAULT_BRAND } from '@/config/constants';
import { msg } from '@/i18n/i18n';
import { useSiteSettings } from '@/stores/settings-store';
import { RiskWarningBanner } from './risk-warning-banner';

/** Logo from settings (logo_sm on small screens), linking to the operator's website in a new tab. */
function SiteLogo({ websiteUrl }: { websiteUrl?: string | null }) {
  const { t } = useTranslation();
  const logos = (
    <>
      <span className="flex md:hidden">
        <BrandLogo small />
      </span>
      <span className="hidden md:flex">
        <BrandLogo />
      </span>
    </>
  );
  if (!websiteUrl) return <span className="flex items-center">{logos}</span>;
  return (
    <a href={websiteUrl} target="_blank" rel="noopener noreferrer" className="flex items-center" aria-label={t('Visit our website')} data-testid="site-logo-link">
      {logos}
    </a>
  );
}

const legalLinks = [
  { key: 'terms_url', label: msg('Terms & Conditions') },
  { key: 'privacy_url', label: msg('Privacy Policy') },
  { key: 'risk_url', label: msg('Risk Disclosure') },
  { key: 'help_url', label: msg('Help Centre') },
] as const;

function RegistrationFooter() {
  const { t } = useTranslation();
  const settings = useSiteSettings((s) => s.settings);
  const links = legalLinks.flatMap(({ key, label }) => (settings?.[key] ? [{ href: settings[key], label }] : []));
  const name = settings?.name || DEFAULT_BRAND;
  return (
    <footer className="border-t border-line bg-panel/40">
      <div className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted sm:px-6">
        <div className="mb-3 hidden space-y-3 empty:mb-0 md:block">
          {settings?.register_page_footer && <p className="whitespace-pre-line leading-relaxed" data-testid="register-page-footer">{settings.register_page_footer}</p>}
          {links.length > 0 && (
            <nav aria-label={t('Legal')} className="flex flex-wrap gap-x-5 gap-y-1">
              {links.map((l) => (
                <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer" className="hover:text-fg hover:underline">
                  {t(l.label)}
                </a>
              ))}
            </nav>
          )}
        </div>
        <p>{t('© {{year}} {{name}}. All rights reserved.', { year: new Date().getFullYear(), name })}</p>
      </div>
    </footer>
  );
}

/** Page frame of the registration screens: risk banner, header with logo and language, footer with legal links. */
export function RegistrationShell({ children, headerAction }: { children: ReactNode; headerAction?: ReactNode }) {
  const settings = useSiteSettings((s) => s.settings);
  return (
    <div className="flex min-h-full flex-col">
      <RiskWarningBanner riskUrl={settings?.risk_url} />
      <header className="border-b border-line">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <SiteLogo websiteUrl={settings?.website_url} />
          {settings?.register_page_header && (
            <p className="hidden min-w-0 flex-1 truncate border-s border-line ps-4 text-sm text-muted md:block" data-testid="register-page-header">
              {settings.register_page_header}
            </p>
          )}
          <div className="ms-auto flex items-center gap-2">
            {headerAction}
            <ThemeToggle />
            <LanguageMenu />
          </div>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <RegistrationFooter />
    </div>
  );
}

import type { ReactNode } from 'react';
import { ChevronDown, Globe } from 'lucide-react';
import { BrandLogo } from '@/components/layout/brand-logo';
import { DEFAULT_BRAND } from '@/config/constants';
import { useSiteSettings } from '@/stores/settings-store';
import { RiskWarningBanner } from './risk-warning-banner';

/** Logo from settings (logo_sm on small screens), linking to the operator's website in a new tab. */
function SiteLogo({ websiteUrl }: { websiteUrl?: string | null }) {
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
    <a href={websiteUrl} target="_blank" rel="noopener noreferrer" className="flex items-center" aria-label="Visit our website" data-testid="site-logo-link">
      {logos}
    </a>
  );
}

/** Only English exists; the selector is shown as the SPEC asks and does nothing. */
function LanguageSelector() {
  return (
    <button
      type="button"
      onClick={() => {}}
      aria-label="Language: English"
      className="inline-flex h-9 items-center gap-1.5 rounded-md border border-line px-2.5 text-xs font-semibold text-fg/90 hover:bg-panel-2"
    >
      <Globe className="size-3.5 text-muted" aria-hidden />
      EN
      <ChevronDown className="size-3.5 text-muted" aria-hidden />
    </button>
  );
}

const legalLinks = [
  { key: 'terms_url', label: 'Terms & Conditions' },
  { key: 'privacy_url', label: 'Privacy Policy' },
  { key: 'risk_url', label: 'Risk Disclosure' },
  { key: 'help_url', label: 'Help Centre' },
] as const;

function RegistrationFooter() {
  const settings = useSiteSettings((s) => s.settings);
  const links = legalLinks.flatMap(({ key, label }) => (settings?.[key] ? [{ href: settings[key], label }] : []));
  const name = settings?.name || DEFAULT_BRAND;
  return (
    <footer className="border-t border-line bg-panel/40">
      <div className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted sm:px-6">
        <div className="mb-3 hidden space-y-3 empty:mb-0 md:block">
          {settings?.register_page_footer && <p className="whitespace-pre-line leading-relaxed" data-testid="register-page-footer">{settings.register_page_footer}</p>}
          {links.length > 0 && (
            <nav aria-label="Legal" className="flex flex-wrap gap-x-5 gap-y-1">
              {links.map((l) => (
                <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer" className="hover:text-fg hover:underline">
                  {l.label}
                </a>
              ))}
            </nav>
          )}
        </div>
        <p>© {new Date().getFullYear()} {name}. All rights reserved.</p>
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
            <p className="hidden min-w-0 flex-1 truncate border-l border-line pl-4 text-sm text-muted md:block" data-testid="register-page-header">
              {settings.register_page_header}
            </p>
          )}
          <div className="ml-auto flex items-center gap-2">
            {headerAction}
            <LanguageSelector />
          </div>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <RegistrationFooter />
    </div>
  );
}

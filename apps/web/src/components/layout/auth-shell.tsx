import type { ReactNode } from 'react';
import { LanguageMenu } from '../language-menu';
import { ThemeToggle } from '../theme-toggle';
import { BrandLogo } from './brand-logo';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';
import { RiskPercentSentence } from '../risk-warning';

export const RISK_WARNING = msg(
  'Trading CFDs carries a high level of risk and may not be suitable for all investors. Only trade with money you can afford to lose.',
);

/** Centred card layout for sign-in and account recovery screens. */
export function AuthShell({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full flex-col">
      <header className="flex items-center justify-between border-b border-line px-4 py-3 sm:px-8">
        <BrandLogo />
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <LanguageMenu />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <section className="w-full max-w-md rounded-2xl border border-line bg-panel p-6 shadow-xl sm:p-8">
          <h1 className="text-2xl font-semibold">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
          <div className="mt-6">{children}</div>
          {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
        </section>
      </main>
      <footer className="border-t border-line px-4 py-4 text-center text-xs text-muted sm:px-8">
        <strong className="text-fg/80">{t('Risk warning:')}</strong> {t(RISK_WARNING)} <RiskPercentSentence />
      </footer>
    </div>
  );
}

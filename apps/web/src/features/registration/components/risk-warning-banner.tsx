import { useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { RISK_WARNING } from '@/components/layout/auth-shell';
import { RiskPercentSentence } from '@/components/risk-warning';
import { useTranslation } from 'react-i18next';

function MoreLink({ href }: { href?: string | null }) {
  const { t } = useTranslation();
  if (!href) return null;
  return (
    <>
      {' '}
      <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-2">
        {t('Read our risk disclosure')}
      </a>
    </>
  );
}

/**
 * SPEC §2 step one: a fixed banner on wide screens; on small screens a collapsible one, shown by
 * default, dismissible, and brought back by "Show risk warning".
 */
export function RiskWarningBanner({ riskUrl }: { riskUrl?: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <>
      <div className="hidden border-b border-amber-500/30 bg-amber-500/10 md:block" data-testid="risk-banner-wide">
        <p className="mx-auto flex max-w-7xl items-center gap-2 px-6 py-2 text-xs text-amber-100">
          <AlertTriangle className="size-3.5 shrink-0 text-warn" aria-hidden />
          <span>
            <strong className="font-semibold">{t('Risk warning:')}</strong> {t(RISK_WARNING)} <RiskPercentSentence />
            <MoreLink href={riskUrl} />
          </span>
        </p>
      </div>
      <div className="px-3 pt-3 md:hidden" data-testid="risk-banner-small">
        {open ? (
          <Alert variant="warning" title={t('Risk warning')} onClose={() => setOpen(false)} className="p-3 text-xs">
            {t(RISK_WARNING)} <RiskPercentSentence />
            <MoreLink href={riskUrl} />
          </Alert>
        ) : (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="flex w-full items-center justify-center gap-1.5 rounded-md border border-amber-500/30 bg-amber-500/5 py-1.5 text-xs font-medium text-amber-100"
          >
            <AlertTriangle className="size-3.5 text-warn" aria-hidden />
            {t('Show risk warning')}
          </button>
        )}
      </div>
    </>
  );
}

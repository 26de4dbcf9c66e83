import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRiskWarning } from '@/hooks/use-risk-warning';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { useSiteSettings } from '@/stores/settings-store';

/** ESMA's wording with the firm's own figure. */
const WITH_PERCENT = msg('{{percent}}% of retail investor accounts lose money when trading CFDs with this provider.');
/** ESMA's standard wording for a provider without its own figure yet. */
const STANDARD_RANGE = msg('Between 74–89% of retail investor accounts lose money when trading CFDs.');

/**
 * The sentence of the risk warning that gives the share of retail accounts losing money: the
 * firm's percentage, or ESMA's standard range while there is none. Nothing until it is known.
 */
export function RiskPercentSentence() {
  const { t } = useTranslation();
  const figure = useRiskWarning();
  if (!figure.data && !figure.isError) return null;
  const percent = figure.data?.percent ?? null;
  return <span data-testid="risk-percent">{percent === null ? t(STANDARD_RANGE) : t(WITH_PERCENT, { percent })}</span>;
}

/**
 * The compact risk warning of the trading room and the client area: one line under the page with
 * the firm's figure, and a link to the operator's risk disclosure when there is one.
 */
export function RiskWarningLine({ className }: { className?: string }) {
  const { t } = useTranslation();
  const riskUrl = useSiteSettings((s) => s.settings?.risk_url);
  return (
    <p className={cn('flex items-start gap-1.5 text-[11px] leading-snug text-muted', className)} data-testid="risk-warning-line">
      <AlertTriangle className="mt-px size-3 shrink-0 text-warn" aria-hidden />
      <span>
        <strong className="font-semibold text-fg/80">{t('Risk warning:')}</strong> <RiskPercentSentence />
        {riskUrl && (
          <>
            {' '}
            <a href={riskUrl} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-fg">
              {t('Read our risk disclosure')}
            </a>
          </>
        )}
      </span>
    </p>
  );
}

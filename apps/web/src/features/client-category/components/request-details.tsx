import { useState } from 'react';
import { Check, FileText, Image as ImageIcon, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type ProfessionalEvidence, type ProfessionalRequest, professionalThresholds } from '@bourse/contract';
import { currentLocale } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { fetchProtectedFile, saveBlob } from '@/lib/protected-file';
import { evidenceUrl } from '../api/client-category';

/** One evidence file: downloads with the session's token; looks like a link. */
function EvidenceFile({ file }: { file: ProfessionalEvidence }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchProtectedFile(evidenceUrl(file.id)), file.file_name);
    } catch (error) {
      toast.error(errorMessage(error, t('The document could not be downloaded. Please try again.')));
    } finally {
      setBusy(false);
    }
  };
  const Icon = file.is_image ? ImageIcon : FileText;
  return (
    <button type="button" className="flex min-w-0 max-w-full items-center gap-1.5 text-start text-sm text-brand hover:underline" aria-busy={busy} disabled={busy} onClick={() => void download()}>
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{file.file_name}</span>
    </button>
  );
}

/** The evidence files of a request. */
export function EvidenceFiles({ files }: { files: ProfessionalEvidence[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-1" aria-label={t('Evidence')}>
      {files.map((f) => (
        <li key={f.id} className="min-w-0">
          <EvidenceFile file={f} />
        </li>
      ))}
    </ul>
  );
}

function Criterion({ met, children }: { met: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  const Icon = met ? Check : X;
  return (
    <li className="flex items-start gap-2">
      <Icon className={cn('mt-0.5 size-4 shrink-0', met ? 'text-up' : 'text-muted')} aria-label={met ? t('Met') : t('Not met')} />
      <span className={cn(!met && 'text-muted')}>{children}</span>
    </li>
  );
}

/** The answers of a request, criterion by criterion, with whether each is met. */
export function CriteriaMet({ request }: { request: Pick<ProfessionalRequest, 'criteria' | 'trades_per_quarter' | 'portfolio_eur' | 'sector_years' | 'sector_role'> }) {
  const { t } = useTranslation();
  const number = (n: number) => n.toLocaleString(currentLocale(), { maximumFractionDigits: 2 });
  const euros = (n: number) => n.toLocaleString(currentLocale(), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  return (
    <ul className="flex flex-col gap-1.5 text-sm" data-testid="criteria-met">
      <Criterion met={request.criteria.trades}>
        {t('{{trades}} significant-size trades a quarter (at least {{needed}})', { trades: number(request.trades_per_quarter), needed: professionalThresholds.tradesPerQuarter })}
      </Criterion>
      <Criterion met={request.criteria.portfolio}>
        {t('Portfolio of {{amount}} (more than {{needed}})', { amount: euros(request.portfolio_eur), needed: euros(professionalThresholds.portfolioEur) })}
      </Criterion>
      <Criterion met={request.criteria.experience}>
        {t('{{years}} years in the financial sector (at least {{needed}})', { years: number(request.sector_years), needed: professionalThresholds.sectorYears })}
        {request.sector_role && <span className="block text-xs text-muted" dir="auto">{request.sector_role}</span>}
      </Criterion>
    </ul>
  );
}

import { useState } from 'react';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RequestQueue } from '@/components/request-queue';
import { fundsSourceLabels } from '@/i18n/funds-source';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { fetchProtectedFile, saveBlob } from '@/lib/protected-file';
import { declarationDocumentUrl, type QueuedDeclaration, useDecideSourceOfFunds, useSourceOfFundsDeclarations } from '../api/aml';

/** The supporting document: downloads with the session's token; looks like a link. */
function DocumentLink({ declaration }: { declaration: QueuedDeclaration }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchProtectedFile(declarationDocumentUrl(declaration.id)), declaration.file_name);
    } catch (error) {
      toast.error(errorMessage(error, t('The document could not be downloaded. Please try again.')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="flex min-w-0 max-w-full items-center gap-1.5 text-start text-sm text-brand hover:underline" aria-busy={busy} disabled={busy} onClick={() => void download()}>
      <FileText className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{declaration.file_name}</span>
    </button>
  );
}

/** What the customer declared, beside what they have deposited and how many deposits wait for it. */
function DeclarationDetail({ declaration: d }: { declaration: QueuedDeclaration }) {
  const { t } = useTranslation();
  return (
    <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm" data-testid="sof-detail">
      <dt className="text-muted">{t('Source')}</dt>
      <dd>
        {t(fundsSourceLabels[d.source])}
        {d.other_source && <span dir="auto">: {d.other_source}</span>}
      </dd>
      <dt className="text-muted">{t('Description')}</dt>
      <dd className="break-words" dir="auto">
        {d.description}
      </dd>
      <dt className="text-muted">{t('Deposited')}</dt>
      <dd className="tabular-nums">
        {formatMoney(d.deposited)}
        {d.held_deposits > 0 && <span className="text-amber-500"> · {t('Deposits held: {{held}}', { held: d.held_deposits })}</span>}
      </dd>
      <dt className="text-muted">{t('Document')}</dt>
      <dd className="min-w-0">
        <DocumentLink declaration={d} />
      </dd>
    </dl>
  );
}

/** Back office: the customers' source-of-funds declarations, approved or rejected with a reason. */
export function SourceOfFundsReview() {
  const { t } = useTranslation();
  return (
    <RequestQueue
      requests={useSourceOfFundsDeclarations()}
      decide={useDecideSourceOfFunds()}
      detail={(d) => <DeclarationDetail declaration={d} />}
      empty={t('No source-of-funds declarations yet.')}
      failed={t('Failed to load the declarations')}
      testId="sof-declaration"
    />
  );
}

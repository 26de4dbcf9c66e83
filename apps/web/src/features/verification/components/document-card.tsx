import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type VerificationDocument, verificationKindInfo } from '@bourse/contract';
import { FileText, Image as ImageIcon } from 'lucide-react';
import { currentLocale } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { useUploadDocument } from '../api/verification';
import { acceptAttribute, acceptedText, precheck } from './accepted-types';
import { DocumentDownload } from './document-file';
import { FileDrop } from '@/components/file-drop';
import { StatusBadge } from './status-badge';

function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-xs text-muted">
        <span>{t('Uploading…')}</span>
        <span>{percent}%</span>
      </div>
      <div role="progressbar" aria-label={t('Upload progress')} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} className="h-1.5 overflow-hidden rounded-full bg-panel-2">
        <div className="h-full rounded-full bg-brand-solid transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** One kind of document: what is asked, its state, the rejection reason, and the picker when a new file may be sent. */
export function DocumentCard({ doc }: { doc: VerificationDocument }) {
  const { t } = useTranslation();
  const info = verificationKindInfo[doc.kind];
  const [percent, setPercent] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadDocument(doc.kind, setPercent);
  const send = (file: File) => {
    const early = precheck(doc.kind, file, t);
    setProblem(early);
    if (early) return;
    setPercent(0);
    upload.mutate(file, {
      onSuccess: () => toast.success(t('{{document}} uploaded', { document: t(info.label) })),
      onError: (error) => setProblem(errorMessage(error, t('The upload failed. Please try again.'))),
    });
  };
  const titleId = `doc-${doc.kind}`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4" data-testid={`document-${doc.kind}`}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="font-semibold">
          {t(info.label)}
        </h2>
        <StatusBadge status={doc.status} />
      </div>
      <p className="text-sm text-muted">{t(info.hint)}</p>
      {doc.status === 'rejected' && (
        <p role="alert" className="rounded-md border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-200">
          <span className="font-medium">{t('Reason:')} </span>
          {doc.reason}
        </p>
      )}
      {doc.file && (
        <DocumentDownload file={doc.file} className="flex min-w-0 items-center gap-2 text-start text-sm text-brand hover:underline">
          {doc.file.is_image ? <ImageIcon className="size-4 shrink-0" aria-hidden /> : <FileText className="size-4 shrink-0" aria-hidden />}
          <span className="truncate">{doc.file.file_name}</span>
          <span className="shrink-0 text-xs text-muted">· {new Date(doc.file.uploaded_at).toLocaleDateString(currentLocale())}</span>
        </DocumentDownload>
      )}
      <div className="mt-auto space-y-2">
        {upload.isPending ? (
          <UploadProgress percent={percent} />
        ) : doc.status === 'approved' ? (
          <p className="text-xs text-muted">{t('Approved documents cannot be changed.')}</p>
        ) : (
          <FileDrop
            label={doc.status === 'missing' ? t('Choose a file') : t('Upload a new file')}
            compact={doc.status === 'pending'}
            accept={acceptAttribute(doc.kind)}
            onFile={send}
          />
        )}
        {doc.status !== 'approved' && !upload.isPending && <p className="text-xs text-muted">{t('Accepted: {{types}}', { types: acceptedText(doc.kind, t) })}</p>}
        {problem && (
          <p role="alert" className="text-sm text-down">
            {problem}
          </p>
        )}
      </div>
    </section>
  );
}

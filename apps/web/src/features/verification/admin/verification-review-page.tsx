import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowLeft, FileText } from 'lucide-react';
import { type VerificationDocument, type VerificationReview, verificationKindInfo } from '@bourse/contract';
import { RequestDecisionControls } from '@/components/request-decision';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { currentLocale, msg } from '@/i18n/i18n';
import { useDecideDocument, useVerificationReview } from '../api/verification';
import { DocumentDownload, useDocumentPicture } from '../components/document-file';
import { StatusBadge } from '../components/status-badge';
import { countryName, phoneText } from './customer-format';

function Picture({ file, label }: { file: NonNullable<VerificationDocument['file']>; label: string }) {
  const { t } = useTranslation();
  const picture = useDocumentPicture(file);
  if (picture.failed) return <p className="p-4 text-sm text-down">{t('The document could not be loaded.')}</p>;
  if (!picture.src) return <Spinner label={t('Loading the document')} className="mx-auto my-8 block" />;
  return <img src={picture.src} alt={label} className="mx-auto max-h-72 w-full object-contain" />;
}

function Preview({ file, label }: { file: NonNullable<VerificationDocument['file']>; label: string }) {
  const { t } = useTranslation();
  if (file.is_image) {
    return (
      <DocumentDownload file={file} className="block w-full overflow-hidden rounded-lg border border-line bg-panel-2" label={t('Download {{document}}', { document: label })}>
        <Picture file={file} label={label} />
      </DocumentDownload>
    );
  }
  return (
    <DocumentDownload file={file} className="flex w-full items-center gap-3 rounded-lg border border-line bg-panel-2 p-4 text-start text-sm text-brand hover:underline">
      <FileText className="size-8 shrink-0" aria-hidden />
      <span className="min-w-0">
        <span className="block truncate font-medium">{file.file_name}</span>
        <span className="block text-xs text-muted">{t('PDF · {{size}} KB · open to review', { size: Math.ceil(file.size / 1024) })}</span>
      </span>
    </DocumentDownload>
  );
}

function DocumentReview({ doc, userId, who }: { doc: VerificationDocument; userId: number; who: string }) {
  const { t } = useTranslation();
  const decide = useDecideDocument(userId);
  const label = t(verificationKindInfo[doc.kind].label);
  return (
    <section aria-label={label} className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4" data-testid={`review-${doc.kind}`}>
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold">{label}</h2>
        <StatusBadge status={doc.status} />
      </div>
      {doc.file ? <Preview file={doc.file} label={label} /> : <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted">{t('Not uploaded yet.')}</p>}
      {doc.file && <p className="text-xs text-muted">{t('Uploaded {{date}}', { date: new Date(doc.file.uploaded_at).toLocaleString(currentLocale()) })}</p>}
      {doc.status === 'rejected' && <p className="text-sm text-down">{t('Rejected: {{reason}}', { reason: doc.reason })}</p>}
      {doc.status === 'pending' && doc.file && (
        <RequestDecisionControls who={t('{{document}} of {{customer}}', { document: label, customer: who })} busy={decide.isPending} onDecide={(d) => decide.mutateAsync({ id: doc.file!.id, ...d })} />
      )}
    </section>
  );
}

/** The row that gets the full width on small screens. */
const EMAIL = msg('Email');

function CustomerDetails({ review }: { review: VerificationReview }) {
  const { t } = useTranslation();
  const c = review.customer;
  const rows: [string, string][] = [
    [EMAIL, c.email],
    [msg('Phone'), phoneText(c.country_code, c.phone)],
    [msg('Country of residence'), countryName(c.country)],
    [msg('Nationality'), countryName(c.nationality)],
    [msg('Account ID'), c.account_id],
    [msg('Account status'), c.user_status],
    [msg('Registered'), new Date(c.created_at).toLocaleDateString(currentLocale())],
  ];
  return (
    <aside aria-label={t('Customer')} className="h-fit rounded-xl border border-line bg-panel p-4 lg:sticky lg:top-4">
      <div className="mb-3 flex items-start justify-between gap-3">
        <h1 className="text-lg font-semibold">{c.name}</h1>
        <StatusBadge status={review.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm lg:grid-cols-1">
        {rows.map(([k, v]) => (
          <div key={k} className={k === EMAIL ? 'col-span-2 min-w-0 lg:col-span-1' : 'min-w-0'}>
            <dt className="text-xs text-muted">{t(k)}</dt>
            <dd className="break-words">{v}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

function History({ review }: { review: VerificationReview }) {
  const { t } = useTranslation();
  if (review.history.length === 0) return null;
  return (
    <section aria-labelledby="history-title" className="space-y-2">
      <h2 id="history-title" className="font-semibold">
        {t('Earlier uploads')}
      </h2>
      <ul className="space-y-2 text-sm">
        {review.history.map((h) => (
          <li key={h.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line bg-panel p-3">
            <span className="font-medium">{t(verificationKindInfo[h.kind].label)}</span>
            <DocumentDownload file={h} className="min-w-0 truncate text-brand hover:underline">
              {h.file_name}
            </DocumentDownload>
            <span className="text-xs text-muted">{new Date(h.uploaded_at).toLocaleString(currentLocale())}</span>
            <span className="basis-full text-xs text-down">{t('Rejected: {{reason}}', { reason: h.reason })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Back office: one customer's details beside their documents, each approved or rejected with a reason. */
export function VerificationReviewPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const review = useVerificationReview(userId);
  return (
    <div className="space-y-5">
      <Link to="/admin/verification" className="inline-flex items-center gap-2 text-sm text-muted hover:text-fg">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden /> {t('Verification queue')}
      </Link>
      {review.isPending && <Spinner label={t('Loading the documents')} />}
      {review.isError && (
        <Alert variant="destructive" title={t("Failed to load this customer's documents")}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void review.refetch()}>
            {t('Retry')}
          </Button>
        </Alert>
      )}
      {review.data && (
        <div className="grid gap-5 lg:grid-cols-[18rem_1fr]">
          <CustomerDetails review={review.data} />
          <div className="min-w-0 space-y-5">
            <div className="grid gap-4 xl:grid-cols-2">
              {review.data.documents.map((doc) => (
                <DocumentReview key={doc.kind} doc={doc} userId={userId} who={review.data.customer.name} />
              ))}
            </div>
            <History review={review.data} />
          </div>
        </div>
      )}
    </div>
  );
}

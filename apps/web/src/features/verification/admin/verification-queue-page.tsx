import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { DocumentStatus, VerificationQueueItem } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { currentLocale, msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { useVerificationQueue } from '../api/verification';
import { StatusBadge } from '../components/status-badge';
import { countryName, phoneText } from './customer-format';

const filters: { status: DocumentStatus; label: string }[] = [
  { status: 'pending', label: msg('To review') },
  { status: 'rejected', label: msg('Rejected') },
  { status: 'missing', label: msg('Incomplete') },
  { status: 'approved', label: msg('Verified') },
];

function QueueRow({ item }: { item: VerificationQueueItem }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link
        to={`/admin/verification/${item.id}`}
        className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-line bg-panel p-3 hover:border-brand focus-visible:border-brand"
        data-testid="verification-queue-item"
      >
        <span className="min-w-0 flex-1 basis-56">
          <span className="block truncate font-medium">{item.name}</span>
          <span className="block truncate text-xs text-muted">{item.email}</span>
          <span className="block truncate text-xs text-muted">
            {countryName(item.country)} · {phoneText(item.country_code, item.phone)}
          </span>
        </span>
        <span className="text-xs text-muted">
          {t('Account')} <span className="font-mono text-fg">{item.account_id}</span>
        </span>
        <span className="text-xs text-muted">
          {t('{{approved}}/4 approved', { approved: item.counts.approved })}
          {item.counts.pending > 0 && ` · ${t('{{pending}} to review', { pending: item.counts.pending })}`}
          {item.last_upload_at && ` · ${new Date(item.last_upload_at).toLocaleString(currentLocale())}`}
        </span>
        <StatusBadge status={item.status} />
        <ChevronRight className="ms-auto size-4 text-muted rtl:rotate-180" aria-hidden />
      </Link>
    </li>
  );
}

/** Back office: customers by verification state, those waiting for a review first. */
export function VerificationQueuePage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DocumentStatus>('pending');
  const queue = useVerificationQueue(status);
  const current = filters.find((f) => f.status === status)!;
  return (
    <div className="space-y-5">
      <PageHeader title={t('Verification')} description={t('Identity documents sent by customers. Open a customer to compare their details with the documents.')} />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('Filter by status')}</legend>
        {filters.map((f) => (
          <button
            key={f.status}
            type="button"
            aria-pressed={status === f.status}
            onClick={() => setStatus(f.status)}
            className={cn(
              'inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm',
              status === f.status ? 'border-brand bg-brand/15 text-fg' : 'border-line text-muted hover:text-fg',
            )}
          >
            {t(f.label)}
            <span className="rounded-full bg-panel-2 px-1.5 text-xs tabular-nums">{queue.data?.counts[f.status] ?? '–'}</span>
          </button>
        ))}
      </fieldset>
      {queue.isPending && <Spinner label={t('Loading the queue')} />}
      {queue.isError && (
        <Alert variant="destructive" title={t('Failed to load the verification queue')}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void queue.refetch()}>
            {t('Retry')}
          </Button>
        </Alert>
      )}
      {queue.data && queue.data.data.length === 0 && <p className="rounded-lg border border-line bg-panel p-6 text-center text-sm text-muted">{t('No customers in “{{filter}}”.', { filter: t(current.label) })}</p>}
      {queue.data && queue.data.data.length > 0 && (
        <ul className="space-y-2" aria-label={t(current.label)}>
          {queue.data.data.map((item) => (
            <QueueRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

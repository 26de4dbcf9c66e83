import { Download, FileArchive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { DataExport } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, serverWords } from '@/lib/api-client';
import { aroundSlot, SLOT } from '@/lib/message-slot';
import { useDataExports, useDownloadDataExport, useRequestDataExport } from '../api/privacy';
import { Section } from './section';

/** A size in kB or MB in the reader's language. */
function useFileSize() {
  const { i18n } = useTranslation();
  return (bytes: number) => {
    const mb = bytes >= 1_000_000;
    return new Intl.NumberFormat(i18n.language, { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(mb ? bytes / 1_000_000 : Math.max(bytes / 1000, 0.1));
  };
}

function ExportRow({ item }: { item: DataExport }) {
  const { t } = useTranslation();
  const download = useDownloadDataExport();
  const size = useFileSize();
  const [askedBefore, askedAfter] = aroundSlot(t('Asked for {{date}}', { date: SLOT }));
  const [untilBefore, untilAfter] = aroundSlot(t('Available until {{date}}', { date: SLOT }));
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
      <FileArchive className="size-5 shrink-0 text-muted" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium">
          {askedBefore}
          <DateTime iso={item.created_at} withYear />
          {askedAfter}
        </p>
        <p className="text-xs text-muted" aria-live="polite">
          {item.status === 'building' ? (
            <span className="inline-flex items-center gap-1.5">
              <Spinner className="size-3" /> {t('Preparing your copy...')}
            </span>
          ) : item.status === 'failed' ? (
            t('This copy could not be prepared. Ask for a new one.')
          ) : (
            <>
              {size(item.size ?? 0)} · {untilBefore}
              <DateTime iso={item.expires_at} withYear />
              {untilAfter}
            </>
          )}
        </p>
      </div>
      {item.status === 'ready' && (
        <Button
          size="sm"
          variant="secondary"
          loading={download.isPending}
          onClick={() => download.mutate(item, { onError: (error) => toast.error(errorMessage(error, t('Could not download your copy'))) })}
        >
          <Download className="size-4" aria-hidden /> {t('Download')}
        </Button>
      )}
    </li>
  );
}

/** A copy of everything held about the customer, prepared on request and downloadable for a day. */
export function DataExportCard() {
  const { t } = useTranslation();
  const exports = useDataExports();
  const request = useRequestDataExport();
  const building = exports.data?.some((e) => e.status === 'building') ?? false;
  const ask = () =>
    request.mutate(undefined, { onSuccess: (res) => toast.success(serverWords(res.message)), onError: (error) => toast.error(errorMessage(error, t('Could not start your copy'))) });
  return (
    <Section
      title={t('Your data')}
      description={t('A copy of everything we hold about you (details, accounts, trades, statements, messages and documents) as a ZIP file with the data in JSON and your files.')}
      actions={
        <Button size="sm" loading={request.isPending} disabled={building || exports.isPending} onClick={ask}>
          {t('Prepare a copy')}
        </Button>
      }
    >
      {exports.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" /> {t('Loading your copies...')}
        </p>
      ) : exports.isError ? (
        <p className="text-sm text-muted">
          {t('Your copies could not be loaded.')}{' '}
          <button type="button" className="text-brand hover:underline" onClick={() => void exports.refetch()}>
            {t('Retry')}
          </button>
        </p>
      ) : exports.data.length === 0 ? (
        <p className="text-sm text-muted">{t('No copy yet.')}</p>
      ) : (
        <ul className="divide-y divide-line" aria-label={t('Copies of your data')}>
          {exports.data.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Section>
  );
}

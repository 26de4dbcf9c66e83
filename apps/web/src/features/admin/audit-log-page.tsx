import { ScrollText } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAuditLog, useExportAuditLog } from './api/audit-log';
import { AuditFilters } from './components/audit-filters';
import { AuditList } from './components/audit-list';
import { Pagination } from './components/pagination';
import { useAuditFilters } from './hooks/use-audit-filters';

/** Back office: the append-only audit log, filtered by actor, customer, action and days, paged and exported. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const { filters, update, clear } = useAuditFilters();
  const log = useAuditLog(filters);
  const exporter = useExportAuditLog();
  const exportCsv = () => exporter.mutate(filters, { onError: (error) => toast.error(errorMessage(error, t('The export failed'))) });
  const total = log.data?.meta.total;
  return (
    <>
      <PageHeader title={t('Audit log')} description={total === undefined ? t('Every back-office decision and every change of money or identity.') : t('{{count}} entries', { count: total })} />
      <AuditFilters filters={filters} onChange={update} onClear={clear} onExport={exportCsv} exporting={exporter.isPending} />
      {log.isPending ? (
        <div className="flex justify-center rounded-xl border border-line bg-panel py-16">
          <Spinner className="size-6" label={t('Loading the audit log')} />
        </div>
      ) : log.isError ? (
        <Alert variant="destructive" title={t('Could not load the audit log')}>
          <span className="flex flex-wrap items-center gap-3">
            {errorMessage(log.error, t('The server did not answer.'))}
            <Button size="sm" variant="secondary" onClick={() => void log.refetch()}>
              {t('Retry')}
            </Button>
          </span>
        </Alert>
      ) : log.data.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line bg-panel/50 px-6 py-16 text-center">
          <ScrollText className="size-8 text-muted" aria-hidden />
          <p className="font-medium">{t('Nothing recorded matches these filters.')}</p>
        </div>
      ) : (
        <div className={cn(log.isFetching && 'opacity-70 transition-opacity')}>
          <AuditList entries={log.data.data} />
          <Pagination page={filters.page} perPage={log.data.meta.per_page} total={log.data.meta.total} onPage={(page) => update({ page })} />
        </div>
      )}
    </>
  );
}

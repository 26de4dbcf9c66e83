import { useState } from 'react';
import { Search, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminClient } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api-client';
import { useClients, type ClientFilters } from './api/clients';
import { ClientDetailDialog } from './components/client-detail-dialog';
import { ClientList } from './components/client-list';
import { Pagination } from './components/pagination';
import { useClientFilters } from './hooks/use-client-filters';

const statusChips: { value: ClientFilters['status']; label: string }[] = [
  { value: '', label: msg('All') },
  { value: 'pending', label: msg('Pending') },
  { value: 'active', label: msg('Active') },
  { value: 'deactivated', label: msg('Deactivated') },
];

function Filters({ searchText, onSearch, status, onStatus }: { searchText: string; onSearch: (v: string) => void; status: string; onStatus: (v: ClientFilters['status']) => void }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center">
      <label className="relative block lg:w-96">
        <span className="sr-only">{t('Search clients')}</span>
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
        <input
          type="search"
          value={searchText}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={t('Search name, email, username or account ID')}
          className="h-10 w-full rounded-md border border-line bg-panel-2 ps-9 pe-3 text-sm text-fg placeholder:text-muted/70 focus:border-brand focus:outline-none"
        />
      </label>
      <fieldset aria-label={t('Status')} className="flex min-w-0 gap-1.5 overflow-x-auto">
        {statusChips.map((chip) => (
          <button
            key={chip.label}
            type="button"
            aria-pressed={status === chip.value}
            onClick={() => onStatus(chip.value)}
            className={cn(
              'h-9 shrink-0 rounded-full border px-3.5 text-sm transition-colors',
              status === chip.value ? 'border-brand bg-brand/15 text-fg' : 'border-line text-muted hover:bg-panel-2 hover:text-fg',
            )}
          >
            {t(chip.label)}
          </button>
        ))}
      </fieldset>
    </div>
  );
}

/** Back office: search, filter and page through clients; a client's details open in a dialog. */
export function ClientsPage() {
  const { t } = useTranslation();
  const { filters, searchText, setSearchText, update } = useClientFilters();
  const query = useClients(filters);
  const [selected, setSelected] = useState<AdminClient | null>(null);
  const total = query.data?.meta.total;
  return (
    <>
      <PageHeader
        title={t('Clients')}
        description={
          total === undefined
            ? t('Approve, support and manage client accounts.')
            : filters.search || filters.status
              ? t('{{count}} clients match', { count: total })
              : t('{{count}} clients', { count: total })
        }
      />
      <Filters searchText={searchText} onSearch={setSearchText} status={filters.status} onStatus={(status) => update({ status })} />
      {query.isPending ? (
        <div className="flex justify-center rounded-xl border border-line bg-panel py-16">
          <Spinner className="size-6" label={t('Loading clients')} />
        </div>
      ) : query.isError ? (
        <Alert variant="destructive" title={t('Failed to load clients')}>
          <span className="flex flex-wrap items-center gap-3">
            {errorMessage(query.error, t('The server did not answer.'))}
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              {t('Retry')}
            </Button>
          </span>
        </Alert>
      ) : query.data.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line bg-panel/50 px-6 py-16 text-center">
          <Users className="size-8 text-muted" aria-hidden />
          <p className="font-medium">{t('No clients found')}</p>
          <p className="text-sm text-muted">{t('Try another search or status.')}</p>
        </div>
      ) : (
        <div className={cn(query.isFetching && 'opacity-70 transition-opacity')}>
          <ClientList clients={query.data.data} onOpen={setSelected} />
          <Pagination page={filters.page} perPage={query.data.meta.per_page} total={query.data.meta.total} onPage={(page) => update({ page })} />
        </div>
      )}
      <ClientDetailDialog key={selected?.id} client={selected} onClose={() => setSelected(null)} />
    </>
  );
}

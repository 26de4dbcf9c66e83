import { useEffect, useState } from 'react';
import { Pencil, Search, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { type AssetType, assetTypes, type SwapRate } from '@bourse/contract';
import { ReadOnlyNote } from '@/components/read-only-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCanDecide } from '@/hooks/use-can-decide';
import { useDebounced } from '@/hooks/use-debounced';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { type SwapRateFilters, useSetSwapRate, useSwapRates } from '../api/dealing';
import { useUrlFilters } from '../hooks/use-url-filters';
import { assetTypeLabels, swapUnitLabels, weekdayLabels } from '../lib/dealing-labels';
import { ConfirmDialog } from './confirm-dialog';
import { Pagination } from './pagination';
import { SwapRateDialog } from './swap-rate-dialog';

/** Waits this long after the last key before searching. */
const SEARCH_DELAY_MS = 300;

const isAssetType = (v: string | null): v is AssetType => (assetTypes as readonly string[]).includes(v ?? '');
const signed = (value: string) => formatNumber(Number(value), { maximumFractionDigits: 6, signDisplay: 'exceptZero' });

/** The swap list's filters, kept in the URL beside the page's tab so a view survives a reload. */
function useSwapFilters() {
  const { params, update } = useUrlFilters<SwapRateFilters & { tab?: string }>();
  const type = params.get('type');
  const filters: SwapRateFilters = {
    search: params.get('search') ?? '',
    type: isAssetType(type) ? type : '',
    custom: params.get('custom') === 'true',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const [searchText, setSearchText] = useState(filters.search);
  const settled = useDebounced(searchText.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    if (settled !== filters.search) update({ search: settled });
  }, [settled, filters.search, update]);
  return { filters, searchText, setSearchText, update };
}

function TripleDay({ rate }: { rate: SwapRate }) {
  const { t } = useTranslation();
  return <>{rate.triple_day ? t(weekdayLabels[rate.triple_day]) : t('None')}</>;
}

function CustomTag({ rate }: { rate: SwapRate }) {
  const { t } = useTranslation();
  return rate.custom ? (
    <span className="rounded bg-brand/15 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wider text-brand">{t('Custom')}</span>
  ) : (
    <span className="text-xs text-muted">{t('Default')}</span>
  );
}

type RowProps = { rate: SwapRate; canEdit: boolean; onEdit: () => void; onRemove: () => void };

function Actions({ rate, onEdit, onRemove }: Omit<RowProps, 'canEdit'>) {
  const { t } = useTranslation();
  return (
    <span className="flex justify-end gap-1">
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t('Edit the swap of {{symbol}}', { symbol: rate.symbol })}>
        <Pencil className="size-3.5" aria-hidden /> {t('Edit')}
      </Button>
      {rate.custom && (
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={t('Reset the swap of {{symbol}} to the default', { symbol: rate.symbol })}>
          <Undo2 className="size-3.5" aria-hidden />
        </Button>
      )}
    </span>
  );
}

type ListProps = { rates: SwapRate[]; canEdit: boolean; onEdit: (r: SwapRate) => void; onRemove: (r: SwapRate) => void };

function SwapTable({ rates, canEdit, onEdit, onRemove }: ListProps) {
  const { t } = useTranslation();
  const th = 'px-3 py-3 text-start text-xs font-semibold uppercase tracking-wider text-muted';
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-line bg-panel md:block">
      <table className="w-full text-sm" data-testid="swap-rates-table">
        <thead className="border-b border-line bg-panel-2/50">
          <tr>
            <th scope="col" className={th}>{t('Instrument')}</th>
            <th scope="col" className={th}>{t('Type')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Long')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Short')}</th>
            <th scope="col" className={th}>{t('Unit')}</th>
            <th scope="col" className={th}>{t('Triple day')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Day count')}</th>
            <th scope="col" className={th}>{t('Terms')}</th>
            {canEdit && <th scope="col" className={th}><span className="sr-only">{t('Actions')}</span></th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rates.map((r) => (
            <tr key={r.asset_id} data-testid="swap-rate-row" data-symbol={r.symbol}>
              <th scope="row" className="px-3 py-2.5 text-start font-normal">
                <span className="block font-medium">{r.symbol}</span>
                <span className="block max-w-56 truncate text-xs text-muted">{r.name}</span>
              </th>
              <td className="px-3 py-2.5">{t(assetTypeLabels[r.type])}</td>
              <td className="px-3 py-2.5 text-end tabular-nums" dir="ltr">{signed(r.long_rate)}</td>
              <td className="px-3 py-2.5 text-end tabular-nums" dir="ltr">{signed(r.short_rate)}</td>
              <td className="whitespace-nowrap px-3 py-2.5">{t(swapUnitLabels[r.unit])}</td>
              <td className="px-3 py-2.5"><TripleDay rate={r} /></td>
              <td className="px-3 py-2.5 text-end tabular-nums">{r.day_count}</td>
              <td className="px-3 py-2.5"><CustomTag rate={r} /></td>
              {canEdit && (
                <td className="px-3 py-2.5">
                  <Actions rate={r} onEdit={() => onEdit(r)} onRemove={() => onRemove(r)} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Under 768 px: a card per instrument. */
function SwapCards({ rates, canEdit, onEdit, onRemove }: ListProps) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {rates.map((r) => (
        <li key={r.asset_id} className="rounded-xl border border-line bg-panel p-3" data-testid="swap-rate-card" data-symbol={r.symbol}>
          <div className="flex items-start gap-2">
            <h3 className="min-w-0 flex-1">
              <span className="flex items-center gap-2">
                <span className="font-medium">{r.symbol}</span>
                <CustomTag rate={r} />
              </span>
              <span className="block truncate text-xs text-muted">{r.name}</span>
            </h3>
            {canEdit && <Actions rate={r} onEdit={() => onEdit(r)} onRemove={() => onRemove(r)} />}
          </div>
          <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-2 text-sm tabular-nums">
            <div>
              <dt className="text-xs text-muted">{t('Long')}</dt>
              <dd dir="ltr" className="text-start">{signed(r.long_rate)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('Short')}</dt>
              <dd dir="ltr" className="text-start">{signed(r.short_rate)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('Unit')}</dt>
              <dd>{t(swapUnitLabels[r.unit])}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('Type')}</dt>
              <dd>{t(assetTypeLabels[r.type])}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('Triple day')}</dt>
              <dd><TripleDay rate={r} /></dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('Day count')}</dt>
              <dd>{r.day_count}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Filters({ searchText, onSearch, filters, onChange }: { searchText: string; onSearch: (v: string) => void; filters: SwapRateFilters; onChange: (patch: Partial<SwapRateFilters>) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <label className="relative block sm:w-72">
        <span className="sr-only">{t('Search instruments')}</span>
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
        <input
          type="search"
          value={searchText}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={t('Symbol or name')}
          className="h-10 w-full rounded-md border border-line bg-panel-2 ps-9 pe-3 text-sm text-fg placeholder:text-muted/70 focus:border-brand focus:outline-none"
        />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <span className="text-muted">{t('Type')}</span>
        <select
          value={filters.type}
          onChange={(e) => onChange({ type: e.target.value as SwapRateFilters['type'] })}
          className="h-10 rounded-md border border-line bg-panel-2 px-3 text-sm text-fg focus:border-brand focus:outline-none"
        >
          <option value="">{t('All')}</option>
          {assetTypes.map((type) => (
            <option key={type} value={type}>
              {t(assetTypeLabels[type])}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-brand" checked={filters.custom} onChange={(e) => onChange({ custom: e.target.checked })} />
        {t('Custom only')}
      </label>
    </div>
  );
}

/**
 * Back office: every instrument's overnight swap, long and short, its unit, triple day and day
 * count; admins set an instrument's own terms or remove them (back to the default: no swap).
 */
export function SwapRatesSection() {
  const { t } = useTranslation();
  const canEdit = useCanDecide();
  const { filters, searchText, setSearchText, update } = useSwapFilters();
  const rates = useSwapRates(filters);
  const reset = useSetSwapRate();
  const [editing, setEditing] = useState<SwapRate | null>(null);
  const [removing, setRemoving] = useState<SwapRate | null>(null);
  const confirmRemove = async (rate: SwapRate) => {
    try {
      await reset.mutateAsync({ symbol: rate.symbol, body: null });
      toast.success(t('{{symbol}} is back on the default swap.', { symbol: rate.symbol }));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not remove the swap.')));
    } finally {
      setRemoving(null);
    }
  };
  const filtered = filters.search !== '' || filters.type !== '' || filters.custom;
  return (
    <section aria-labelledby="swap-rates-title" className="flex flex-col gap-4" data-testid="swap-rates-section">
      <div className="min-w-0">
        <h2 id="swap-rates-title" className="font-medium">
          {t('Swap rates')}
        </h2>
        <p className="text-sm text-muted">{t('Overnight financing per instrument, charged or paid at the daily rollover; a change applies from the next one.')}</p>
      </div>
      {!canEdit && <ReadOnlyNote>{t('Read only: an admin sets and removes swap rates.')}</ReadOnlyNote>}
      <Filters searchText={searchText} onSearch={setSearchText} filters={filters} onChange={update} />
      {rates.isPending ? (
        <div className="flex justify-center rounded-xl border border-line bg-panel py-12">
          <Spinner className="size-6" label={t('Loading the swap rates')} />
        </div>
      ) : rates.isError ? (
        <Alert variant="destructive" title={t('Could not load the swap rates')}>
          <span className="flex flex-wrap items-center gap-3">
            {errorMessage(rates.error, t('The server did not answer.'))}
            <Button size="sm" variant="secondary" onClick={() => void rates.refetch()}>
              {t('Retry')}
            </Button>
          </span>
        </Alert>
      ) : rates.data.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line bg-panel/50 px-6 py-12 text-center" data-testid="no-swap-rates">
          <p className="font-medium">{filtered ? t('No instrument matches') : t('The catalogue has no instruments yet')}</p>
          {filters.custom && <p className="mt-1 text-sm text-muted">{t('No instrument has a swap of its own yet: every one is on the default.')}</p>}
        </div>
      ) : (
        <div className={cn(rates.isFetching && 'opacity-70 transition-opacity')}>
          <SwapTable rates={rates.data.data} canEdit={canEdit} onEdit={setEditing} onRemove={setRemoving} />
          <SwapCards rates={rates.data.data} canEdit={canEdit} onEdit={setEditing} onRemove={setRemoving} />
          <Pagination page={filters.page} perPage={rates.data.meta.per_page} total={rates.data.meta.total} onPage={(page) => update({ page })} label={t('Swap rate pages')} />
        </div>
      )}
      {editing && <SwapRateDialog rate={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('Reset the swap of {{symbol}}?', { symbol: removing?.symbol ?? '' })}
        confirmLabel={t('Reset to default')}
        pending={reset.isPending}
        onConfirm={() => removing && void confirmRemove(removing)}
      >
        {t('Its own rates are removed: from the next rollover it has no swap, with its class’s triple day.')}
      </ConfirmDialog>
    </section>
  );
}

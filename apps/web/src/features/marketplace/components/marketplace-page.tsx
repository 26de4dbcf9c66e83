import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import type { ExpertAdvisor } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { AccountPlansDialog } from '@/features/plans/account-plans-dialog';
import { cn } from '@/lib/cn';
import { useSession } from '@/stores/session-store';
import { useMarketplaceItems } from '../api/marketplace';
import { categories, filterItems, filtersFromQuery, queryFromFilters, secondaryFilters, type MarketplaceFilters } from '../lib/filters';
import { ConfirmPurchaseDialog } from './confirm-purchase-dialog';
import { ItemCard } from './item-card';

function Chips<T extends string>({ label, options, value, onChange }: { label: string; options: readonly { value: T; label: string }[]; value: T; onChange: (v: T) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn('rounded-full border px-3 py-1 text-sm', o.value === value ? 'border-brand bg-brand-solid text-white' : 'border-line text-muted hover:text-fg')}
        >
          {t(o.label)}
        </button>
      ))}
    </fieldset>
  );
}

function CardSkeletons() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-busy="true" aria-label={t('Loading marketplace items')}>
      {[1, 2, 3].map((n) => <div key={n} className="h-80 animate-pulse rounded-xl border border-line bg-panel" />)}
    </div>
  );
}

/** /main/marketplace (SPEC §2 Marketplace). */
export function MarketplacePage() {
  const { t } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const filters = filtersFromQuery(query);
  const items = useMarketplaceItems();
  const eas = useSession((s) => s.user?.eas);
  const owned = useMemo(() => new Set(eas ?? []), [eas]);
  const [buying, setBuying] = useState<ExpertAdvisor | null>(null);
  const [plansOpen, setPlansOpen] = useState(false);
  // The plans dialog takes the purchase dialog's place: an item the plan cannot run is bought after the upgrade.
  const upgrade = () => {
    setBuying(null);
    setPlansOpen(true);
  };
  const update = (patch: Partial<MarketplaceFilters>) => setQuery(queryFromFilters({ ...filters, ...patch }), { replace: true });
  const shown = items.data ? filterItems(items.data, filters, owned) : [];
  const isOwned = (item: ExpertAdvisor) => owned.has(item.id) || item.status === 'purchased';

  return (
    <>
      <PageHeader title={t('MARKET PLACE')} description={t('Expert Advisors that trade for you on the server, signal packs and courses.')} />
      <div className="mb-5 flex flex-col gap-3">
        <label className="relative block max-w-md">
          <span className="sr-only">{t('Search market place')}</span>
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
          <input
            type="search"
            value={filters.search}
            onChange={(e) => update({ search: e.target.value })}
            placeholder={t('Search market place')}
            className="h-10 w-full rounded-md border border-line bg-panel ps-9 pe-3 text-sm"
          />
        </label>
        <Chips label={t('Category')} options={categories} value={filters.category} onChange={(category) => update({ category })} />
        <Chips label={t('Show')} options={secondaryFilters} value={filters.filter} onChange={(filter) => update({ filter })} />
      </div>
      {items.isPending && <CardSkeletons />}
      {items.isError && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-line bg-panel p-6 text-sm">
          <p>{t('Failed to load marketplace items')}</p>
          <Button variant="secondary" size="sm" onClick={() => void items.refetch()}>{t('Retry')}</Button>
        </div>
      )}
      {items.data && shown.length === 0 && (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-line bg-panel p-6 text-sm">
          <p>{t('No items found matching your criteria.')}</p>
          <Button variant="secondary" size="sm" onClick={() => setQuery(new URLSearchParams(), { replace: true })}>{t('Clear Filters')}</Button>
        </div>
      )}
      {shown.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((item) => <ItemCard key={item.id} item={item} owned={isOwned(item)} onPurchase={setBuying} />)}
        </div>
      )}
      {buying && <ConfirmPurchaseDialog key={buying.id} item={buying} onClose={() => setBuying(null)} onUpgrade={upgrade} />}
      <AccountPlansDialog open={plansOpen} onOpenChange={setPlansOpen} />
    </>
  );
}

import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@bourse/contract';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useAssetStore } from '@/stores/asset-store';

/** Most instruments listed at once: typing narrows the catalogue down. */
const SHOWN = 60;

const matches = (asset: Asset, query: string) => {
  const q = query.trim().toLowerCase();
  return !q || [asset.symbol_display, asset.symbol, asset.name].some((f) => f.toLowerCase().includes(q));
};

type Props = {
  title: string;
  onClose: () => void;
  onPick: (asset: Asset) => void;
  /** Instruments not offered (the chart's own, for a comparison). */
  exclude?: readonly number[];
};

/**
 * A searchable list of the catalogue's instruments (mounted while open): typing filters it, the
 * arrow keys move through it, Enter picks the one highlighted (as a click does) and closes it.
 */
export function InstrumentPicker({ title, onClose, onPick, exclude = [] }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const assets = useAssetStore((s) => s.assets);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const choices = useMemo(() => assets.filter((a) => !exclude.includes(a.asset_id) && matches(a, query)).slice(0, SHOWN), [assets, exclude, query]);
  const active = choices.find((a) => a.asset_id === chosen) ?? choices[0] ?? null;
  const optionId = (asset: Asset) => `${id}-${asset.asset_id}`;

  const pick = (asset: Asset) => {
    onPick(asset);
    onClose();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!choices.length) return;
    const at = active ? choices.indexOf(active) : -1;
    const move = (to: number) => {
      e.preventDefault();
      const next = choices[(to + choices.length) % choices.length]!;
      setChosen(next.asset_id);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Enter' && active) {
      e.preventDefault();
      pick(active);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={t('Type to filter, use the arrow keys to choose and Enter to pick.')} className="max-w-md">
      <div className="relative">
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
        <input
          autoFocus
          type="search"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active) : undefined}
          aria-label={t('Search instruments')}
          placeholder={t('Search instruments')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setChosen(null);
          }}
          onKeyDown={onKeyDown}
          className="h-10 w-full rounded-md border border-line bg-panel-2 ps-9 pe-3 text-sm text-fg placeholder:text-muted/70 focus:border-brand focus:outline-none"
        />
      </div>
      <div id={`${id}-list`} role="listbox" aria-label={title} className="mt-3 max-h-[50vh] overflow-y-auto">
        {choices.map((asset) => (
          // The search field keeps the focus and its keys choose (aria-activedescendant); a click picks.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the search field's keys choose and pick
          <div
            key={asset.asset_id}
            id={optionId(asset)}
            role="option"
            tabIndex={-1}
            aria-selected={asset === active}
            data-testid="instrument-option"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(asset)}
            onMouseMove={() => asset !== active && setChosen(asset.asset_id)}
            className={cn('flex cursor-pointer items-baseline gap-2 rounded px-2 py-2 text-sm', asset === active && 'bg-brand/15')}
          >
            <span className="w-24 shrink-0 font-semibold" dir="ltr">
              {asset.symbol_display}
            </span>
            <span className="min-w-0 truncate text-muted">{asset.name}</span>
          </div>
        ))}
        {!choices.length && <p className="px-2 py-6 text-center text-sm text-muted">{t('No instrument matches “{{query}}”.', { query })}</p>}
      </div>
    </Dialog>
  );
}

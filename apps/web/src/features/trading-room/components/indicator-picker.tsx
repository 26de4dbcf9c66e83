import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type IndicatorKind, indicatorMessages } from '@bourse/contract';
import { Dialog } from '@/components/ui/dialog';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { indicatorInfo, matchIndicators, type Placement } from '../lib/indicator-catalog';

type Props = {
  onClose: () => void;
  /** Whether another indicator fits on the instrument. */
  canAdd: boolean;
  /** Whether the instrument's candles carry traded volume (VWAP and Volume need it). */
  volume: boolean;
  onPick: (kind: IndicatorKind) => void;
};

const groups: { placement: Placement; title: string }[] = [
  { placement: 'price', title: msg('On the price') },
  { placement: 'pane', title: msg('In a pane below') },
];

/**
 * The searchable list of indicators (mounted while open): typing filters it, the arrow keys move
 * through it, Enter adds the one highlighted (as a click does) and closes the list.
 */
export function IndicatorPicker({ onClose, canAdd, volume, onPick }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<IndicatorKind | null>(null);
  const matches = useMemo(() => matchIndicators(query, t), [query, t]);
  const usable = (kind: IndicatorKind) => canAdd && (volume || !indicatorInfo[kind].volume);
  const choices = matches.filter(usable);
  // The highlight: the one moved to while it is still listed, else the first match.
  const active = chosen && choices.includes(chosen) ? chosen : (choices[0] ?? null);
  const optionId = (kind: IndicatorKind) => `${id}-${kind}`;

  const pick = (kind: IndicatorKind) => {
    if (!usable(kind)) return;
    onPick(kind);
    onClose();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!choices.length) return;
    const at = active ? choices.indexOf(active) : -1;
    const move = (to: number) => {
      e.preventDefault();
      const next = choices[(to + choices.length) % choices.length]!;
      setChosen(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home' && e.ctrlKey) move(0);
    else if (e.key === 'End' && e.ctrlKey) move(choices.length - 1);
    else if (e.key === 'Enter' && active) {
      e.preventDefault();
      pick(active);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('Indicators')} description={t('Type to filter, use the arrow keys to choose and Enter to add.')} className="max-w-md">
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
          aria-label={t('Search indicators')}
          placeholder={t('Search indicators')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setChosen(null);
          }}
          onKeyDown={onKeyDown}
          className="h-10 w-full rounded-md border border-line bg-panel-2 ps-9 pe-3 text-sm text-fg placeholder:text-muted/70 focus:border-brand focus:outline-none"
        />
      </div>
      {!canAdd && (
        <p role="status" className="mt-3 rounded-md bg-warn/10 px-3 py-2 text-sm text-warn">
          {t(indicatorMessages.limit)}
        </p>
      )}
      <div id={`${id}-list`} role="listbox" aria-label={t('Indicators')} className="mt-3 max-h-[50vh] overflow-y-auto">
        {groups.map((group) => {
          const kinds = matches.filter((k) => indicatorInfo[k].placement === group.placement);
          if (!kinds.length) return null;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox, not of form fields
            <div key={group.placement} role="group" aria-labelledby={`${id}-${group.placement}`} className="mb-2">
              <p id={`${id}-${group.placement}`} role="presentation" className="px-2 pb-1 text-xs font-medium uppercase tracking-wide text-muted">
                {t(group.title)}
              </p>
              {kinds.map((kind) => {
                const info = indicatorInfo[kind];
                const enabled = usable(kind);
                return (
                  // The search field keeps the focus and its keys choose (aria-activedescendant); a click adds.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the search field's keys choose and add
                  <div
                    key={kind}
                    id={optionId(kind)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={kind === active}
                    aria-disabled={!enabled}
                    data-testid="indicator-option"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => pick(kind)}
                    onMouseMove={() => enabled && kind !== active && setChosen(kind)}
                    className={cn(
                      'flex cursor-pointer items-baseline gap-2 rounded px-2 py-2 text-sm',
                      kind === active && 'bg-brand/15',
                      !enabled && 'cursor-not-allowed opacity-60',
                    )}
                  >
                    <span className="w-20 shrink-0 font-semibold">{info.code}</span>
                    <span className="min-w-0 text-muted">
                      {t(info.name)}
                      {info.volume && !volume && <span className="block text-xs">{t("This instrument's prices come without traded volume.")}</span>}
                    </span>
                  </div>
                );
              })}
            </div>
          );
        })}
        {!matches.length && <p className="px-2 py-6 text-center text-sm text-muted">{t('No indicator matches “{{query}}”.', { query })}</p>}
      </div>
    </Dialog>
  );
}

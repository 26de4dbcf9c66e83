import { Link2, Link2Off, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { percentChange, valueAt } from '@bourse/domain/chart-series';
import { cn } from '@/lib/cn';
import { type ComparisonView, percentText } from '../hooks/use-comparison';
import { toolbarButton } from './chart-style-menu';

/** A chart's own controls in a layout of several: its link to the selected pair and its instrument. */
export function InstrumentControls({ symbol, linked, onLink, onPick }: { symbol: string; linked: boolean; onLink: (linked: boolean) => void; onPick: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        onClick={() => onLink(!linked)}
        aria-pressed={linked}
        aria-label={t('Follow the selected pair')}
        title={linked ? t('Follows the selected pair: click to keep this chart on its own instrument') : t('Keeps its own instrument: click to follow the selected pair')}
        className={cn(toolbarButton, linked && 'text-brand')}
      >
        {linked ? <Link2 className="size-4" aria-hidden /> : <Link2Off className="size-4" aria-hidden />}
      </button>
      <button type="button" onClick={onPick} aria-haspopup="dialog" aria-label={t('Instrument: {{symbol}}', { symbol: symbol || t('none') })} className={cn(toolbarButton, 'max-w-24 text-fg')} dir="ltr">
        <span className="truncate">{symbol || '—'}</span>
      </button>
    </>
  );
}

type ChipProps = {
  /** The chart's instrument and the compared one. */
  symbol: string;
  compared: string;
  color: string;
  view: ComparisonView | null;
  failed: boolean;
  /** The chart's close at `time`, the bar in view (under the crosshair, else the last). */
  ownClose: number | null;
  time: number | null;
  onRemove: () => void;
};

/** The compared instrument's chip over the price: both changes from the first visible bar at the bar in view, and its removal. */
export function ComparisonChip({ symbol, compared, color, view, failed, ownClose, time, onRemove }: ChipProps) {
  const { t } = useTranslation();
  const comparedAt = view && time !== null ? valueAt(view.points, time) : null;
  return (
    <div className="pointer-events-auto flex max-w-full items-center gap-1 rounded border border-line/60 bg-bg/85 ps-1.5 text-[11px] leading-none" data-testid="comparison" data-symbol={compared}>
      <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} />
      <span className="py-0.5 font-medium">{compared}</span>
      <span className="font-mono tabular-nums" data-testid="comparison-change" style={{ color }}>
        {failed ? t('Unavailable') : comparedAt === null ? '—' : percentText(comparedAt)}
      </span>
      {view && ownClose !== null && (
        <span className="font-mono tabular-nums text-muted" data-testid="own-change">
          {symbol} {percentText(percentChange(ownClose, view.base))}
        </span>
      )}
      <button
        type="button"
        onClick={onRemove}
        className="flex size-5 shrink-0 items-center justify-center rounded text-muted hover:bg-panel-2 hover:text-fg"
        aria-label={t('Remove comparison with {{symbol}}', { symbol: compared })}
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </div>
  );
}

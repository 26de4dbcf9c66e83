import { type ReactNode, useState } from 'react';
import { ChevronDown, ChevronUp, Settings2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Indicator, IndicatorColor } from '@bourse/contract';
import { formatNumber, formatPrice } from '@/lib/format';
import { indicatorInfo, indicatorLabel } from '../lib/indicator-catalog';
import { type Plot, valueAt } from '../lib/indicator-plots';

type Props = {
  list: readonly Indicator[];
  plots: Record<string, Plot>;
  /** The bar whose values are shown: the one under the crosshair, else the last. */
  time: number | null;
  /** Where each pane starts (px from the chart's top); indicators in panes are listed at the top of theirs. */
  paneTops: number[];
  digits: number;
  shades: Record<IndicatorColor, string>;
  onEdit: (indicator: Indicator) => void;
  onRemove: (indicator: Indicator) => void;
  /** Shown first over the price (the compared instrument). */
  leading?: ReactNode;
};

function formatValue(value: number, format: Plot['format'], digits: number): string {
  if (format === 'volume') return formatNumber(value, { notation: 'compact', maximumFractionDigits: 1 });
  return formatPrice(value, format === 'fixed' ? 2 : digits);
}

const iconButton = 'flex size-5 shrink-0 items-center justify-center rounded text-muted hover:bg-panel-2 hover:text-fg';
/** From this many indicators over the price, their legend can be folded away to see the candles. */
const FOLDABLE = 3;
/** The legend over the price starts under the line of the bar's values (px). */
const LEGEND_TOP = 24;

function Chip({ indicator, plot, time, digits, shade, onEdit, onRemove }: { indicator: Indicator; plot: Plot | undefined; time: number | null } & Pick<Props, 'digits' | 'onEdit' | 'onRemove'> & { shade: string }) {
  const { t } = useTranslation();
  const label = indicatorLabel(indicator, t);
  const values = plot && time !== null ? plot.lines.map((line) => ({ key: line.key, color: line.color, value: valueAt(line, time) })) : [];
  return (
    <li className="pointer-events-auto flex max-w-full items-center gap-1 rounded border border-line/60 bg-bg/85 ps-1.5 text-[11px] leading-none" data-testid="indicator-chip" data-kind={indicator.kind}>
      <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: shade }} />
      <button type="button" onClick={() => onEdit(indicator)} className="truncate py-0.5 font-medium hover:underline" title={t('Edit {{name}}', { name: label })}>
        {label}
      </button>
      {/* The values at the bar in view, in each line's colour; left out where the chart is narrow. */}
      <span className="hidden gap-1.5 font-mono tabular-nums @md:flex" data-testid="indicator-values">
        {values.map((v) => (
          <span key={v.key} style={{ color: v.color }}>
            {v.value === null ? '—' : formatValue(v.value, plot!.format, digits)}
          </span>
        ))}
      </span>
      <button type="button" onClick={() => onEdit(indicator)} className={iconButton} aria-label={t('Edit {{name}}', { name: label })}>
        <Settings2 className="size-3.5" aria-hidden />
      </button>
      <button type="button" onClick={() => onRemove(indicator)} className={iconButton} aria-label={t('Remove {{name}}', { name: label })}>
        <X className="size-3.5" aria-hidden />
      </button>
    </li>
  );
}

/**
 * The chart's legend of indicators (left to right in every language, as the chart itself is): those over the price under the bar values at the top of the
 * price pane, each other at the top of its own pane; each with its values, edit and remove.
 */
export function IndicatorLegend({ list, plots, time, paneTops, digits, shades, onEdit, onRemove, leading }: Props) {
  const { t } = useTranslation();
  const [folded, setFolded] = useState(false);
  if (!list.length && !leading) return null;
  const onPrice = list.filter((i) => indicatorInfo[i.kind].placement === 'price');
  const inPanes = list.filter((i) => indicatorInfo[i.kind].placement === 'pane');
  const chip = (indicator: Indicator) => (
    <Chip key={indicator.id} indicator={indicator} plot={plots[indicator.id]} time={time} digits={digits} shade={shades[indicator.color]} onEdit={onEdit} onRemove={onRemove} />
  );
  return (
    <>
      {(onPrice.length > 0 || leading) && (
        // Within the price pane: a long legend scrolls rather than cover the panes below.
        <div
          dir="ltr"
          className="pointer-events-none absolute left-2 right-16 top-6 z-10 flex items-start gap-0.5 overflow-y-auto"
          style={paneTops[1] === undefined ? undefined : { maxHeight: Math.max(paneTops[1] - LEGEND_TOP - 4, 22) }}
        >
          {onPrice.length >= FOLDABLE && (
            <button
              type="button"
              onClick={() => setFolded(!folded)}
              aria-expanded={!folded}
              aria-label={folded ? t('Show the indicators on the price') : t('Hide the indicators on the price')}
              title={folded ? t('Show the indicators on the price') : t('Hide the indicators on the price')}
              className="pointer-events-auto flex h-5 shrink-0 items-center gap-0.5 rounded border border-line/60 bg-bg/85 px-1 text-[11px] text-muted hover:text-fg"
            >
              {folded ? <ChevronDown className="size-3.5" aria-hidden /> : <ChevronUp className="size-3.5" aria-hidden />}
              {folded && <span className="tabular-nums">{onPrice.length}</span>}
            </button>
          )}
          {leading}
          {!folded && onPrice.length > 0 && (
            <ul aria-label={t('Indicators on the price')} className="flex min-w-0 flex-wrap items-start gap-0.5">
              {onPrice.map(chip)}
            </ul>
          )}
        </div>
      )}
      {inPanes.map((indicator, i) => {
        const top = paneTops[i + 1];
        if (top === undefined) return null;
        return (
          <ul key={indicator.id} dir="ltr" aria-label={t('Indicator pane')} className="pointer-events-none absolute left-2 right-16 z-10 flex" style={{ top: top + 3 }}>
            {chip(indicator)}
          </ul>
        );
      })}
    </>
  );
}

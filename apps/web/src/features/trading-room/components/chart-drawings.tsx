import { lazy, Suspense, useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { ChartDrawings as Kept, Drawing } from '@bourse/contract';
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';
import { PencilRuler } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ChartColors } from '@/lib/chart-theme';
import { cn } from '@/lib/cn';
import { useTheme } from '@/stores/theme-store';
import { drawingKeys, useChartDrawings } from '../api/get-chart-drawings';
import { palette } from '../lib/indicator-catalog';

// The drawing tools load on demand: when the toolbar opens, or the instrument has drawings to show.
const DrawingLayer = lazy(() => import('../drawings/drawing-layer'));

/** The header's button that opens and closes the drawing toolbar. */
export function DrawingToggle({ open, onToggle, disabled }: { open: boolean; onToggle: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onToggle}
      aria-pressed={open}
      aria-label={t('Drawing tools')}
      title={t('Drawing tools')}
      className={cn('flex h-7 shrink-0 items-center gap-1 rounded px-1.5 text-xs font-medium text-muted hover:bg-panel-2 hover:text-fg disabled:opacity-50', open && 'bg-brand/20 text-fg')}
    >
      <PencilRuler className="size-4" aria-hidden />
      <span className="hidden @3xl:inline">{t('Drawing tools')}</span>
    </button>
  );
}

type Props = {
  api: { chart: IChartApi; series: ISeriesApi<SeriesType> } | null;
  assetId: number | null;
  digits: number;
  stepSeconds: number;
  open: boolean;
  toolbarSlot: HTMLElement | null;
  colors: ChartColors;
};

/** The customer's drawings on the chart, kept on the server per instrument, and the tools to change them. */
export function ChartDrawings({ api, assetId, digits, stepSeconds, open, toolbarSlot, colors }: Props) {
  const { t } = useTranslation();
  const kept = useChartDrawings(assetId);
  const theme = useTheme((s) => s.theme);
  const queryClient = useQueryClient();
  const remember = useCallback(
    (drawings: readonly Drawing[]) => {
      if (assetId !== null) queryClient.setQueryData<Kept>(drawingKeys.of(assetId), (was) => ({ asset_id: assetId, updated_at: was?.updated_at ?? null, drawings: [...drawings] }));
    },
    [queryClient, assetId],
  );
  // Once loaded for an instrument the layer stays, so closing the toolbar keeps undo's history.
  const [shownFor, setShownFor] = useState<number | null>(null);
  const wanted = assetId !== null && kept.data !== undefined && (open || kept.data.drawings.length > 0);
  if (wanted && shownFor !== assetId) setShownFor(assetId);
  if (open && kept.isError && toolbarSlot) {
    // Without the list kept, drawing would replace it: the tools wait for it.
    return createPortal(
      <p role="alert" className="flex items-center gap-2 border-b border-line px-2 py-1 text-xs text-muted">
        {t('Your drawings could not be loaded.')}
        <button type="button" className="rounded px-1.5 py-0.5 font-medium text-fg hover:bg-panel-2" onClick={() => void kept.refetch()}>
          {t('Retry')}
        </button>
      </p>,
      toolbarSlot,
    );
  }
  if (!api || assetId === null || shownFor !== assetId || !kept.data) return null;
  return (
    <Suspense fallback={null}>
      <DrawingLayer
        key={assetId}
        api={api}
        assetId={assetId}
        digits={digits}
        stepSeconds={stepSeconds}
        initial={kept.data.drawings}
        editing={open}
        toolbarSlot={toolbarSlot}
        palette={palette[theme]}
        background={colors.bg}
        remember={remember}
      />
    </Suspense>
  );
}

import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { type IChartApi, type IPriceLine, type ISeriesApi, LineStyle, type SeriesType } from 'lightweight-charts';
import { GripHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { roundPrice } from '@bourse/contract';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useModifyTrade } from '@/features/positions/api/trade-actions';
import { usePositions } from '@/features/positions/use-positions';
import { sideWord } from '@/lib/trade-words';
import { msg } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import type { ChartColors } from '@/lib/chart-theme';
import { formatPrice } from '@/lib/format';
import { movePatch, tradeLines, type TradeLine, type TradeLineKind } from '../lib/trade-lines';

/** Names of the levels, shown with `t()`; the chart's own labels are the codes TP and SL. */
const levelNames: Record<TradeLineKind, string> = { entry: msg('Order price'), tp: msg('Take profit'), sl: msg('Stop loss') };
const moveTitles: Record<TradeLineKind, string> = { entry: msg('Move order price'), tp: msg('Move take profit'), sl: msg('Move stop loss') };
/** A key press moves a level this many pixels' worth of price; with Shift, ten times as far. */
const KEY_STEP_PX = 2;

type ChartApi = { chart: IChartApi; series: ISeriesApi<SeriesType> };
type Move = { line: TradeLine; price: number };

function lineStyle(line: TradeLine, colors: ChartColors, t: (m: string) => string) {
  const side = line.trade.trade_type === 'buy' ? colors.up : colors.down;
  if (line.kind === 'tp') return { color: colors.up, lineStyle: LineStyle.Dashed, title: 'TP' };
  if (line.kind === 'sl') return { color: colors.down, lineStyle: LineStyle.Dashed, title: 'SL' };
  const pending = line.trade.status === 'pending';
  return { color: pending ? colors.brand : side, lineStyle: pending ? LineStyle.Dotted : LineStyle.Solid, title: `${t(sideWord(line.trade, true)).toUpperCase()} ${line.trade.lots}` };
}

/**
 * The account's positions and pending orders on the chart: entries, take-profits and stop-losses
 * as price lines. Each movable level has a handle at the price axis: drag it, or focus it and use
 * the arrow keys, then confirm the new price (Enter), or put it back (Escape).
 */
export function ChartTradeLines({ api, assetId, digits, colors }: { api: ChartApi | null; assetId: number | null; digits: number; colors: ChartColors }) {
  const { t } = useTranslation();
  const open = usePositions('open').trades;
  const pending = usePositions('pending').trades;
  const lines = useMemo(() => tradeLines([...open, ...pending], assetId), [open, pending, assetId]);
  // The price a level is being moved to, before it is confirmed.
  const [moving, setMoving] = useState<Move | null>(null);
  const [confirming, setConfirming] = useState<Move | null>(null);
  const priceLines = useRef(new Map<string, IPriceLine>());
  const handles = useRef(new Map<string, HTMLDivElement>());
  const shown = (line: TradeLine) => (moving?.line.key === line.key ? moving.price : confirming?.line.key === line.key ? confirming.price : line.price);

  useEffect(() => {
    if (!api) return;
    const created = new Map(lines.map((line) => [line.key, api.series.createPriceLine({ price: line.price, lineWidth: 1, axisLabelVisible: true, ...lineStyle(line, colors, t) })]));
    priceLines.current = created;
    return () => {
      for (const priceLine of created.values()) api.series.removePriceLine(priceLine);
    };
  }, [api, lines, colors, t]);

  // The line and its handle follow the price being moved to; the handles follow the chart's scale.
  const latest = useRef({ lines, shown });
  latest.current = { lines, shown };
  useEffect(() => {
    if (!api) return;
    let frame = 0;
    const place = () => {
      for (const line of latest.current.lines) {
        const price = latest.current.shown(line);
        priceLines.current.get(line.key)?.applyOptions({ price });
        const handle = handles.current.get(line.key);
        if (!handle) continue;
        const y = api.series.priceToCoordinate(price);
        handle.style.visibility = y === null ? 'hidden' : 'visible';
        handle.style.transform = `translateY(${(y ?? 0) - handle.offsetHeight / 2}px)`;
        handle.style.insetInlineEnd = `${api.chart.priceScale('right').width() + 4}px`;
      }
      frame = requestAnimationFrame(place);
    };
    frame = requestAnimationFrame(place);
    return () => cancelAnimationFrame(frame);
  }, [api]);

  const priceAtPointer = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.parentElement!.getBoundingClientRect();
    const price = api?.series.coordinateToPrice(event.clientY - box.top);
    return price === null || price === undefined ? null : roundPrice(price, digits);
  };
  const keyStep = () => {
    if (!api) return 0;
    const a = api.series.coordinateToPrice(0);
    const b = api.series.coordinateToPrice(KEY_STEP_PX);
    return a === null || b === null ? 0 : Math.abs(a - b);
  };
  const finish = (move: Move | null) => {
    setMoving(null);
    if (move && move.price !== move.line.price) setConfirming(move);
  };

  const handleProps = (line: TradeLine) => ({
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      event.currentTarget.setPointerCapture(event.pointerId);
      event.currentTarget.focus();
      setMoving({ line, price: line.price });
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (moving?.line.key !== line.key) return;
      const price = priceAtPointer(event);
      if (price !== null && price > 0) setMoving({ line, price });
    },
    onPointerUp: () => finish(moving?.line.key === line.key ? moving : null),
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      const current = moving?.line.key === line.key ? moving.price : line.price;
      if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
        event.preventDefault();
        const step = keyStep() * (event.shiftKey ? 10 : 1) * (event.key === 'ArrowUp' ? 1 : -1);
        const price = roundPrice(current + step, digits);
        if (price > 0) setMoving({ line, price });
      } else if (event.key === 'Enter') {
        event.preventDefault();
        finish(moving?.line.key === line.key ? moving : null);
      } else if (event.key === 'Escape' && moving) {
        event.stopPropagation();
        setMoving(null);
      }
    },
  });

  return (
    <>
      {lines
        .filter((line) => line.draggable)
        .map((line) => {
          const price = shown(line);
          const name = t(levelNames[line.kind]);
          const of = t('{{level}} of {{side}} {{lots}} lots {{symbol}}', { level: name, side: t(sideWord(line.trade, true)), lots: line.trade.lots, symbol: line.trade.asset_symbol });
          return (
            <div
              key={line.key}
              ref={(el) => {
                if (el) handles.current.set(line.key, el);
                else handles.current.delete(line.key);
              }}
              role="slider"
              tabIndex={0}
              aria-label={of}
              aria-valuenow={price}
              aria-valuetext={formatPrice(price, digits)}
              aria-orientation="vertical"
              data-testid={`line-handle-${line.kind}`}
              data-trade-id={line.trade.id}
              className="absolute top-0 z-10 flex h-5 cursor-ns-resize touch-none items-center gap-1 rounded border border-line bg-panel px-1 text-[10px] font-semibold text-fg shadow outline-none select-none focus-visible:ring-2 focus-visible:ring-brand"
              style={{ visibility: 'hidden' }}
              {...handleProps(line)}
            >
              <GripHorizontal className="size-3 text-muted" aria-hidden />
              {line.kind === 'entry' ? t(sideWord(line.trade, true)).toUpperCase() : line.kind.toUpperCase()}
            </div>
          );
        })}
      <MoveDialog move={confirming} digits={digits} onDone={() => setConfirming(null)} />
    </>
  );
}

/** Asks before a dragged level is saved; Cancel (or Escape) puts the line back. */
function MoveDialog({ move, digits, onDone }: { move: Move | null; digits: number; onDone: () => void }) {
  const { t } = useTranslation();
  const modify = useModifyTrade();
  if (!move) return null;
  const { line, price } = move;
  const save = () =>
    modify.mutate(
      { id: line.trade.id, patch: movePatch(line, price) },
      {
        onSettled: onDone,
        onError: (error) => toast.error(t('The level was not moved'), { description: errorMessage(error, t('There was an error processing your request. Please try again.')) }),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onDone()} title={t(moveTitles[line.kind])} className="max-w-sm">
      <p className="text-sm">
        {t('{{level}} of {{side}} {{lots}} lots {{symbol}}', { level: t(levelNames[line.kind]), side: t(sideWord(line.trade, true)), lots: line.trade.lots, symbol: line.trade.asset_symbol })}
      </p>
      <p className="mt-2 font-mono text-sm tabular-nums" data-testid="move-prices">
        {formatPrice(line.price, digits)} → {formatPrice(price, digits)}
      </p>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={modify.isPending}>
          {t('Cancel')}
        </Button>
        <Button onClick={save} loading={modify.isPending}>
          {t('Move')}
        </Button>
      </div>
    </Dialog>
  );
}

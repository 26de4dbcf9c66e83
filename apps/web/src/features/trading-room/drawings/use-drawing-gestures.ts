import { useEffect, useRef } from 'react';
import type { IChartApi } from 'lightweight-charts';
import { type Drawing, type DrawingPoint, drawingPointCount, type IndicatorColor } from '@bourse/contract';
import { anchor, createDrawing, hasExtent, moveDrawing, movePoint, newDrawingId, type Tool } from './drawing-edits';
import type { DrawingsPrimitive } from './drawings-primitive';
import { hitTest, type Pt } from './geometry';
import type { TimeAxis } from './time-axis';

/** The drawing being made or moved, with where the pointer took it. */
type Gesture =
  | { type: 'create'; drawing: Drawing; pointerId: number; start: Pt; awaitingSecond: boolean }
  | { type: 'move'; original: Drawing; part: 'body' | number; pointerId: number; start: Pt; startLogical: number; startPrice: number };

export type GestureHandlers = {
  tool: Tool;
  drawings: readonly Drawing[];
  selectedId: string | null;
  color: IndicatorColor;
  digits: number;
  /** Shows `drawings` while a gesture goes on, or the kept list again (null). */
  preview: (drawings: Drawing[] | null) => void;
  /** Keeps `drawings` as a step of the history. */
  commit: (drawings: Drawing[]) => void;
  select: (id: string | null) => void;
  /** A one-shot tool goes back to selecting once it has drawn. */
  drawn: () => void;
  /** A note needs its words before it is drawn; an existing one is edited. */
  askText: (at: DrawingPoint, note?: Drawing) => void;
};

const replace = (list: readonly Drawing[], drawing: Drawing) => list.map((d) => (d.id === drawing.id ? drawing : d));

type MoveGesture = Extract<Gesture, { type: 'move' }>;

/** The drawing a move has taken to the pointer at `at`: all of it, or the point it holds. */
function movedTo(g: MoveGesture, at: { time: number; price: number; logical: number }, axis: TimeAxis, digits: number): Drawing {
  return g.part === 'body'
    ? moveDrawing(g.original, at.logical - g.startLogical, at.price - g.startPrice, axis, digits)
    : movePoint(g.original, g.part, anchor(at.time, at.price, digits));
}

/**
 * Drawing and moving with a mouse, pen or finger on the price pane while the toolbar is open. The
 * chart's own panning and zooming stop while a drawing is made or moved, and come back after; a
 * press on no drawing pans the chart as ever.
 */
export function useDrawingGestures(chart: IChartApi, primitive: DrawingsPrimitive, active: boolean, handlers: GestureHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const gesture = useRef<Gesture | null>(null);

  useEffect(() => {
    if (!active) return;
    const el = chart.chartElement();
    const hold = (on: boolean) => chart.applyOptions({ handleScroll: !on, handleScale: !on });
    /** The place of an event on the price pane, or null outside it (the axes, the indicator panes). */
    const local = (event: PointerEvent | MouseEvent): Pt | null => {
      const box = el.getBoundingClientRect();
      const p = { x: event.clientX - box.left, y: event.clientY - box.top };
      const pane = primitive.paneSize();
      return p.x >= 0 && p.y >= 0 && p.x <= pane.width && p.y <= pane.height ? p : null;
    };
    const pointAt = (p: Pt): DrawingPoint | null => {
      const at = primitive.fromScreen(p);
      return at && anchor(at.time, at.price, latest.current.digits);
    };
    const end = () => {
      gesture.current = null;
      hold(false);
    };

    const onDown = (event: PointerEvent) => {
      if (event.button !== 0) return;
      const p = local(event);
      if (!p) return;
      const h = latest.current;
      const current = gesture.current;
      if (current?.type === 'create' && current.awaitingSecond) {
        // The second click of a two-point drawing made click by click.
        event.stopPropagation();
        const at = pointAt(p);
        const drawing = at ? movePoint(current.drawing, 1, at) : current.drawing;
        end();
        finishCreate(drawing);
        return;
      }
      if (h.tool !== 'select') {
        const at = pointAt(p);
        if (!at) return;
        event.stopPropagation();
        // The note's dialog opens once the press is over, or the release would take its focus away.
        if (h.tool === 'text') return window.addEventListener('pointerup', () => h.askText(at), { once: true });
        const drawing = createDrawing(h.tool, newDrawingId(h.drawings), h.color, at);
        if (drawingPointCount[h.tool] === 1) return finishCreate(drawing);
        hold(true);
        gesture.current = { type: 'create', drawing, pointerId: event.pointerId, start: p, awaitingSecond: false };
        h.preview([...h.drawings, drawing]);
        return;
      }
      const hit = hitTest(primitive.shapes(), p, primitive.paneSize(), h.selectedId);
      h.select(hit?.id ?? null);
      const original = hit && h.drawings.find((d) => d.id === hit.id);
      const at = primitive.fromScreen(p);
      if (!original || !at) return;
      hold(true);
      gesture.current = { type: 'move', original, part: hit.part, pointerId: event.pointerId, start: p, startLogical: at.logical, startPrice: at.price };
    };

    const finishCreate = (drawing: Drawing) => {
      const h = latest.current;
      h.preview(null);
      if (!hasExtent(drawing)) return;
      h.commit([...h.drawings, drawing]);
      h.select(drawing.id);
      h.drawn();
    };

    const onMove = (event: PointerEvent) => {
      const g = gesture.current;
      if (!g || (!(g.type === 'create' && g.awaitingSecond) && event.pointerId !== g.pointerId)) return;
      const box = el.getBoundingClientRect();
      const p = { x: event.clientX - box.left, y: event.clientY - box.top };
      const h = latest.current;
      if (g.type === 'create') {
        const at = pointAt(p);
        if (!at) return;
        g.drawing = movePoint(g.drawing, 1, at);
        h.preview([...h.drawings, g.drawing]);
        return;
      }
      const at = primitive.fromScreen(p);
      const axis = primitive.axis();
      if (at && axis) h.preview(replace(h.drawings, movedTo(g, at, axis, h.digits)));
    };

    const onUp = (event: PointerEvent) => {
      const g = gesture.current;
      if (!g || event.pointerId !== g.pointerId || (g.type === 'create' && g.awaitingSecond)) return;
      const h = latest.current;
      if (g.type === 'create') {
        if (hasExtent(g.drawing)) {
          end();
          return finishCreate(g.drawing);
        }
        // A click without a drag: the second point is the next click, the drawing follows the pointer until then.
        g.awaitingSecond = true;
        return;
      }
      end();
      const box = el.getBoundingClientRect();
      const still = Math.hypot(event.clientX - box.left - g.start.x, event.clientY - box.top - g.start.y) < 2;
      const at = primitive.fromScreen({ x: event.clientX - box.left, y: event.clientY - box.top });
      const axis = primitive.axis();
      h.preview(null);
      if (!still && at && axis) h.commit(replace(h.drawings, movedTo(g, at, axis, h.digits)));
    };

    const onDoubleClick = (event: MouseEvent) => {
      const p = local(event);
      const h = latest.current;
      if (!p || h.tool !== 'select') return;
      const hit = hitTest(primitive.shapes(), p, primitive.paneSize(), h.selectedId);
      const note = hit && h.drawings.find((d) => d.id === hit.id && d.kind === 'text');
      if (note) h.askText(note.points[0]!, note);
    };

    /** Escape drops a drawing half made. */
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !gesture.current) return;
      event.stopPropagation();
      end();
      latest.current.preview(null);
    };

    // A finger on the chart draws and moves drawings rather than scrolling the page.
    const touchAction = el.style.touchAction;
    el.style.touchAction = 'none';
    // Capture: the layer sees a press before the chart starts panning with it.
    el.addEventListener('pointerdown', onDown, true);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    el.addEventListener('dblclick', onDoubleClick);
    window.addEventListener('keydown', onKey, true);
    return () => {
      el.style.touchAction = touchAction;
      el.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
      el.removeEventListener('dblclick', onDoubleClick);
      window.removeEventListener('keydown', onKey, true);
      if (gesture.current) latest.current.preview(null);
      end();
    };
  }, [chart, primitive, active]);
}

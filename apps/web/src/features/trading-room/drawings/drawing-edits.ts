import { type Drawing, type DrawingKind, type DrawingPoint, drawingPointCount, type IndicatorColor, roundPrice } from '@bourse/contract';
import type { TimeAxis } from './time-axis';

/** The tools of the toolbar: `select` picks and moves drawings, the others draw one of their kind. */
export type Tool = 'select' | DrawingKind;

/** A new name for a drawing, unique on the chart (the contract allows 16 letters, digits, - and _). */
export function newDrawingId(taken: readonly Drawing[]): string {
  for (;;) {
    const id = `d${Math.random().toString(36).slice(2, 12)}`;
    if (!taken.some((d) => d.id === id)) return id;
  }
}

/** A point kept as the server takes it: whole seconds, a price in the instrument's digits. */
export function anchor(time: number, price: number, digits: number): DrawingPoint {
  return { time: Math.max(0, Math.round(time)), price: roundPrice(price, digits) };
}

/** A drawing of `kind` from its first point (and second, for two-point kinds; the first again until given). */
export function createDrawing(kind: DrawingKind, id: string, color: IndicatorColor, first: DrawingPoint, second: DrawingPoint = first, text?: string): Drawing {
  const points = drawingPointCount[kind] === 2 ? [first, second] : [first];
  return kind === 'text' ? { id, kind, color, points, text: text ?? '' } : { id, kind, color, points };
}

/**
 * The drawing moved by `bars` (a fraction of a bar is fine) and `price`: every point shifts the same
 * way on screen, across gaps between sessions too. A horizontal line only moves up and down, a
 * vertical one only sideways.
 */
export function moveDrawing(drawing: Drawing, bars: number, price: number, axis: TimeAxis, digits: number): Drawing {
  const shiftTime = drawing.kind !== 'horizontal';
  const shiftPrice = drawing.kind !== 'vertical';
  const points = drawing.points.map((p) =>
    anchor(shiftTime ? axis.toTime(axis.toLogical(p.time) + bars) : p.time, shiftPrice ? p.price + price : p.price, digits),
  );
  return { ...drawing, points };
}

/** The drawing with its point `index` put at `point`. */
export function movePoint(drawing: Drawing, index: number, point: DrawingPoint): Drawing {
  return { ...drawing, points: drawing.points.map((p, i) => (i === index ? point : p)) };
}

/** Whether a two-point drawing was given a length: one click with no drag draws nothing. */
export function hasExtent(drawing: Drawing): boolean {
  const [a, b] = drawing.points;
  return !b || a!.time !== b.time || a!.price !== b.price;
}

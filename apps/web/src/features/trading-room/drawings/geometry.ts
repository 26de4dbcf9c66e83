import { type DrawingKind, type DrawingPoint, fibonacciLevels } from '@bourse/contract';

/** A place on the chart's price pane, in CSS pixels from its top left corner. */
export type Pt = { x: number; y: number };
export type PaneSize = { width: number; height: number };
/** A drawing where the chart shows it now; a note also has the size of its text. */
export type Shape = { id: string; kind: DrawingKind; pts: Pt[]; box?: { width: number; height: number } };
/** What a pointer is on: a drawing's line or area, or one of its points (the selected drawing's handles). */
export type Hit = { id: string; part: 'body' | number };

/** How near a line the pointer must come to pick it, in pixels: a finger's width and a half on a phone would be kinder, a mouse needs less. */
export const HIT_TOLERANCE = 6;
/** How near a handle's centre the pointer must come to take it. */
export const HANDLE_REACH = 9;

const dist = (a: Pt, b: Pt) => Math.hypot(a.x - b.x, a.y - b.y);

/** Distance from `p` to the segment a–b (to `a` itself when they coincide). */
export function distanceToSegment(p: Pt, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  if (length2 === 0) return dist(p, a);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return dist(p, { x: a.x + t * dx, y: a.y + t * dy });
}

/** Where the ray from `a` through `b` leaves the pane (`b` when the two coincide). */
export function rayEnd(a: Pt, b: Pt, pane: PaneSize): Pt {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return b;
  // The smallest step along the ray that reaches an edge of the pane, from wherever `a` is.
  const steps = [dx > 0 ? (pane.width - a.x) / dx : dx < 0 ? -a.x / dx : Infinity, dy > 0 ? (pane.height - a.y) / dy : dy < 0 ? -a.y / dy : Infinity];
  const t = Math.max(1, Math.min(...steps));
  return { x: a.x + t * dx, y: a.y + t * dy };
}

/** A Fibonacci retracement's levels: 0 at its second point, 1 at its first, the rest between. */
export function fibonacciPrices(first: DrawingPoint, second: DrawingPoint): { level: number; price: number }[] {
  return fibonacciLevels.map((level) => ({ level, price: second.price + (first.price - second.price) * level }));
}

/** The y of each Fibonacci level between the screen places of the first and second points. */
export function fibonacciYs(first: Pt, second: Pt): number[] {
  return fibonacciLevels.map((level) => second.y + (first.y - second.y) * level);
}

function rectangleDistance(p: Pt, a: Pt, b: Pt): number {
  const left = Math.min(a.x, b.x);
  const right = Math.max(a.x, b.x);
  const top = Math.min(a.y, b.y);
  const bottom = Math.max(a.y, b.y);
  const edge = Math.min(
    distanceToSegment(p, { x: left, y: top }, { x: right, y: top }),
    distanceToSegment(p, { x: left, y: bottom }, { x: right, y: bottom }),
    distanceToSegment(p, { x: left, y: top }, { x: left, y: bottom }),
    distanceToSegment(p, { x: right, y: top }, { x: right, y: bottom }),
  );
  // Inside, the area picks the rectangle too, after any line nearer the pointer.
  const inside = p.x > left && p.x < right && p.y > top && p.y < bottom;
  return inside ? Math.min(edge, HIT_TOLERANCE) : edge;
}

function textDistance(p: Pt, at: Pt, box: { width: number; height: number }): number {
  const dx = Math.max(at.x - p.x, 0, p.x - (at.x + box.width));
  const dy = Math.max(at.y - box.height / 2 - p.y, 0, p.y - (at.y + box.height / 2));
  return Math.hypot(dx, dy);
}

/** How far `p` is from the drawing's line or area, in pixels. */
export function shapeDistance(shape: Shape, p: Pt, pane: PaneSize): number {
  const [a, b] = shape.pts as [Pt, Pt | undefined];
  switch (shape.kind) {
    case 'horizontal':
      return Math.abs(p.y - a.y);
    case 'vertical':
      return Math.abs(p.x - a.x);
    case 'text':
      return textDistance(p, a, shape.box ?? { width: 0, height: 0 });
    case 'trend':
      return distanceToSegment(p, a, b!);
    case 'ray':
      return distanceToSegment(p, a, rayEnd(a, b!, pane));
    case 'rectangle':
      return rectangleDistance(p, a, b!);
    case 'fibonacci': {
      const left = Math.min(a.x, b!.x);
      const right = Math.max(a.x, b!.x);
      const levels = fibonacciYs(a, b!).map((y) => distanceToSegment(p, { x: left, y }, { x: right, y }));
      return Math.min(distanceToSegment(p, a, b!), ...levels);
    }
  }
}

/**
 * What the pointer at `p` is on: first a handle of the selected drawing, then the nearest drawing
 * within reach, the one drawn last (on top) when two are as near.
 */
export function hitTest(shapes: readonly Shape[], p: Pt, pane: PaneSize, selectedId: string | null): Hit | null {
  const selected = shapes.find((s) => s.id === selectedId);
  const handle = selected?.pts.findIndex((pt) => dist(pt, p) <= HANDLE_REACH) ?? -1;
  if (selected && handle >= 0) return { id: selected.id, part: handle };
  let best: { id: string; d: number } | null = null;
  for (const shape of shapes) {
    const d = shapeDistance(shape, p, pane);
    if (d <= HIT_TOLERANCE && (!best || d <= best.d)) best = { id: shape.id, d };
  }
  return best && { id: best.id, part: 'body' };
}

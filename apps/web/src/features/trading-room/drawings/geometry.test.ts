import { describe, expect, it } from 'vitest';
import { distanceToSegment, fibonacciPrices, fibonacciYs, hitTest, rayEnd, type Shape, shapeDistance } from './geometry';

const pane = { width: 800, height: 400 };

describe('distance to a segment', () => {
  it('is the perpendicular distance beside the segment and the distance to the nearer end past it', () => {
    expect(distanceToSegment({ x: 50, y: 10 }, { x: 0, y: 0 }, { x: 100, y: 0 })).toBe(10);
    expect(distanceToSegment({ x: 130, y: 40 }, { x: 0, y: 0 }, { x: 100, y: 0 })).toBe(50);
    expect(distanceToSegment({ x: 3, y: 4 }, { x: 0, y: 0 }, { x: 0, y: 0 })).toBe(5);
  });
});

describe('ray', () => {
  it('runs from its first point through its second to the edge of the pane', () => {
    expect(rayEnd({ x: 100, y: 300 }, { x: 200, y: 250 }, pane)).toEqual({ x: 700, y: 0 });
    expect(rayEnd({ x: 100, y: 100 }, { x: 200, y: 100 }, pane)).toEqual({ x: 800, y: 100 });
    expect(rayEnd({ x: 400, y: 100 }, { x: 300, y: 200 }, pane)).toEqual({ x: 100, y: 400 });
    expect(rayEnd({ x: 10, y: 10 }, { x: 10, y: 10 }, pane)).toEqual({ x: 10, y: 10 });
  });

  it('is picked along its extension, not behind its first point', () => {
    const ray: Shape = { id: 'r', kind: 'ray', pts: [{ x: 100, y: 100 }, { x: 200, y: 100 }] };
    expect(shapeDistance(ray, { x: 600, y: 104 }, pane)).toBe(4);
    expect(shapeDistance(ray, { x: 50, y: 100 }, pane)).toBe(50);
  });
});

describe('Fibonacci retracement', () => {
  it('puts 0 at the second point, 1 at the first and the ratios between', () => {
    const levels = fibonacciPrices({ time: 0, price: 1.1 }, { time: 60, price: 1.2 });
    expect(levels.map((l) => l.level)).toEqual([0, 0.236, 0.382, 0.5, 0.618, 0.786, 1]);
    const prices = levels.map((l) => Number(l.price.toFixed(5)));
    expect(prices).toEqual([1.2, 1.1764, 1.1618, 1.15, 1.1382, 1.1214, 1.1]);
  });

  it('retraces downwards as well', () => {
    const prices = fibonacciPrices({ time: 0, price: 200 }, { time: 60, price: 100 }).map((l) => l.price);
    expect(prices[0]).toBe(100);
    expect(prices[3]).toBe(150);
    expect(prices[4]).toBeCloseTo(161.8, 9);
    expect(prices[6]).toBe(200);
  });

  it('is picked on any level between its points, and on its diagonal', () => {
    const fib: Shape = { id: 'f', kind: 'fibonacci', pts: [{ x: 100, y: 300 }, { x: 300, y: 100 }] };
    expect(fibonacciYs(fib.pts[0]!, fib.pts[1]!)[3]).toBe(200);
    expect(shapeDistance(fib, { x: 150, y: 202 }, pane)).toBe(2);
    expect(shapeDistance(fib, { x: 200, y: 100 - 3 }, pane)).toBe(3);
    // Beside the levels, left of the drawing.
    expect(shapeDistance(fib, { x: 60, y: 200 }, pane)).toBeGreaterThan(30);
  });
});

describe('hit test', () => {
  const trend: Shape = { id: 'trend', kind: 'trend', pts: [{ x: 100, y: 100 }, { x: 300, y: 300 }] };
  const level: Shape = { id: 'level', kind: 'horizontal', pts: [{ x: 500, y: 200 }] };
  const vertical: Shape = { id: 'vertical', kind: 'vertical', pts: [{ x: 600, y: 50 }] };
  const zone: Shape = { id: 'zone', kind: 'rectangle', pts: [{ x: 400, y: 250 }, { x: 700, y: 350 }] };
  const note: Shape = { id: 'note', kind: 'text', pts: [{ x: 50, y: 350 }], box: { width: 80, height: 16 } };
  const shapes = [trend, level, vertical, zone, note];

  it('picks the line under the pointer within a few pixels, and nothing farther away', () => {
    expect(hitTest(shapes, { x: 200, y: 204 }, pane, null)).toEqual({ id: 'trend', part: 'body' });
    expect(hitTest(shapes, { x: 20, y: 197 }, pane, null)).toEqual({ id: 'level', part: 'body' });
    expect(hitTest(shapes, { x: 605, y: 20 }, pane, null)).toEqual({ id: 'vertical', part: 'body' });
    expect(hitTest(shapes, { x: 100, y: 352 }, pane, null)).toEqual({ id: 'note', part: 'body' });
    expect(hitTest(shapes, { x: 200, y: 230 }, pane, null)).toBeNull();
  });

  it('picks a rectangle by its edges or inside, a line across it first', () => {
    expect(hitTest(shapes, { x: 550, y: 252 }, pane, null)).toEqual({ id: 'zone', part: 'body' });
    expect(hitTest(shapes, { x: 500, y: 300 }, pane, null)).toEqual({ id: 'zone', part: 'body' });
    // The vertical line at x = 600 crosses the rectangle: near it, the line wins.
    expect(hitTest(shapes, { x: 602, y: 300 }, pane, null)).toEqual({ id: 'vertical', part: 'body' });
  });

  it('takes the one drawn last when two are as near', () => {
    const twin: Shape = { ...level, id: 'twin' };
    expect(hitTest([level, twin], { x: 10, y: 200 }, pane, null)?.id).toBe('twin');
  });

  it("offers the selected drawing's points as handles, before anything under them", () => {
    expect(hitTest(shapes, { x: 303, y: 296 }, pane, 'trend')).toEqual({ id: 'trend', part: 1 });
    expect(hitTest(shapes, { x: 97, y: 102 }, pane, 'trend')).toEqual({ id: 'trend', part: 0 });
    // Not selected: the same place is the line itself.
    expect(hitTest(shapes, { x: 303, y: 296 }, pane, null)).toEqual({ id: 'trend', part: 'body' });
    expect(hitTest(shapes, { x: 700, y: 352 }, pane, 'zone')).toEqual({ id: 'zone', part: 1 });
  });
});

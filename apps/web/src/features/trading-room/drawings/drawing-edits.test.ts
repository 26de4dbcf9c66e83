import { describe, expect, it } from 'vitest';
import type { Drawing } from '@bourse/contract';
import { record, redo, startHistory, undo, UNDO_DEPTH } from './drawing-history';
import { anchor, createDrawing, hasExtent, moveDrawing, movePoint, newDrawingId } from './drawing-edits';
import { timeAxis } from './time-axis';

const T = 1_767_258_000;
const axis = timeAxis([T, T + 60, T + 120, T + 600], 60);
const trend: Drawing = { id: 'a', kind: 'trend', color: 'blue', points: [{ time: T, price: 1.1 }, { time: T + 120, price: 1.2 }] };
const level: Drawing = { id: 'b', kind: 'horizontal', color: 'blue', points: [{ time: T, price: 1.15 }] };

describe('drawing edits', () => {
  it('moves every point by the same bars and price, across a gap in the bars', () => {
    const moved = moveDrawing(trend, 1, 0.01, axis, 5);
    // Bar 0 → bar 1, and bar 2 → bar 3 (the bar after the pause).
    expect(moved.points).toEqual([{ time: T + 60, price: 1.11 }, { time: T + 600, price: 1.21 }]);
    expect(moveDrawing(trend, -0.5, 0, axis, 5).points[0]).toEqual({ time: T - 30, price: 1.1 });
  });

  it('moves a horizontal line only up and down, a vertical one only sideways', () => {
    expect(moveDrawing(level, 2, -0.05, axis, 5).points).toEqual([{ time: T, price: 1.1 }]);
    const vertical: Drawing = { ...level, kind: 'vertical' };
    expect(moveDrawing(vertical, 2, -0.05, axis, 5).points).toEqual([{ time: T + 120, price: 1.15 }]);
  });

  it('moves one point, rounds points as the server keeps them, and names drawings apart', () => {
    expect(movePoint(trend, 1, { time: T + 60, price: 1.3 }).points).toEqual([trend.points[0], { time: T + 60, price: 1.3 }]);
    expect(anchor(T + 59.6, 1.234567, 3)).toEqual({ time: T + 60, price: 1.235 });
    const id = newDrawingId([trend]);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,16}$/);
    expect(id).not.toBe(trend.id);
  });

  it('creates each kind with the points it takes; a two-point drawing without length draws nothing', () => {
    const p = { time: T, price: 1 };
    expect(createDrawing('horizontal', 'x', 'red', p).points).toHaveLength(1);
    expect(createDrawing('text', 'x', 'red', p, p, 'note')).toEqual({ id: 'x', kind: 'text', color: 'red', points: [p], text: 'note' });
    const fib = createDrawing('fibonacci', 'x', 'red', p);
    expect(fib.points).toEqual([p, p]);
    expect(hasExtent(fib)).toBe(false);
    expect(hasExtent({ ...fib, points: [p, { time: T, price: 2 }] })).toBe(true);
  });
});

describe('undo and redo', () => {
  it('go back and forth through the changes, and a new change drops what was undone', () => {
    let h = startHistory([]);
    h = record(h, [trend]);
    h = record(h, [trend, level]);
    h = undo(h);
    expect(h.present).toEqual([trend]);
    h = undo(h);
    expect(h.present).toEqual([]);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toEqual([trend]);
    h = record(h, []);
    expect(redo(h)).toBe(h);
    expect(undo(h).present).toEqual([trend]);
  });

  it(`keep the last ${UNDO_DEPTH} steps`, () => {
    let h = startHistory([]);
    for (let i = 0; i < UNDO_DEPTH + 20; i++) h = record(h, [{ ...level, points: [{ time: T, price: i }] }]);
    expect(h.past).toHaveLength(UNDO_DEPTH);
    expect(record(h, h.present)).toBe(h);
  });
});

import type { Drawing } from '@bourse/contract';

/** The drawings on one chart with what undo and redo bring back, newest last. */
export type DrawingHistory = { past: Drawing[][]; present: Drawing[]; future: Drawing[][] };

/** Steps undo goes back at most. */
export const UNDO_DEPTH = 100;

export const startHistory = (present: Drawing[]): DrawingHistory => ({ past: [], present, future: [] });

/** `next` as the drawings now: undo brings back the present; what was undone can no longer be redone. */
export function record(history: DrawingHistory, next: Drawing[]): DrawingHistory {
  if (next === history.present) return history;
  return { past: [...history.past, history.present].slice(-UNDO_DEPTH), present: next, future: [] };
}

export function undo(history: DrawingHistory): DrawingHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: DrawingHistory): DrawingHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';
import type { Drawing, DrawingKind, DrawingPoint, IndicatorColor } from '@bourse/contract';
import { createDrawing, newDrawingId, type Tool } from './drawing-edits';
import { type DrawingHistory, record, redo, startHistory, undo } from './drawing-history';
import { DrawingToolbar } from './drawing-toolbar';
import { DrawingsPrimitive } from './drawings-primitive';
import { NoteDialog } from './note-dialog';
import { useDrawingGestures } from './use-drawing-gestures';
import { useDrawingKeys } from './use-drawing-keys';
import { useDrawingSaver } from './use-drawing-saver';

/** Each kind's colour: drawings of different kinds tell apart at a glance. */
const NOTE_COLOR: IndicatorColor = 'green';
const kindColors: Record<DrawingKind, IndicatorColor> = { trend: 'blue', ray: 'teal', horizontal: 'orange', vertical: 'purple', rectangle: 'blue', fibonacci: 'yellow', text: NOTE_COLOR };

export type DrawingLayerProps = {
  api: { chart: IChartApi; series: ISeriesApi<SeriesType> };
  assetId: number;
  digits: number;
  stepSeconds: number;
  /** The drawings kept for the instrument when the chart showed it. */
  initial: readonly Drawing[];
  /** Whether the toolbar is open: drawings are picked, moved and drawn only then. */
  editing: boolean;
  /** Where the toolbar goes, under the chart's header. */
  toolbarSlot: HTMLElement | null;
  palette: Record<IndicatorColor, string>;
  background: string;
  /** Keeps the list as it is now where the chart finds it when it comes back to the instrument. */
  remember: (drawings: readonly Drawing[]) => void;
};

/** A note being written: where it goes, or the note being rewritten. */
type NoteDraft = { at: DrawingPoint; note?: Drawing };

/**
 * The customer's drawings on the chart of one instrument, and, with the toolbar open, the tools to
 * draw, pick, move and delete them, with undo and redo. Loaded on demand: the room's first load
 * does not carry it.
 */
export default function DrawingLayer({ api, assetId, digits, stepSeconds, initial, editing, toolbarSlot, palette, background, remember }: DrawingLayerProps) {
  const [history, setHistory] = useState<DrawingHistory>(() => startHistory([...initial]));
  const [preview, setPreview] = useState<Drawing[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tool, setTool] = useState<Tool>('select');
  const [noteDraft, setNoteDraft] = useState<NoteDraft | null>(null);
  const [primitive] = useState(() => new DrawingsPrimitive());
  const drawings = history.present;
  const selected = drawings.find((d) => d.id === selectedId) ?? null;

  useDrawingSaver(assetId, drawings, remember);

  useEffect(() => {
    api.series.attachPrimitive(primitive);
    return () => api.series.detachPrimitive(primitive);
  }, [api, primitive]);

  useEffect(() => {
    primitive.setScene({ drawings: preview ?? drawings, selectedId: editing ? selectedId : null, editable: editing, palette, background, digits, stepSeconds });
  }, [primitive, preview, drawings, selectedId, editing, palette, background, digits, stepSeconds]);

  // Closing the toolbar puts the tools away.
  useEffect(() => {
    if (editing) return;
    setTool('select');
    setSelectedId(null);
  }, [editing]);

  const commit = useCallback((next: Drawing[]) => setHistory((h) => record(h, next)), []);
  const remove = useCallback(() => {
    if (!selectedId) return;
    commit(drawings.filter((d) => d.id !== selectedId));
    setSelectedId(null);
  }, [commit, drawings, selectedId]);
  const step = useCallback((move: typeof undo) => {
    setHistory((h) => move(h));
    setPreview(null);
  }, []);

  useDrawingGestures(api.chart, primitive, editing, {
    tool,
    drawings,
    selectedId,
    color: tool === 'select' ? 'blue' : kindColors[tool],
    digits,
    preview: setPreview,
    commit,
    select: setSelectedId,
    drawn: () => setTool('select'),
    askText: (at, note) => setNoteDraft({ at, note }),
  });
  useDrawingKeys(editing && !noteDraft, { undo: () => step(undo), redo: () => step(redo), remove, cancel: () => (tool === 'select' ? setSelectedId(null) : setTool('select')) });

  const saveNote = (text: string) => {
    const draft = noteDraft!;
    if (draft.note) return commit(drawings.map((d) => (d.id === draft.note!.id ? { ...d, text } : d)));
    const note = createDrawing('text', newDrawingId(drawings), kindColors.text, draft.at, draft.at, text);
    commit([...drawings, note]);
    setSelectedId(note.id);
    setTool('select');
  };

  return (
    <>
      <span hidden data-testid="drawings" data-count={drawings.length} data-selected={selectedId ?? ''} data-kinds={drawings.map((d) => d.kind).join(' ')} />
      {editing &&
        toolbarSlot &&
        createPortal(
          <DrawingToolbar
            tool={tool}
            onTool={(next) => {
              setTool(next);
              if (next !== 'select') setSelectedId(null);
            }}
            canUndo={history.past.length > 0}
            canRedo={history.future.length > 0}
            onUndo={() => step(undo)}
            onRedo={() => step(redo)}
            selected={selected}
            onDelete={remove}
            onEditNote={() => selected && setNoteDraft({ at: selected.points[0]!, note: selected })}
            count={drawings.length}
            onClear={() => {
              commit([]);
              setSelectedId(null);
            }}
          />,
          toolbarSlot,
        )}
      {noteDraft && <NoteDialog initial={noteDraft.note?.text} onClose={() => setNoteDraft(null)} onSave={saveNote} />}
    </>
  );
}

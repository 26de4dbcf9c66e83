import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';
import { clampSize, type LayoutSize, layoutSizes } from '../lib/room-layout';

const KEY_STEP_PX = 16;

type ResizeHandleProps = {
  label: string;
  size: LayoutSize;
  value: number;
  /** Which way a drag grows the panel: +1 rightwards or downwards, -1 leftwards or upwards (sideways mirrored right-to-left). */
  grows: 1 | -1;
  /** Between columns (drags sideways) or between rows (drags up and down). */
  between: 'columns' | 'rows';
  /** Each step of a drag, to show the new size at once. */
  onResize: (px: number) => void;
  /** The size to keep, when a drag ends or a key moves it. */
  onCommit: (px: number) => void;
  className?: string;
};

/** A splitter to drag, or to move with the arrow keys, that sizes the panel next to it. */
export function ResizeHandle({ label, size, value, grows, between, onResize, onCommit, className }: ResizeHandleProps) {
  const drag = useRef<{ from: number; start: number; last: number } | null>(null);
  const sideways = between === 'columns';
  // In a right-to-left page the columns are mirrored, and so is the way a sideways drag grows a panel.
  const way = () => (sideways && document.documentElement.dir === 'rtl' ? -grows : grows);
  const at = (e: PointerEvent) => (sideways ? e.clientX : e.clientY);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { from: at(e), start: value, last: value };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.last = clampSize(size, drag.current.start + way() * (at(e) - drag.current.from));
    onResize(drag.current.last);
  };
  const onPointerUp = () => {
    if (drag.current) onCommit(drag.current.last);
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const keys = sideways ? { ArrowRight: 1, ArrowLeft: -1 } : { ArrowDown: 1, ArrowUp: -1 };
    const dir = keys[e.key as keyof typeof keys];
    if (!dir) return;
    e.preventDefault();
    onCommit(clampSize(size, value + way() * dir * KEY_STEP_PX));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter is a separator with a value; <hr> cannot take focus or keys
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation={sideways ? 'vertical' : 'horizontal'}
      aria-valuenow={value}
      aria-valuemin={layoutSizes[size].min}
      aria-valuemax={layoutSizes[size].max}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      className={cn(
        'relative z-10 shrink-0 touch-none bg-transparent transition-colors select-none hover:bg-brand/40 focus-visible:bg-brand/60 focus-visible:outline-none',
        sideways ? '-mx-0.5 w-1 cursor-col-resize' : '-my-0.5 h-1 cursor-row-resize',
        className,
      )}
    />
  );
}

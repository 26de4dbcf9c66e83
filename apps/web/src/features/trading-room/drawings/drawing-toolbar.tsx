import { type KeyboardEvent, useRef } from 'react';
import {
  AlignVerticalSpaceAround,
  Eraser,
  type LucideIcon,
  MousePointer2,
  MoveUpRight,
  PencilLine,
  RectangleHorizontal,
  Redo2,
  SeparatorHorizontal,
  SeparatorVertical,
  Slash,
  Trash2,
  Type,
  Undo2,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import type { Tool } from './drawing-edits';

export const toolInfo: Record<Tool, { name: string; icon: LucideIcon; hint: string }> = {
  select: { name: msg('Select and move'), icon: MousePointer2, hint: msg('Click a drawing to select it, drag it to move it, drag a round handle to reshape it.') },
  trend: { name: msg('Trend line'), icon: Slash, hint: msg('Drag from the first point to the second, or click both.') },
  ray: { name: msg('Ray'), icon: MoveUpRight, hint: msg('Drag from where the ray starts towards where it points, or click both.') },
  horizontal: { name: msg('Horizontal line'), icon: SeparatorHorizontal, hint: msg('Click at the price for the line.') },
  vertical: { name: msg('Vertical line'), icon: SeparatorVertical, hint: msg('Click at the time for the line.') },
  rectangle: { name: msg('Rectangle'), icon: RectangleHorizontal, hint: msg('Drag from one corner to the opposite one, or click both.') },
  fibonacci: { name: msg('Fibonacci retracement'), icon: AlignVerticalSpaceAround, hint: msg('Drag from the start of the move to its end, or click both.') },
  text: { name: msg('Text note'), icon: Type, hint: msg('Click where the note goes, then write it.') },
};
const tools = Object.keys(toolInfo) as Tool[];

type Props = {
  tool: Tool;
  onTool: (tool: Tool) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  selected: { kind: string } | null;
  onDelete: () => void;
  onEditNote: () => void;
  count: number;
  onClear: () => void;
};

const buttonClass = 'flex size-8 shrink-0 items-center justify-center rounded text-muted hover:bg-panel-2 hover:text-fg disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * The drawing tools, one row that scrolls sideways on a narrow screen. A toolbar as WAI-ARIA
 * describes it: one stop of the Tab key, the arrow keys (Home, End) move between its buttons.
 */
export function DrawingToolbar(props: Props) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    // Right to left (Arabic), the right arrow goes back.
    const forward = bar.current && getComputedStyle(bar.current).direction === 'rtl' ? -1 : 1;
    const next = { ArrowRight: at + forward, ArrowLeft: at - forward, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined || !buttons.length) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length]!.focus();
  };
  // The Tab stop is the tool in use.
  const roving = (on: boolean) => ({ tabIndex: on ? 0 : -1 });
  const action = (label: string, Icon: LucideIcon, onClick: () => void, disabled: boolean, keys?: string) => (
    <button type="button" className={buttonClass} aria-label={label} title={label} onClick={onClick} disabled={disabled} aria-keyshortcuts={keys} {...roving(false)}>
      <Icon className="size-4" aria-hidden />
    </button>
  );

  return (
    <div className="flex items-center gap-2 border-b border-line px-2 py-0.5">
      <div ref={bar} role="toolbar" aria-label={t('Drawing tools')} onKeyDown={onKeyDown} className="flex min-w-0 flex-wrap items-center gap-0.5 sm:flex-nowrap sm:overflow-x-auto">
        {tools.map((tool) => {
          const { name, icon: Icon } = toolInfo[tool];
          const on = props.tool === tool;
          return (
            <button
              key={tool}
              type="button"
              aria-pressed={on}
              aria-label={t(name)}
              title={t(name)}
              onClick={() => props.onTool(tool)}
              className={cn(buttonClass, on && 'bg-brand/20 text-fg')}
              {...roving(on)}
            >
              <Icon className="size-4" aria-hidden />
            </button>
          );
        })}
        <span className="mx-1 hidden h-5 w-px shrink-0 bg-line sm:block" aria-hidden />
        {action(t('Undo'), Undo2, props.onUndo, !props.canUndo, 'Control+Z')}
        {action(t('Redo'), Redo2, props.onRedo, !props.canRedo, 'Control+Shift+Z Control+Y')}
        {props.selected?.kind === 'text' && action(t('Edit note'), PencilLine, props.onEditNote, false)}
        {action(t('Delete drawing'), Trash2, props.onDelete, !props.selected, 'Delete')}
        {action(t('Delete all drawings'), Eraser, props.onClear, props.count === 0)}
      </div>
      <p role="status" className="hidden min-w-0 flex-1 truncate text-end text-xs text-muted lg:block">
        {props.tool === 'select' && props.count === 0 ? '' : t(toolInfo[props.tool].hint)}
      </p>
    </div>
  );
}

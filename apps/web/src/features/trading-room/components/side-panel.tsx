import { useEffect, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

type SidePanelProps = {
  /** Already in the language shown. */
  title: string;
  /** The rail's side or the far side; both mirror in a right-to-left language. */
  side: 'left' | 'right';
  onClose?: () => void;
  /** Under 768 px the panel floats over the room on a dimmed backdrop (SPEC §2). */
  overlay: boolean;
  className?: string;
  /** Its width in px beside the chart (the user's size); an overlay keeps its own. */
  width?: number;
  children: ReactNode;
};

/** A column beside the chart on wide screens, an overlay with a backdrop on narrow ones. */
export function SidePanel({ title, side, onClose, overlay, className, width, children }: SidePanelProps) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!overlay || !onClose) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlay, onClose]);
  return (
    <>
      {overlay && <div className="fixed inset-0 z-40 bg-black/60" onClick={onClose} data-testid="panel-backdrop" aria-hidden />}
      <aside
        aria-label={title}
        className={cn(
          'flex min-h-0 flex-col bg-panel',
          overlay
            ? cn('fixed inset-y-0 z-50 w-[85vw] max-w-sm shadow-2xl', side === 'left' ? 'start-0 border-e' : 'end-0 border-s')
            : side === 'left' ? 'border-e' : 'border-s',
          'border-line',
          className,
        )}
        style={width === undefined ? undefined : { width }}
      >
        {onClose && (
          <div className="flex h-10 shrink-0 items-center justify-between border-b border-line pe-1 ps-3">
            <h2 className="text-xs font-semibold tracking-wider uppercase">{title}</h2>
            <button type="button" onClick={onClose} aria-label={t('Close {{title}}', { title })} className="rounded p-1.5 text-muted hover:bg-panel-2 hover:text-fg">
              <X className="size-4" aria-hidden />
            </button>
          </div>
        )}
        {children}
      </aside>
    </>
  );
}

import { cn } from '@/lib/cn';
import { railItems } from '../lib/room-panels';

/** SPEC §2 left rail: Trade Room is always highlighted; every other item toggles its panel. */
export function LeftRail({ openPanel, onToggle }: { openPanel: string | null; onToggle: (id: string | null) => void }) {
  return (
    <nav aria-label="Panels" className="flex w-12 shrink-0 flex-col items-center gap-1 border-r border-line bg-panel py-2 md:w-16">
      {railItems.map(({ id, label, Icon }) => {
        const home = id === 'trade-room';
        const highlighted = home || openPanel === id;
        return (
          <button
            key={id}
            type="button"
            onClick={() => onToggle(home ? null : openPanel === id ? null : id)}
            aria-pressed={home ? undefined : openPanel === id}
            aria-label={label}
            title={label}
            className={cn(
              'flex w-10 flex-col items-center gap-0.5 rounded-md py-1.5 text-[9px] leading-tight md:w-14',
              highlighted ? 'bg-brand/15 text-brand' : 'text-muted hover:bg-panel-2 hover:text-fg',
            )}
          >
            <Icon className="size-5" aria-hidden />
            <span className="hidden text-center md:block">{label}</span>
          </button>
        );
      })}
    </nav>
  );
}

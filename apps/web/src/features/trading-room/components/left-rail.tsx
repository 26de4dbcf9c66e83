import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { railItems } from '../lib/room-panels';

/** SPEC §2 left rail: Trade Room is always highlighted; every other item toggles its panel. */
export function LeftRail({ openPanel, onToggle }: { openPanel: string | null; onToggle: (id: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('Panels')} className="flex w-12 shrink-0 flex-col items-center gap-1 border-e border-line bg-panel py-2 md:w-16">
      {railItems.map(({ id, label, Icon }, index) => {
        const home = id === 'trade-room';
        const highlighted = home || openPanel === id;
        return (
          <button
            key={id}
            type="button"
            onClick={() => onToggle(home ? null : openPanel === id ? null : id)}
            aria-pressed={home ? undefined : openPanel === id}
            // Keys 1 to 5 open the panels below Trade Room.
            data-shortcut={home ? undefined : `panel-${index}`}
            aria-keyshortcuts={home ? undefined : String(index)}
            aria-label={t(label)}
            title={t(label)}
            className={cn(
              'flex w-10 flex-col items-center gap-0.5 rounded-md py-1.5 text-[9px] leading-tight md:w-14',
              highlighted ? 'bg-brand/15 text-fg' : 'text-muted hover:bg-panel-2 hover:text-fg',
            )}
          >
            <Icon className="size-5" aria-hidden />
            <span className="hidden text-center md:block">{t(label)}</span>
          </button>
        );
      })}
    </nav>
  );
}

import { useState, type ReactNode } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { useDisplayMoney } from '@/stores/currency-store';
import { useAccountSummary } from '../hooks/use-account-summary';

const tabs = [
  { id: 'active', label: msg('ACTIVE POSITIONS') },
  { id: 'history', label: msg('POSITIONS HISTORY') },
  { id: 'activity', label: msg('ACTIVITY') },
] as const;
type TabId = (typeof tabs)[number]['id'];

type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Its height in px when open (the SPEC's 200 unless the user resized it). */
  height: number;
  active: ReactNode;
  history: ReactNode;
  /** The account's activity log, after the SPEC's two tabs. */
  activity: ReactNode;
};

/** SPEC §2 bottom drawer (200 px, resizable): positions in two tabs and the activity log, or a collapsed "Total Portfolio" bar. */
export function PositionsDrawer({ open, onOpenChange, height, active, history, activity }: DrawerProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('active');
  const summary = useAccountSummary();
  const money = useDisplayMoney(summary.currency);
  if (!open) {
    return (
      <div className="flex h-10 shrink-0 items-center gap-2 border-t border-line bg-panel px-2 text-xs md:gap-3 md:px-3" data-testid="portfolio-bar">
        <span className="text-[10px] font-semibold tracking-wider whitespace-nowrap text-muted uppercase md:text-xs">{t('Total Portfolio')}</span>
        <span className="min-w-0 truncate font-mono tabular-nums">{money(summary.equity)}</span>
        <button type="button" onClick={() => onOpenChange(true)} data-shortcut="positions" aria-keyshortcuts="P" className="ms-auto flex shrink-0 items-center gap-1 rounded px-1.5 py-1 font-medium whitespace-nowrap text-brand hover:bg-panel-2">
          <ChevronUp className="hidden size-3.5 md:block" aria-hidden /> {t('Show Positions')}
        </button>
      </div>
    );
  }
  return (
    <section
      aria-label={t('Positions')}
      className="flex max-h-[60dvh] shrink-0 flex-col border-t border-line bg-panel"
      style={{ height }}
      data-testid="positions-drawer"
    >
      <div className="flex items-center border-b border-line">
        <div role="tablist" aria-label={t('Positions')} className="flex min-w-0 overflow-x-auto">
          {tabs.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              aria-selected={item.id === tab}
              onClick={() => setTab(item.id)}
              className={cn(
                'shrink-0 border-b-2 px-3 py-2 text-[11px] font-semibold tracking-wider',
                item.id === tab ? 'border-brand text-fg' : 'border-transparent text-muted hover:text-fg',
              )}
            >
              {t(item.label)}
            </button>
          ))}
        </div>
        <button type="button" onClick={() => onOpenChange(false)} aria-label={t('Hide positions')} data-shortcut="positions" aria-keyshortcuts="P" className="ms-auto me-2 rounded p-1 text-muted hover:bg-panel-2 hover:text-fg">
          <ChevronDown className="size-4" aria-hidden />
        </button>
      </div>
      <div role="tabpanel" className="min-h-0 flex-1 overflow-auto">
        {{ active, history, activity }[tab]}
      </div>
    </section>
  );
}

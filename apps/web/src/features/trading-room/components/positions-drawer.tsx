import { useState, type ReactNode } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useDisplayMoney } from '@/stores/currency-store';
import { useAccountSummary } from '../hooks/use-account-summary';

const tabs = [
  { id: 'active', label: 'ACTIVE POSITIONS' },
  { id: 'history', label: 'POSITIONS HISTORY' },
] as const;
type TabId = (typeof tabs)[number]['id'];

type DrawerProps = { open: boolean; onOpenChange: (open: boolean) => void; active: ReactNode; history: ReactNode };

/** SPEC §2 bottom drawer (200 px): positions in two tabs, or a collapsed "Total Portfolio" bar. */
export function PositionsDrawer({ open, onOpenChange, active, history }: DrawerProps) {
  const [tab, setTab] = useState<TabId>('active');
  const summary = useAccountSummary();
  const money = useDisplayMoney(summary.currency);
  if (!open) {
    return (
      <div className="flex h-10 shrink-0 items-center gap-2 border-t border-line bg-panel px-2 text-xs md:gap-3 md:px-3" data-testid="portfolio-bar">
        <span className="text-[10px] font-semibold tracking-wider whitespace-nowrap text-muted uppercase md:text-xs">Total Portfolio</span>
        <span className="min-w-0 truncate font-mono tabular-nums">{money(summary.equity)}</span>
        <button type="button" onClick={() => onOpenChange(true)} className="ml-auto flex shrink-0 items-center gap-1 rounded px-1.5 py-1 font-medium whitespace-nowrap text-brand hover:bg-panel-2">
          <ChevronUp className="hidden size-3.5 md:block" aria-hidden /> Show Positions
        </button>
      </div>
    );
  }
  return (
    <section aria-label="Positions" className="flex h-[200px] shrink-0 flex-col border-t border-line bg-panel" data-testid="positions-drawer">
      <div className="flex items-center border-b border-line">
        <div role="tablist" aria-label="Positions" className="flex min-w-0 overflow-x-auto">
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={t.id === tab}
              onClick={() => setTab(t.id)}
              className={cn(
                'shrink-0 border-b-2 px-3 py-2 text-[11px] font-semibold tracking-wider',
                t.id === tab ? 'border-brand text-fg' : 'border-transparent text-muted hover:text-fg',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        <button type="button" onClick={() => onOpenChange(false)} aria-label="Hide positions" className="ml-auto mr-2 rounded p-1 text-muted hover:bg-panel-2 hover:text-fg">
          <ChevronDown className="size-4" aria-hidden />
        </button>
      </div>
      <div role="tabpanel" className="min-h-0 flex-1 overflow-auto">
        {tab === 'active' ? active : history}
      </div>
    </section>
  );
}

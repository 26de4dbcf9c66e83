import { useTranslation } from 'react-i18next';
import type { StrategyKey } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { msg } from '@/i18n/i18n';
import { type BacktestSummary, useBacktests } from '../api/backtests';
import { useCatalogue } from '../hooks/use-catalogue';

const statusText: Record<BacktestSummary['status'], string> = { queued: msg('Queued'), running: msg('Running'), done: msg('Done'), failed: msg('Failed') };
const day = (iso: string) => iso.slice(0, 10);

/** The caller's earlier runs of this strategy (or advisor); one opens its report again. */
export function BacktestHistory({ strategy, eaId, onOpen }: { strategy: StrategyKey; eaId?: number; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const runs = useBacktests();
  const { assets } = useCatalogue();
  if (runs.isPending) return <Spinner label={t('Loading earlier runs')} />;
  if (runs.isError) {
    return (
      <p className="text-xs text-muted">
        {t('Earlier runs could not be loaded.')}{' '}
        <button type="button" className="text-brand hover:underline" onClick={() => runs.refetch()}>
          {t('Retry')}
        </button>
      </p>
    );
  }
  const mine = runs.data.filter((r) => r.strategy === strategy && (eaId === undefined || r.ea_id === eaId)).slice(0, 5);
  if (mine.length === 0) return null;
  const symbol = (id: number) => assets.find((a) => a.asset_id === id)?.symbol_display ?? `#${id}`;
  return (
    <section aria-label={t('Earlier runs')} className="flex flex-col gap-1.5">
      <h3 className="text-xs font-semibold tracking-wider text-muted uppercase">{t('Earlier runs')}</h3>
      <ul className="flex flex-col gap-1">
        {mine.map((r) => (
          <li key={r.id} className="flex items-center justify-between gap-2 rounded-md border border-line px-3 py-1.5 text-xs">
            <span className="min-w-0 truncate">
              {symbol(r.asset_id)} · {r.timeframe} · {day(r.from)} <span className="inline-block rtl:rotate-180">→</span> {day(r.to)} · {t(statusText[r.status])}
            </span>
            <Button size="sm" variant="ghost" onClick={() => onOpen(r.id)}>
              {t('Open', { context: 'action' })}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

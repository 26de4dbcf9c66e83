import { lazy, type ReactElement, Suspense, useState } from 'react';
import { Slot } from 'radix-ui';
import { LineChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StrategyKey } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

// The form (zod schemas), the chart and the report load when the dialog first opens.
const BacktestPanel = lazy(() => import('./components/backtest-panel').then((m) => ({ default: m.BacktestPanel })));

export type BacktestDialogProps = {
  strategy: StrategyKey;
  /** The catalogue advisor being tested, when it is one; its strategy runs with the parameters given. */
  eaId?: number;
  eaName: string;
  defaultParams: Record<string, unknown>;
  /** The element that opens the dialog; a "Backtest" button when omitted. */
  trigger?: ReactElement;
};

/** "Backtest" button and dialog: settings, progress while the run goes on, then its report. */
export function BacktestDialog({ strategy, eaId, eaName, defaultParams, trigger }: BacktestDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [runId, setRunId] = useState<number | null>(null);
  return (
    <>
      {trigger ? (
        <Slot.Root onClick={() => setOpen(true)}>{trigger}</Slot.Root>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          <LineChart className="size-4" aria-hidden />
          {t('Backtest')}
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('Backtest {{name}}', { name: eaName })}
        description={t("Run the advisor over past prices with spreads and the engine's fill rules.")}
        className="max-w-4xl!"
      >
        {open && (
          <Suspense fallback={<Spinner />}>
            <BacktestPanel strategy={strategy} eaId={eaId} defaultParams={defaultParams} runId={runId} onRunChange={setRunId} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Backtest, BacktestRequest, StrategyKey } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useBacktest, useStartBacktest } from '../api/backtests';
import { type BacktestFormValues, defaultParams as withDefaults } from '../backtest-params';
import { BacktestForm } from './backtest-form';
import { BacktestHistory } from './backtest-history';
import { BacktestReport } from './backtest-report';

type Props = {
  strategy: StrategyKey;
  eaId?: number;
  defaultParams: Record<string, unknown>;
  /** The run shown, kept by the dialog so closing and reopening it returns to the same run. */
  runId: number | null;
  onRunChange: (id: number | null) => void;
};

/** The request for the form's values: whole UTC days, the end capped at now. */
function requestOf(values: BacktestFormValues, strategy: StrategyKey, eaId?: number): BacktestRequest {
  const to = Math.min(Date.parse(`${values.to}T23:59:59Z`), Date.now());
  return {
    ...(eaId === undefined ? { strategy } : { ea_id: eaId }),
    params: values.params,
    asset_id: values.asset_id,
    timeframe: values.timeframe,
    from: `${values.from}T00:00:00.000Z`,
    to: new Date(to).toISOString(),
    initial_balance: values.initial_balance,
  };
}

/** The dialog's content: the settings form, then the run's progress and its report. */
export function BacktestPanel({ strategy, eaId, defaultParams, runId, onRunChange: setRunId }: Props) {
  const { t } = useTranslation();
  const [params] = useState(() => withDefaults(strategy, defaultParams));
  const [previous, setPrevious] = useState<BacktestFormValues | null>(null);
  const start = useStartBacktest();
  const run = useBacktest(runId);

  if (runId === null) {
    return (
      <div className="flex flex-col gap-3">
        {start.isError && <Alert variant="destructive">{errorMessage(start.error, t('The backtest could not start. Please try again.'))}</Alert>}
        <BacktestForm
          strategy={strategy}
          defaultParams={params}
          previous={previous}
          submitting={start.isPending}
          onSubmit={(values) => {
            setPrevious(values);
            start.mutate(requestOf(values, strategy, eaId), { onSuccess: (created) => setRunId(created.id) });
          }}
        />
        <BacktestHistory strategy={strategy} eaId={eaId} onOpen={setRunId} />
      </div>
    );
  }
  const again = () => {
    start.reset();
    setRunId(null);
  };
  if (run.isError) return <RunError message={errorMessage(run.error, t('Failed to load the backtest.'))} onBack={again} retry={() => run.refetch()} />;
  if (!run.data) return <Spinner label={t('Loading the backtest')} />;
  return <RunView run={run.data} onBack={again} />;
}

function RunView({ run, onBack }: { run: Backtest; onBack: () => void }) {
  const { t } = useTranslation();
  const back = (
    <Button variant="secondary" size="sm" onClick={onBack} className="self-start">
      {t('Change settings')}
    </Button>
  );
  if (run.status === 'failed') return <RunError message={run.error ?? t('The backtest failed.')} onBack={onBack} />;
  if (run.status !== 'done' || !run.report) {
    return (
      <div className="flex flex-col gap-2 py-4">
        <p className="text-sm" aria-live="polite">
          {run.status === 'queued'
            ? t('Waiting for a free worker…')
            : run.progress === 0
              ? t('Preparing price history…')
              : t('Running… {{progress}}%', { progress: run.progress })}
        </p>
        <div role="progressbar" aria-label={t('Backtest progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={run.progress} className="h-2 overflow-hidden rounded-full bg-panel-2">
          <div className="h-full bg-brand-solid transition-[width] duration-300" style={{ width: `${run.progress}%` }} />
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {back}
      <BacktestReport report={run.report} />
    </div>
  );
}

function RunError({ message, onBack, retry }: { message: string; onBack: () => void; retry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <Alert variant="destructive">{message}</Alert>
      <div className="flex gap-2">
        {retry && (
          <Button variant="secondary" size="sm" onClick={retry}>
            {t('Retry')}
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={onBack}>
          {t('Change settings')}
        </Button>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { appropriatenessMessages, type AppropriatenessStatus } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/date-time';
import { errorMessage } from '@/lib/api-client';
import { useTimeZone } from '@/stores/preferences-store';
import { opensLiveAccounts, useAcknowledgeWarning } from '../api/appropriateness';
import { AppropriatenessForm } from './appropriateness-form';

type StepProps = { status: AppropriatenessStatus; onAllowed: (status: AppropriatenessStatus) => void; onCancel: () => void };

function Score({ status }: { status: AppropriatenessStatus }) {
  const { t } = useTranslation();
  if (!status.assessment) return null;
  return (
    <p className="text-sm" data-testid="appropriateness-score">
      {t('Your answers scored {{score}} of {{max}} points; we consider CFDs appropriate from {{pass}}.', {
        score: status.assessment.score,
        max: status.max_score,
        pass: status.pass_score,
      })}
    </p>
  );
}

/** Below the pass score in `warn` mode: the warning, and the customer's confirmation to go on. */
function Warning({ status, onAllowed, onCancel }: StepProps) {
  const { t } = useTranslation();
  const [read, setRead] = useState(false);
  const acknowledge = useAcknowledgeWarning();
  const confirm = async () => {
    try {
      onAllowed((await acknowledge.mutateAsync(undefined)).data);
    } catch (error) {
      toast.error(errorMessage(error, t('Your confirmation could not be sent. Please try again.')));
    }
  };
  return (
    <div className="flex flex-col gap-4" data-testid="appropriateness-warning">
      <Alert variant="warning" title={t('CFDs may not be appropriate for you')}>
        {t(
          'From your answers, you may not have the knowledge or experience to understand the risks of CFDs. They are complex instruments and come with a high risk of losing money rapidly due to leverage. You may still go on if you wish.',
        )}
      </Alert>
      <Score status={status} />
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line bg-panel-2/60 p-3.5 text-sm leading-relaxed">
        <input type="checkbox" checked={read} onChange={(e) => setRead(e.target.checked)} className="mt-0.5 size-4 shrink-0 accent-brand" />
        <span>{t('I have read this warning and understand that CFDs may not be appropriate for me. I wish to go on.')}</span>
      </label>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button onClick={() => void confirm()} disabled={!read} loading={acknowledge.isPending}>
          {t('Continue')}
        </Button>
      </div>
    </div>
  );
}

/** Below the pass score in `refuse` mode: why, and when the questions may be answered again. */
function Refused({ status, onRetake, onCancel }: { status: AppropriatenessStatus; onRetake: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const retakeAt = status.retake_at;
  const canRetake = retakeAt !== null && Date.parse(retakeAt) <= Date.now();
  return (
    <div className="flex flex-col gap-4" data-testid="appropriateness-refused">
      <Alert variant="destructive" title={t('A live account cannot be opened')}>
        {t(appropriatenessMessages.refused)}
      </Alert>
      <Score status={status} />
      {retakeAt && !canRetake && <p className="text-sm text-muted">{t('You may answer the questions again from {{date}}.', { date: formatDateTime(retakeAt, zone, true) })}</p>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('Close')}
        </Button>
        {canRetake && <Button onClick={onRetake}>{t('Answer the questions again')}</Button>}
      </div>
    </div>
  );
}

/**
 * What a customer goes through before a live account, from where they stand: the questions, then
 * the warning to confirm or the refusal when their answers fall below the pass score. `onAllowed`
 * once live accounts are open to them.
 */
export function AppropriatenessStep({ status: initial, onAllowed, onCancel }: StepProps) {
  const [status, setStatus] = useState(initial);
  const [retaking, setRetaking] = useState(false);
  const next = (answered: AppropriatenessStatus) => {
    setRetaking(false);
    setStatus(answered);
    if (opensLiveAccounts(answered.state)) onAllowed(answered);
  };
  if (status.state === 'required' || retaking) return <AppropriatenessForm onAnswered={next} onCancel={onCancel} />;
  if (status.state === 'acknowledge') return <Warning status={status} onAllowed={next} onCancel={onCancel} />;
  if (status.state === 'refused') return <Refused status={status} onRetake={() => setRetaking(true)} onCancel={onCancel} />;
  return null;
}

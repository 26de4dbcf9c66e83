import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useCanDecide } from '@/hooks/use-can-decide';
import { errorMessage, serverWords } from '@/lib/api-client';
import { ReadOnlyNote } from './read-only-note';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n/i18n';

export type RequestDecision = { approve: true } | { approve: false; reason: string };

/**
 * Approve and Reject buttons for a back-office request; Reject asks for the reason first. `who`
 * names the customer in the buttons' accessible names, so a list of requests stays readable.
 * Support staff see that the request waits for an admin instead.
 */
export function RequestDecisionControls(props: { who: string; busy: boolean; onDecide: (d: RequestDecision) => Promise<{ message: string }> }) {
  const { t } = useTranslation();
  const canDecide = useCanDecide();
  if (!canDecide) return <ReadOnlyNote>{t("Waiting for an admin's decision")}</ReadOnlyNote>;
  return <DecisionButtons {...props} />;
}

function DecisionButtons({ who, busy, onDecide }: { who: string; busy: boolean; onDecide: (d: RequestDecision) => Promise<{ message: string }> }) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const send = async (d: RequestDecision) => {
    try {
      toast.success(serverWords((await onDecide(d)).message));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not save the decision')));
    }
  };
  if (rejecting) {
    return (
      <form
        className="flex w-full flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void send({ approve: false, reason });
        }}
      >
        <TextField label={t('Reason')} value={reason} onChange={(e) => setReason(e.target.value)} className="min-w-48 flex-1" required maxLength={500} autoFocus />
        <Button type="submit" variant="danger" disabled={busy || reason.trim() === ''}>
          {t('Reject')}
        </Button>
        <Button variant="ghost" onClick={() => setRejecting(false)}>
          {t('Cancel')}
        </Button>
      </form>
    );
  }
  return (
    <div className="flex gap-2">
      <Button variant="buy" size="sm" disabled={busy} onClick={() => void send({ approve: true })} aria-label={t('Approve {{who}}', { who })}>
        {t('Approve')}
      </Button>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => setRejecting(true)} aria-label={t('Reject {{who}}', { who })}>
        {t('Reject')}
      </Button>
    </div>
  );
}

/** Who decided a request and when, with the reason of a rejection. */
export function RequestOutcome({ status, decidedBy, decidedAt, reason }: { status: 'approved' | 'rejected'; decidedBy: string | null; decidedAt: string | null; reason: string | null }) {
  const { t } = useTranslation();
  const name = decidedBy ?? t('an operator');
  const date = decidedAt ? new Date(decidedAt).toLocaleString(currentLocale()) : null;
  let text: string;
  if (status === 'approved') text = date ? t('Approved by {{name}} on {{date}}', { name, date }) : t('Approved by {{name}}', { name });
  else text = date ? t('Rejected by {{name}} on {{date}}. Reason: {{reason}}', { name, date, reason: String(reason) }) : t('Rejected by {{name}}. Reason: {{reason}}', { name, reason: String(reason) });
  return <p className="basis-full text-xs text-muted">{text}</p>;
}

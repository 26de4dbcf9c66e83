import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { AmlHit, AmlHitStatus } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Requester } from '@/components/requester';
import { TextField } from '@/components/ui/field';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { errorMessage, serverWords } from '@/lib/api-client';
import { type HitDecision, useAmlHits, useDecideHit } from '../api/aml';

const statusLabel: Record<AmlHitStatus, string> = { open: msg('Open'), cleared: msg('Cleared'), confirmed: msg('Confirmed') };
const statusClass: Record<AmlHitStatus, string> = { open: 'text-brand', cleared: 'text-up', confirmed: 'text-down' };
const listLabel = { eu: msg('EU'), ofac: msg('OFAC') } as const;
const ruleLabel = {
  single_amount: msg('Single amount over the limit'),
  daily_count: msg('Too many requests in 24 hours'),
  daily_sum: msg('Sum in 24 hours over the limit'),
} as const;

/** What was screened against what, or which rule a request broke. */
function HitDetail({ hit }: { hit: AmlHit }) {
  const { t } = useTranslation();
  if (hit.kind === 'sanctions') {
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted">{t('Screened')}</dt>
        <dd>
          {hit.screened_name}
          {hit.screened_birth_date && <span className="text-muted"> · {hit.screened_birth_date}</span>}
        </dd>
        <dt className="text-muted">{t('Listed')}</dt>
        <dd>
          <span dir="auto">{hit.matched_name}</span>{' '}
          <span className="text-muted">
            ({t(listLabel[hit.source ?? 'eu'])} {hit.entry_reference})
          </span>
        </dd>
        <dt className="text-muted">{t('Score')}</dt>
        <dd className="tabular-nums" data-testid="aml-hit-score">
          {hit.score?.toFixed(2)}
        </dd>
      </dl>
    );
  }
  return (
    <p className="text-sm">
      {hit.rule ? t(ruleLabel[hit.rule]) : null} · {t('Request #{{id}}', { id: hit.money_request_id })}
    </p>
  );
}

/** Clear (a false positive) or Confirm, each with the reason. */
function DecisionForm({ hit }: { hit: AmlHit }) {
  const { t } = useTranslation();
  const decide = useDecideHit();
  const [reason, setReason] = useState('');
  const send = async (decision: HitDecision['decision']) => {
    try {
      toast.success(serverWords((await decide.mutateAsync({ id: hit.id, decision, reason })).message));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not save the decision')));
    }
  };
  const ready = reason.trim() !== '' && !decide.isPending;
  return (
    <form className="flex w-full flex-wrap items-end gap-2" onSubmit={(e) => e.preventDefault()}>
      <TextField label={t('Reason')} value={reason} onChange={(e) => setReason(e.target.value)} className="min-w-48 flex-1" maxLength={500} />
      <Button variant="secondary" disabled={!ready} onClick={() => void send('clear')} aria-label={t('Clear the hit on {{who}}', { who: hit.email })}>
        {t('Clear')}
      </Button>
      <Button variant="danger" disabled={!ready} onClick={() => void send('confirm')} aria-label={t('Confirm the hit on {{who}}', { who: hit.email })}>
        {t('Confirm')}
      </Button>
    </form>
  );
}

/** The review queue: sanctions hits and flagged requests, open ones by default. */
export function ReviewQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AmlHitStatus | 'all'>('open');
  const hits = useAmlHits(status);
  const filters: { value: AmlHitStatus | 'all'; label: string }[] = [
    { value: 'open', label: t('Open') },
    { value: 'all', label: t('All') },
  ];
  return (
    <div className="space-y-3">
      <fieldset className="flex gap-2">
        <legend className="sr-only">{t('Show')}</legend>
        {filters.map((f) => (
          <Button key={f.value} size="sm" variant={status === f.value ? 'primary' : 'secondary'} aria-pressed={status === f.value} onClick={() => setStatus(f.value)}>
            {f.label}
          </Button>
        ))}
      </fieldset>
      {hits.isPending && <Spinner />}
      {hits.isError && <LoadError text={t('Failed to load the review queue')} onRetry={() => void hits.refetch()} />}
      {hits.data?.length === 0 && <p className="text-sm text-muted">{t('Nothing to review.')}</p>}
      {hits.data && hits.data.length > 0 && (
        <ul className="space-y-2">
          {hits.data.map((hit) => (
            <li key={hit.id} className="flex flex-wrap items-start gap-3 rounded-lg border border-line bg-panel p-3" data-testid="aml-hit">
              <div className="min-w-0 flex-1 basis-56">
                <Requester name={hit.customer} email={hit.email} at={hit.created_at} />
                <p className="text-xs font-medium uppercase tracking-wide text-muted">{hit.kind === 'sanctions' ? t('Sanctions match') : t('Payment rule')}</p>
              </div>
              <div className="min-w-0 flex-1 basis-64">
                <HitDetail hit={hit} />
              </div>
              <span className={cn('text-sm font-medium', statusClass[hit.status])}>{t(statusLabel[hit.status])}</span>
              {hit.status === 'open' ? (
                <DecisionForm hit={hit} />
              ) : (
                <p className="basis-full text-xs text-muted">{t('Decided by {{name}}. Reason: {{reason}}', { name: hit.decided_by ?? t('an operator'), reason: hit.reason ?? '' })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

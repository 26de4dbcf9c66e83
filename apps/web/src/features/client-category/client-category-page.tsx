import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { channels, type ClientCategoryOverview, events } from '@bourse/contract';
import { LeverageCeilings, presetNames } from '@/components/leverage-ceilings';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { currentLocale } from '@/i18n/i18n';
import { errorMessage, serverWords } from '@/lib/api-client';
import { usePrivateEvent, useUserId } from '@/lib/realtime-hooks';
import { useSiteSettings } from '@/stores/settings-store';
import { clientCategoryKeys, useClientCategory, useRevertToRetail } from './api/client-category';
import { ProfessionalForm } from './components/professional-form';
import { CriteriaMet, EvidenceFiles } from './components/request-details';

const date = (iso: string) => new Date(iso).toLocaleDateString(currentLocale(), { dateStyle: 'medium' });

/** The latest request: waiting, or the decision with its reason. */
function RequestState({ request }: { request: NonNullable<ClientCategoryOverview['request']> }) {
  const { t } = useTranslation();
  const details = (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      <CriteriaMet request={request} />
      <EvidenceFiles files={request.evidence} />
    </div>
  );
  if (request.status === 'pending') {
    return (
      <Alert variant="warning" title={t('Your request is waiting for a decision')}>
        {t('Sent on {{date}}. Our Client Management Team reviews your answers and documents; you will be told of the decision.', { date: date(request.created_at) })}
        {details}
      </Alert>
    );
  }
  if (request.status === 'rejected') {
    return (
      <Alert variant="destructive" title={t('Your request was rejected')}>
        <span className="font-medium">{t('Reason:')} </span>
        <span dir="auto">{request.reason}</span>
        <p className="mt-1">{t('You may send a new request with other answers or documents.')}</p>
      </Alert>
    );
  }
  return (
    <Alert variant="success" title={t('Request approved')}>
      {t('Approved on {{date}}.', { date: date(request.decided_at ?? request.created_at) })}
      {details}
    </Alert>
  );
}

/** A professional client's way back to retail, confirmed in place. */
function BackToRetail() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const revert = useRevertToRetail();
  // mutateAsync: the answer is told after this control is gone (a retail client has none).
  const go = () =>
    revert.mutateAsync().then(
      (answer) => toast.success(serverWords(answer.message)),
      (error: unknown) => toast.error(errorMessage(error, t('Could not change your category. Please try again.'))),
    );
  if (!confirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)} className="self-start">
        {t('Go back to retail')}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-panel-2 p-3 text-sm">
      <p className="min-w-0 flex-1 basis-60">{t('The leverage caps for retail clients apply again from your next order; open positions keep their leverage.')}</p>
      <Button onClick={go} loading={revert.isPending}>
        {t('Confirm: back to retail')}
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(false)} disabled={revert.isPending}>
        {t('Cancel')}
      </Button>
    </div>
  );
}

function Overview({ overview }: { overview: ClientCategoryOverview }) {
  const { t } = useTranslation();
  const preset = useSiteSettings((s) => s.settings?.leverage_preset ?? 'none');
  const professional = overview.category === 'professional';
  const pending = overview.request?.status === 'pending';
  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-5" aria-labelledby="category-title">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">{t('Your category')}</p>
        <h2 id="category-title" className="text-lg font-semibold" data-testid="client-category">
          {professional ? t('Professional client') : t('Retail client')}
        </h2>
        {professional ? (
          <>
            <p className="text-sm text-muted">{t('The leverage caps for retail clients do not apply to your orders: your plan’s and your account group’s leverage do. You keep negative balance protection and the margin close-out.')}</p>
            <BackToRetail />
          </>
        ) : preset === 'none' ? (
          <p className="text-sm text-muted">{t('You have every protection this site gives retail clients.')}</p>
        ) : (
          <>
            <p className="text-sm text-muted">{t('Your leverage is capped per class of instrument under {{preset}}, whatever your plan allows:', { preset: t(presetNames[preset]) })}</p>
            <LeverageCeilings preset={preset} className="max-w-xl" />
          </>
        )}
      </section>
      {/* An approved request of a client who went back to retail since is history, not news. */}
      {overview.request && (professional || overview.request.status !== 'approved') && <RequestState request={overview.request} />}
      {!professional && !pending && (
        <section className="rounded-xl border border-line bg-panel p-5">
          <ProfessionalForm preset={preset} />
        </section>
      )}
    </div>
  );
}

/** /main/client-category: retail or professional, the request to be treated as professional, and the way back. */
export function ClientCategoryPage() {
  const { t } = useTranslation();
  const overview = useClientCategory();
  const userId = useUserId();
  const queryClient = useQueryClient();
  // A decision in the back office is announced on the user channel: show it without a reload.
  usePrivateEvent(userId === null ? null : channels.user(userId), events.userUpdated, () => void queryClient.invalidateQueries({ queryKey: clientCategoryKeys.own }));
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('Client category')} description={t('Retail clients have the regulator’s protections; professional clients trade without the leverage caps for retail clients.')} />
      {overview.isPending && (
        <div className="flex justify-center py-16">
          <Spinner label={t('Loading')} />
        </div>
      )}
      {overview.isError && (
        <Alert variant="destructive" title={t('Could not load your client category')}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void overview.refetch()}>
            {t('Retry')}
          </Button>
        </Alert>
      )}
      {overview.data && <Overview overview={overview.data} />}
    </div>
  );
}

import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { OwnPlanRequest, Plan } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage, serverWords } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { readableTextOn } from '@/lib/readable-text';
import { useSession } from '@/stores/session-store';
import { usePlans, useRequestPlan } from './api/plans';

/** SPEC §9: 'Enabled' and 'Yes' cells show a tick; 'No' a dash; anything else as written. */
function Cell({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  if (value === 'Enabled' || value === 'Yes') return <Check className="mx-auto size-4 text-up" aria-label={value === 'Enabled' ? t('Enabled') : t('Yes')} />;
  if (value === 'No' || value === undefined) return <Minus className="mx-auto size-4 text-muted" aria-label={t('No')} />;
  return <span>{value}</span>;
}

function PlanHead({ plan, current }: { plan: Plan; current: boolean }) {
  const { t } = useTranslation();
  return (
    <th scope="col" className="min-w-18 px-1 pb-3 align-bottom sm:px-3">
      {plan.title === 'Pro' && <span className="mb-1 block text-[10px] font-bold uppercase tracking-wider text-brand">{t('Recommended')}</span>}
      <span className="inline-block rounded px-2 py-0.5 text-xs font-bold uppercase tracking-wider" style={{ background: plan.color, color: readableTextOn(plan.color) }}>
        {plan.title}
      </span>
      {current && <span className="mt-1 block text-xs font-medium text-up">{t('Current')}</span>}
    </th>
  );
}

/** The request button under a plan: none for the current one, a pending mark for the one asked for. */
function RequestCell({ plan, current, pending }: { plan: Plan; current: boolean; pending: OwnPlanRequest | null }) {
  const { t } = useTranslation();
  const request = useRequestPlan();
  if (current) return <span className="text-xs text-muted">{t('Your plan')}</span>;
  if (pending?.to_plan_id === plan.id) return <span className="text-xs font-medium text-brand">{t('Pending approval')}</span>;
  const send = async () => {
    try {
      toast.success(serverWords((await request.mutateAsync(plan.id)).message));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not send your plan request')));
    }
  };
  return (
    <Button size="sm" variant="secondary" className="px-2" disabled={pending !== null || request.isPending} onClick={() => void send()} aria-label={t('Request the {{plan}} plan', { plan: plan.title })}>
      {t('Request')}
    </Button>
  );
}

// The feature column stays in view while the plans scroll sideways on a phone.
function Grid({ plans, features, currentId, pending }: { plans: Plan[]; features: string[]; currentId: number | undefined; pending: OwnPlanRequest | null }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-center text-sm">
        <thead>
          <tr>
            <th scope="col" className="sr-only">
              {t('Feature')}
            </th>
            {plans.map((p) => (
              <PlanHead key={p.id} plan={p} current={p.id === currentId} />
            ))}
          </tr>
        </thead>
        <tbody>
          {features.map((feature, row) => (
            <tr key={feature} className="border-t border-line">
              <th scope="row" className="sticky start-0 z-10 bg-panel py-2 pe-2 text-start font-normal text-muted sm:pe-3">
                {feature}
              </th>
              {plans.map((p) => (
                <td key={p.id} className={cn('px-1 py-2 sm:px-3', p.id === currentId && 'bg-panel-2', row === 0 && 'font-semibold tabular-nums')}>
                  <Cell value={p.features[row]} />
                </td>
              ))}
            </tr>
          ))}
          <tr className="border-t border-line">
            <th scope="row" className="sticky start-0 z-10 bg-panel py-3 pe-2 text-start font-normal text-muted sm:pe-3">
              {t('Change plan')}
            </th>
            {plans.map((p) => (
              <td key={p.id} className={cn('px-1 py-3 sm:px-3', p.id === currentId && 'bg-panel-2')}>
                <RequestCell plan={p} current={p.id === currentId} pending={pending} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** What became of the customer's latest request, under the grid. */
function RequestStatus({ request, plans }: { request: OwnPlanRequest | null; plans: Plan[] }) {
  const { t } = useTranslation();
  if (!request || request.status === 'approved') return <p className="mt-4 text-sm text-muted">{t('Pick a plan to request it; our team reviews every request.')}</p>;
  const title = plans.find((p) => p.id === request.to_plan_id)?.title ?? t('another');
  if (request.status === 'pending') {
    return (
      <p className="mt-4 rounded-lg border border-brand/40 bg-brand/10 p-3 text-sm" role="status">
        {t('Your request for the {{plan}} plan is waiting for approval.', { plan: title })}
      </p>
    );
  }
  return (
    <p className="mt-4 rounded-lg border border-line p-3 text-sm text-muted">
      {request.reason
        ? t('Your request for the {{plan}} plan was not approved: {{reason}} You may send a new one.', { plan: title, reason: request.reason })
        : t('Your request for the {{plan}} plan was not approved. You may send a new one.', { plan: title })}
    </p>
  );
}

function PlansContent() {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePlans();
  const currentId = useSession((s) => s.user?.account_type.id);
  if (isPending) return <p className="py-6 text-center text-sm text-muted">{t('Loading plans...')}</p>;
  const plans = data?.data ?? [];
  if (isError || plans.length === 0) return <p className="py-6 text-center text-sm text-muted">{t('No plans available. Please try again later.')}</p>;
  const pending = data?.request?.status === 'pending' ? data.request : null;
  return (
    <>
      <Grid plans={plans} features={data?.plan_features ?? []} currentId={currentId} pending={pending} />
      <RequestStatus request={data?.request ?? null} plans={plans} />
    </>
  );
}

/** SPEC §2 Account Plans dialog: the plans side by side, the customer's marked "Current", Pro "Recommended". */
export function AccountPlansDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('Account Plans')} className="max-w-4xl!">
      <PlansContent />
    </Dialog>
  );
}

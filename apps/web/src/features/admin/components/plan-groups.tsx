import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { CustomerGroup, PlanGroup } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { usePlanGroups, useSetPlanGroup } from '../api/dealing';

/** A plan without a group of its own sends new accounts to the default group; the select shows that one. */
function shownGroup(plan: PlanGroup, groups: CustomerGroup[]): number {
  return plan.group_id ?? groups.find((g) => g.is_default)?.id ?? 0;
}

function PlanRow({ plan, groups, canEdit }: { plan: PlanGroup; groups: CustomerGroup[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSetPlanGroup();
  const current = shownGroup(plan, groups);
  const name = groups.find((g) => g.id === current)?.name ?? '—';
  const choose = async (groupId: number) => {
    try {
      await save.mutateAsync({ planId: plan.id, groupId });
      toast.success(t('New accounts on {{plan}} join {{group}}.', { plan: plan.title, group: groups.find((g) => g.id === groupId)?.name ?? '' }));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not change the plan’s group.')));
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5" data-testid="plan-group" data-plan={plan.title}>
      <span className="min-w-0 flex-1 basis-32 font-medium">{plan.title}</span>
      {canEdit ? (
        <span className="flex items-center gap-2">
          {save.isPending && <Spinner className="size-4" label={t('Saving')} />}
          <select
            value={current}
            disabled={save.isPending}
            onChange={(e) => void choose(Number(e.target.value))}
            aria-label={t('Group of new accounts on {{plan}}', { plan: plan.title })}
            className="h-9 w-48 max-w-full rounded-md border border-line bg-panel-2 px-2 text-sm text-fg focus:border-brand focus:outline-none"
          >
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </span>
      ) : (
        <span className="text-sm">{name}</span>
      )}
    </li>
  );
}

/**
 * Back office: the group each plan's customers' new accounts join. A change applies to accounts
 * opened from then on; accounts already open stay in their group (moved one by one from the client).
 */
export function PlanGroups({ groups, canEdit }: { groups: CustomerGroup[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const plans = usePlanGroups();
  return (
    <section aria-labelledby="plan-groups-title" className="flex flex-col gap-2" data-testid="plan-groups">
      <div>
        <h3 id="plan-groups-title" className="text-sm font-medium">
          {t('Plans and their groups')}
        </h3>
        <p className="text-xs text-muted">{t('New accounts of a plan’s customers join its group; accounts already open stay where they are.')}</p>
      </div>
      {plans.isPending ? (
        <div className="flex justify-center rounded-xl border border-line bg-panel py-6">
          <Spinner className="size-5" label={t('Loading the plans')} />
        </div>
      ) : plans.isError ? (
        <Alert variant="destructive" title={t('Could not load the plans')}>
          <span className="flex flex-wrap items-center gap-3">
            {errorMessage(plans.error, t('The server did not answer.'))}
            <Button size="sm" variant="secondary" onClick={() => void plans.refetch()}>
              {t('Retry')}
            </Button>
          </span>
        </Alert>
      ) : plans.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-panel/50 px-4 py-6 text-center text-sm text-muted">{t('No plans yet')}</p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-panel">
          {plans.data.map((plan) => (
            <PlanRow key={plan.id} plan={plan} groups={groups} canEdit={canEdit} />
          ))}
        </ul>
      )}
    </section>
  );
}

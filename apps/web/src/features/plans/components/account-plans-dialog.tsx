import { Link } from 'react-router';
import { Check, Minus } from 'lucide-react';
import type { SiteData } from '@bourse/contract';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useSession } from '@/stores/session-store';
import { useSiteData } from '@/stores/site-data-store';

type Plan = SiteData['plans'][number];

/** SPEC §9: 'Enabled' and 'Yes' cells show a tick; 'No' a dash; anything else as written. */
function Cell({ value }: { value: string | undefined }) {
  if (value === 'Enabled' || value === 'Yes') return <Check className="mx-auto size-4 text-up" aria-label={value} />;
  if (value === 'No' || value === undefined) return <Minus className="mx-auto size-4 text-muted" aria-label="No" />;
  return <span>{value}</span>;
}

function PlanHead({ plan, current }: { plan: Plan; current: boolean }) {
  return (
    <th scope="col" className="min-w-18 px-1 pb-3 align-bottom sm:px-3">
      {plan.title === 'Pro' && <span className="mb-1 block text-[10px] font-bold uppercase tracking-wider text-brand">Recommended</span>}
      <span className="inline-block rounded px-2 py-0.5 text-xs font-bold uppercase tracking-wider text-white" style={{ background: plan.color }}>
        {plan.title}
      </span>
      {current && <span className="mt-1 block text-xs font-medium text-up">Current</span>}
    </th>
  );
}

function Grid({ plans, features, currentId }: { plans: Plan[]; features: string[]; currentId: number | undefined }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-center text-sm">
        <thead>
          <tr>
            <th scope="col" className="sr-only">
              Feature
            </th>
            {plans.map((p) => (
              <PlanHead key={p.id} plan={p} current={p.id === currentId} />
            ))}
          </tr>
        </thead>
        <tbody>
          {features.map((feature, row) => (
            <tr key={feature} className="border-t border-line">
              <th scope="row" className="py-2 pr-2 text-left font-normal text-muted sm:pr-3">
                {feature}
              </th>
              {plans.map((p) => (
                <td key={p.id} className={cn('px-1 py-2 sm:px-3', p.id === currentId && 'bg-panel-2', row === 0 && 'font-semibold tabular-nums')}>
                  <Cell value={p.features[row]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** SPEC §2 Account Plans dialog: the plans side by side, the customer's marked "Current", Pro "Recommended". */
export function AccountPlansDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data, status } = useSiteData();
  const currentId = useSession((s) => s.user?.account_type.id);
  const plans = data?.plans ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Account Plans" className="max-w-3xl">
      {status === 'loading' || status === 'idle' ? (
        <p className="py-6 text-center text-sm text-muted">Loading plans...</p>
      ) : plans.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">No plans available. Please try again later.</p>
      ) : (
        <>
          <Grid plans={plans} features={data?.plan_features ?? []} currentId={currentId} />
          <p className="mt-4 text-sm text-muted">
            To change your plan,{' '}
            <Link to="/main/chat" className="text-brand hover:underline" onClick={() => onOpenChange(false)}>
              talk to support
            </Link>
            .
          </p>
        </>
      )}
    </Dialog>
  );
}

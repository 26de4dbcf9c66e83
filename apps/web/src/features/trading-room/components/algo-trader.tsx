import { Link } from 'react-router';
import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useKillSwitch, useRobots } from '@/features/expert-advisors/api/robots';
import { useMarketplaceItems } from '@/features/marketplace/api/marketplace';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSelectedAccount, useSession } from '@/stores/session-store';
import { useSiteData } from '@/stores/site-data-store';

/** The selected account's kill switch: off stops every robot on the account at once. */
function KillSwitch() {
  const { t } = useTranslation();
  const accountId = useSelectedAccount()?.id;
  const robots = useRobots();
  const kill = useKillSwitch();
  if (accountId === undefined || !robots.data) return null;
  const on = !robots.data.haltedAccountIds.includes(accountId);
  const toggle = async () => {
    try {
      const { data } = await kill.mutateAsync({ account_id: accountId, halted: on });
      toast.info(
        data.halted
          ? data.stopped
            ? t('Automated trading is off on this account: {{stopped}} stopped.', { stopped: data.stopped })
            : t('Automated trading is off on this account.')
          : t('Automated trading is on again.'),
      );
    } catch (error) {
      toast.error(errorMessage(error, t('Could not switch automated trading')));
    }
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={t('Automated trading')}
      title={on ? t('Stop every Expert Advisor on this account') : t('Let Expert Advisors run on this account again')}
      disabled={kill.isPending}
      onClick={() => void toggle()}
      className={cn('rounded-full border px-2 py-0.5 text-[11px] font-semibold normal-case tracking-normal', on ? 'border-up/50 text-up' : 'border-down/60 bg-down/15 text-down')}
    >
      {on ? t('Auto On') : t('Auto Off')}
    </button>
  );
}

/** SPEC §2 Algo Trader: the Expert Advisors the user owns (user.eas), each opening its panel (ActiveEaPanel). */
export function AlgoTrader({ className }: { className?: string }) {
  const { t } = useTranslation();
  const eas = useSession((s) => s.user?.eas) ?? [];
  const items = useMarketplaceItems();
  const robots = useRobots();
  const setActiveEA = useSiteData((s) => s.setActiveEA);
  const owned = (items.data ?? []).filter((i) => i.type === 'expert_advisor' && eas.includes(i.id));

  const choose = (id: number) => {
    // SPEC §8: the panel only opens on an advisor that exists and is the customer's.
    if (!items.data?.some((i) => i.id === id)) return toast.error(t('Expert Advisor not found'));
    if (!eas.includes(id)) return toast.error(t('This Expert Advisor is not available for your plan'));
    setActiveEA(id);
  };

  return (
    <section aria-label={t('Algo Trader')} className={cn('flex min-h-0 flex-col', className)}>
      <div className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h2 className="text-xs font-semibold tracking-wider text-muted uppercase">{t('Algo Trader')}</h2>
        {owned.length > 0 && <KillSwitch />}
      </div>
      {items.isPending && eas.length > 0 ? (
        <p className="p-4 text-center text-sm text-muted">{t('Loading Expert Advisors...')}</p>
      ) : owned.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted">
          <Bot className="size-6" aria-hidden />
          <p>{t('You have no Expert Advisors yet.')}</p>
          <Link to="/main/marketplace" className="text-brand hover:underline">
            {t('Visit the marketplace')}
          </Link>
        </div>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto px-2">
          {owned.map((item) => {
            const running = robots.data?.robots.find((r) => r.ea_id === item.id)?.status === 'running';
            return (
              <li key={item.id}>
                <button type="button" onClick={() => choose(item.id)} className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-start text-sm hover:bg-panel-2" data-testid="algo-item">
                  <img src={item.image} alt="" className="size-6 rounded object-cover" />
                  <span className="min-w-0 flex-1 truncate">{item.name}</span>
                  <span className={cn('text-xs', running ? 'text-up' : 'text-muted')}>{running ? t('Running') : t('Stopped')}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import { useState } from 'react';
import { Popover } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { DEFAULT_PLAN_LABEL } from '@/config/constants';
import { AccountSwitchList } from '@/features/accounts/account-switch-list';
import { AccountPlansDialog } from '@/features/plans/account-plans-dialog';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/cn';
import { readableTextOn } from '@/lib/readable-text';
import { useSelectedAccount, useSession } from '@/stores/session-store';
import { useTranslation } from 'react-i18next';

/**
 * Plan badge with the selected account's balance: the badge opens the Account Plans dialog, the
 * balance opens the popover that switches the selected account. `planFallback` names a plan
 * without a title (SPEC §9: 'STANDARD' in the header, 'Basic' elsewhere).
 */
export function AccountMenu({ className, planFallback = DEFAULT_PLAN_LABEL }: { className?: string; planFallback?: string }) {
  const user = useSession((s) => s.user);
  const selected = useSelectedAccount();
  const [plansOpen, setPlansOpen] = useState(false);
  const { t } = useTranslation();
  if (!user) return null;
  return (
    <>
      <div className={cn('flex items-center gap-1 rounded-lg border border-line bg-panel-2 py-1 pe-1 ps-2 hover:border-brand', className)}>
        <button
          type="button"
          onClick={() => setPlansOpen(true)}
          className="shrink-0 rounded px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-wider hover:opacity-90"
          style={{ background: user.account_type.color, color: readableTextOn(user.account_type.color) }}
          aria-label={t('Plan: {{plan}}. Compare plans', { plan: user.account_type.title || planFallback })}
          data-testid="plan-badge"
        >
          {user.account_type.title || planFallback}
        </button>
        <Popover.Root>
          {/* Named by what it shows, then what it does (WCAG 2.5.3, label in name). */}
          <Popover.Trigger className="flex flex-1 items-center justify-between gap-3 rounded-md px-2 py-0.5 text-start">
            <span className="flex flex-col leading-tight">
              <span className="text-[11px] uppercase text-muted">{selected?.kind === 'live' ? t('Live balance') : t('Demo balance')}</span>
              <span className="text-sm font-semibold tabular-nums" data-testid="header-balance">
                {formatMoney(selected?.balance ?? user.balance, selected?.currency)}
              </span>
            </span>
            <span className="sr-only">{t('Switch trading account')}</span>
            <ChevronDown className="size-4 text-muted" aria-hidden />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content align="end" sideOffset={8} className="z-50 w-72 rounded-xl border border-line bg-panel p-2 shadow-2xl">
              <p className="px-2 pb-2 pt-1 text-xs font-semibold uppercase tracking-wider text-muted">{t('Trading accounts')}</p>
              <AccountSwitchList />
              <Popover.Close asChild>
                <button type="button" onClick={() => setPlansOpen(true)} className="mt-1 w-full rounded-lg border-t border-line px-3 py-2 text-start text-sm text-brand hover:bg-panel-2">
                  {t('Compare plans')}
                </button>
              </Popover.Close>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
      <AccountPlansDialog open={plansOpen} onOpenChange={setPlansOpen} />
    </>
  );
}

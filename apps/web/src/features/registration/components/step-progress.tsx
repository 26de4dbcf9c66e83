import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

const steps = [msg('Set Up'), msg('Financial Profile'), msg('ID Check')];

/** Three-step progress bar of the onboarding (SPEC §2 country step). */
export function StepProgress({ current }: { current: number }) {
  const { t } = useTranslation();
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label={t('Registration progress')}>
      {steps.map((label, i) => {
        const done = i < current;
        const active = i === current;
        return (
          <li key={label} aria-current={active ? 'step' : undefined} className="flex flex-col gap-2">
            <span className={cn('h-1.5 rounded-full', done || active ? 'bg-brand-solid' : 'bg-line')} />
            <span className={cn('flex items-center gap-1.5 text-xs font-medium sm:text-sm', active ? 'text-fg' : 'text-muted')}>
              <span
                className={cn(
                  'hidden size-5 items-center justify-center rounded-full text-[11px] font-semibold sm:flex',
                  done ? 'bg-brand-solid text-white' : active ? 'border border-brand text-brand' : 'border border-line text-muted',
                )}
                aria-hidden
              >
                {done ? <Check className="size-3" /> : i + 1}
              </span>
              {t(label)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

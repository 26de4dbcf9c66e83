import { useTranslation } from 'react-i18next';
import type { TradingAccount } from '@bourse/contract';
import { cn } from '@/lib/cn';

/**
 * DEMO or LIVE in words on a colour of its own, so the kind of the account traded on is read, not
 * guessed from a colour. Fixed colours: the same in both themes, each with readable text.
 */
export function AccountKindBadge({ kind, className }: { kind: TradingAccount['kind']; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-kind={kind}
      className={cn(
        'shrink-0 rounded px-1.5 py-px text-[10px] font-bold uppercase leading-4 tracking-wider',
        kind === 'live' ? 'bg-[#15803d] text-white' : 'bg-[#fcd34d] text-[#1f2937]',
        className,
      )}
    >
      {kind === 'live' ? t('Live') : t('Demo')}
    </span>
  );
}

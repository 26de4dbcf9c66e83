import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { useFeedStatus } from '../hooks/use-price-feed';

/** Each state's word (shown with `t()`) and dot. */
const look = {
  // Each word says "prices", so none of them reads as the account's kind (a live account) or state.
  connected: { text: msg('Prices live'), dot: 'bg-up-solid' },
  connecting: { text: msg('Connecting to prices'), dot: 'bg-warn animate-pulse' },
  disconnected: { text: msg('Prices offline'), dot: 'bg-muted' },
  failed: { text: msg('Prices offline'), dot: 'bg-down-solid' },
  stalled: { text: msg('Prices delayed'), dot: 'bg-warn' },
} as const;

const STALLED_HINT = msg('Prices are delayed, so orders at market are paused until live prices return.');

/** Whether live prices are streaming. */
export function FeedStatus({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { status, error, stalled } = useFeedStatus();
  const shown = status === 'connected' && stalled ? 'stalled' : status;
  const { text, dot } = look[shown];
  return (
    <span role="status" title={shown === 'stalled' ? t(STALLED_HINT) : (error ?? undefined)} className={cn('flex items-center gap-1.5 text-[11px] text-muted', className)} data-testid="feed-status" data-status={shown}>
      <span className={cn('size-2 rounded-full', dot)} aria-hidden />
      {t(text)}
    </span>
  );
}

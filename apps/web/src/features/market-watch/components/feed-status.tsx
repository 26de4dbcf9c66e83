import { cn } from '@/lib/cn';
import { useFeedStatus } from '../hooks/use-price-feed';

const look = {
  connected: { text: 'Live', dot: 'bg-up' },
  connecting: { text: 'Connecting', dot: 'bg-warn animate-pulse' },
  disconnected: { text: 'Offline', dot: 'bg-muted' },
  failed: { text: 'Prices offline', dot: 'bg-down' },
} as const;

/** Whether live prices are streaming. */
export function FeedStatus({ className }: { className?: string }) {
  const { status, error } = useFeedStatus();
  const { text, dot } = look[status];
  return (
    <span role="status" title={error ?? undefined} className={cn('flex items-center gap-1.5 text-[11px] text-muted', className)} data-testid="feed-status" data-status={status}>
      <span className={cn('size-2 rounded-full', dot)} aria-hidden />
      {text}
    </span>
  );
}

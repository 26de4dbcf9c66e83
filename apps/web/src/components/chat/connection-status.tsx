import { reconnectRealtime, type ConnectionStatus as Status } from '@/lib/realtime';
import { cn } from '@/lib/cn';

const looks: Record<Status, { label: string; dot: string }> = {
  connected: { label: 'Connected', dot: 'bg-up' },
  connecting: { label: 'Reconnecting...', dot: 'bg-warn animate-pulse' },
  disconnected: { label: 'Disconnected', dot: 'bg-down' },
  failed: { label: 'Disconnected', dot: 'bg-down' },
};

/** The live connection as the chat shows it (SPEC §4: "Reconnecting..." or "Disconnected"). */
export function ConnectionStatus({ status, className }: { status: Status; className?: string }) {
  const { label, dot } = looks[status];
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-xs text-muted', className)} data-testid="connection-status" data-status={status}>
      <span className={cn('size-2 rounded-full', dot)} aria-hidden />
      {label}
      {(status === 'failed' || status === 'disconnected') && (
        <button type="button" onClick={() => void reconnectRealtime()} className="ml-1 text-brand underline-offset-2 hover:underline">
          Reconnect
        </button>
      )}
    </span>
  );
}

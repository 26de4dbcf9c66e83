import { reconnectRealtime, type ConnectionStatus as Status } from '@/lib/realtime';
import { cn } from '@/lib/cn';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

const looks: Record<Status, { label: string; dot: string }> = {
  connected: { label: msg('Connected'), dot: 'bg-up-solid' },
  connecting: { label: msg('Reconnecting...'), dot: 'bg-warn animate-pulse' },
  disconnected: { label: msg('Disconnected'), dot: 'bg-down-solid' },
  failed: { label: msg('Disconnected'), dot: 'bg-down-solid' },
};

/** The live connection as the chat shows it (SPEC §4: "Reconnecting..." or "Disconnected"). */
export function ConnectionStatus({ status, className }: { status: Status; className?: string }) {
  const { t } = useTranslation();
  const { label, dot } = looks[status];
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-xs text-muted', className)} data-testid="connection-status" data-status={status}>
      <span className={cn('size-2 rounded-full', dot)} aria-hidden />
      {t(label)}
      {(status === 'failed' || status === 'disconnected') && (
        <button type="button" onClick={() => void reconnectRealtime()} className="ms-1 text-brand underline-offset-2 hover:underline">
          {t('Reconnect')}
        </button>
      )}
    </span>
  );
}

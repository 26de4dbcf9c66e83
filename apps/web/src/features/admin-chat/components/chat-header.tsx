import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminChatUser } from '@bourse/contract';
import { ConnectionStatus } from '@/components/chat/connection-status';
import { msg } from '@/i18n/i18n';
import { formatMoney } from '@/lib/format';
import { useConnectionStatus } from '@/lib/realtime-hooks';
import { useUserSummary } from '../api/get-user-summary';
import { UserAvatar } from './user-avatar';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] uppercase tracking-wide text-muted">{label}</dt>
      <dd className="truncate text-sm font-medium tabular-nums">{value}</dd>
    </div>
  );
}

const STATUS_LABELS = { active: msg('Active'), pending: msg('Pending'), deactivated: msg('Deactivated') } as const;

function AccountSummary({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useUserSummary(userId);
  if (isError) return <p className="text-xs text-muted">{t('Account summary unavailable')}</p>;
  const dash = '—';
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy={isPending} data-testid="account-summary">
      <Figure label={t('Balance')} value={data ? formatMoney(data.balance, data.currency) : dash} />
      <Figure label={t('Equity')} value={data ? formatMoney(data.equity, data.currency) : dash} />
      <Figure label={t('Open positions')} value={data ? String(data.open_positions) : dash} />
      <Figure label={t('Status')} value={data ? t(STATUS_LABELS[data.status]) : dash} />
    </dl>
  );
}

/** The selected customer: name, Online/Offline, account id, connection state, account summary. */
export function ChatHeader({ user, onShowUsers }: { user: AdminChatUser; onShowUsers: () => void }) {
  const { t } = useTranslation();
  const status = useConnectionStatus();
  return (
    <header className="flex flex-col gap-3 border-b border-line px-3 py-3 sm:px-4">
      <div className="flex items-center gap-3">
        <button type="button" onClick={onShowUsers} className="rounded-md p-2 text-muted hover:bg-panel-2 hover:text-fg md:hidden" aria-label={t('Show Users')}>
          <Users className="size-5" />
        </button>
        <UserAvatar name={user.name} avatar={user.avatar} online={user.is_online} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{user.name}</h2>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
            <span className={user.is_online ? 'text-up' : undefined}>{user.is_online ? t('Online') : t('Offline')}</span>
            <span data-testid="account-id">{user.account_id}</span>
          </p>
        </div>
        <ConnectionStatus status={status} className="shrink-0" />
      </div>
      <AccountSummary userId={user.id} />
    </header>
  );
}

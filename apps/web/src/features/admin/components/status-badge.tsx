import { useTranslation } from 'react-i18next';
import type { ClientStatus } from '../api/clients';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';

const styles: Record<ClientStatus, string> = {
  active: 'bg-green-500/15 text-green-300 ring-green-500/30',
  pending: 'bg-amber-500/15 text-amber-200 ring-amber-500/30',
  deactivated: 'bg-red-500/15 text-red-300 ring-red-500/30',
};
const labels: Record<ClientStatus, string> = { active: msg('Active'), pending: msg('Pending'), deactivated: msg('Deactivated') };

export function StatusBadge({ status }: { status: ClientStatus }) {
  const { t } = useTranslation();
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', styles[status])}>{t(labels[status])}</span>;
}

/** Green when the client was seen in the last minutes, grey otherwise. */
export function OnlineDot({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-block size-2.5 shrink-0 rounded-full ring-2 ring-panel', online ? 'bg-up-solid' : 'bg-muted/40')}
      title={online ? t('Online') : t('Offline')}
      aria-label={online ? t('Online') : t('Offline')}
      role="img"
    />
  );
}

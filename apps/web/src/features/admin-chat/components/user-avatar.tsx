import { useTranslation } from 'react-i18next';
import { AvatarImage } from '@/components/ui/avatar-image';
import { initials } from '@/lib/format';
import { cn } from '@/lib/cn';

/** Initials (or the picture) with an online dot. */
export function UserAvatar({ name, avatar, online, className }: { name: string; avatar: string | null; online: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('relative flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/20 text-sm font-semibold text-brand', className)}>
      <AvatarImage src={avatar} className="size-full rounded-full object-cover" fallback={initials(name) || '?'} />
      <span
        className={cn('absolute bottom-0 end-0 size-3 rounded-full border-2 border-panel', online ? 'bg-up-solid' : 'bg-muted/60')}
        aria-label={online ? t('Online') : t('Offline')}
        role="img"
      />
    </span>
  );
}

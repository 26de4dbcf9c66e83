import { initials } from '@/lib/format';
import { cn } from '@/lib/cn';

/** Initials (or the picture) with an online dot. */
export function UserAvatar({ name, avatar, online, className }: { name: string; avatar: string | null; online: boolean; className?: string }) {
  return (
    <span className={cn('relative flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/20 text-sm font-semibold text-brand', className)}>
      {avatar ? <img src={avatar} alt="" className="size-full rounded-full object-cover" /> : initials(name) || '?'}
      <span
        className={cn('absolute bottom-0 right-0 size-3 rounded-full border-2 border-panel', online ? 'bg-up' : 'bg-muted/60')}
        aria-label={online ? 'Online' : 'Offline'}
        role="img"
      />
    </span>
  );
}

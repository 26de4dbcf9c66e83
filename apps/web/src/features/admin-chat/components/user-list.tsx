import { useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminChatUser } from '@bourse/contract';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { filterUsers, USER_TAB_LABELS, USER_TABS, type UserTab } from '../lib/user-filter';
import { UserAvatar } from './user-avatar';

type Props = {
  users: AdminChatUser[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
};

const ROW_PX = 68;

function UserRow({ user, selected, onSelect }: { user: AdminChatUser; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected || undefined}
      data-testid="chat-user"
      className={cn('flex h-full w-full items-center gap-3 px-3 text-start transition-colors', selected ? 'bg-brand/15' : 'hover:bg-panel-2')}
    >
      <UserAvatar name={user.name} avatar={user.avatar} online={user.is_online} />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate text-sm font-medium">{user.name}</span>
          {user.unread_count > 0 && (
            <span className="ms-auto rounded-full bg-down-solid px-1.5 text-[11px] font-semibold leading-5 text-white">
              {user.unread_count > 99 ? '99+' : user.unread_count}
              <span className="sr-only"> {t('unread')}</span>
            </span>
          )}
        </span>
        <span className="block truncate text-xs text-muted">
          {user.account_id} · {user.email}
        </span>
      </span>
    </button>
  );
}

/** SPEC §2 admin chat user list: search, tabs All / Online / Unread, virtualised rows. */
export function UserList({ users, loading, failed, selectedId, onSelect }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<UserTab>('All');
  const shown = useMemo(() => filterUsers(users ?? [], search, tab), [users, search, tab]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: shown.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_PX, overscan: 6 });

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-col gap-3 border-b border-line p-3">
        <label className="relative block">
          <span className="sr-only">{t('Search users')}</span>
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('Search users...')}
            className="h-9 w-full rounded-md border border-line bg-bg ps-9 pe-3 text-sm text-fg placeholder:text-muted focus:border-brand focus:outline-none"
          />
        </label>
        <div role="tablist" aria-label={t('Filter users')} className="grid grid-cols-3 gap-1 rounded-lg bg-bg p-1">
          {USER_TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              onClick={() => setTab(name)}
              className={cn('rounded-md py-1.5 text-xs font-medium transition-colors', tab === name ? 'bg-panel-2 text-fg shadow' : 'text-muted hover:text-fg')}
            >
              {t(USER_TAB_LABELS[name])}
            </button>
          ))}
        </div>
      </div>
      {failed && <p className="border-b border-line bg-down/10 px-3 py-2 text-xs text-red-200" role="alert">
          {t('Failed to load users. Retrying...')}
        </p>}
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto">
        {loading && failed ? null : loading ? (
          <p className="flex items-center justify-center gap-2 p-6 text-sm text-muted">
            <Spinner className="size-4" /> {t('Loading users...')}
          </p>
        ) : shown.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted">{t('No users found')}</p>
        ) : (
          <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const user = shown[item.index]!;
              return (
                <li key={user.id} className="absolute start-0 top-0 w-full border-b border-line/50" style={{ height: ROW_PX, transform: `translateY(${item.start}px)` }}>
                  <UserRow user={user} selected={user.id === selectedId} onSelect={() => onSelect(user.id)} />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

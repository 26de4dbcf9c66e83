import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MessagesSquare, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Conversation } from '@/components/chat/conversation';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { clearUnread, useChatUsers } from './api/get-chat-users';
import { ChatHeader } from './components/chat-header';
import { UserList } from './components/user-list';
import { useAdminFeed } from './hooks/use-admin-feed';
import { useFillHeight } from './hooks/use-fill-height';

function NoSelection({ onShowUsers }: { onShowUsers: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <MessagesSquare className="size-12 text-muted/60" aria-hidden />
      <p className="text-muted">{t('Select a user to start chatting')}</p>
      <Button variant="secondary" className="md:hidden" onClick={onShowUsers}>
        {t('Show Users')}
      </Button>
    </div>
  );
}

/** SPEC §2 admin chat (/admin/chat): the customers on the left, the selected conversation on the right. */
export function AdminChatPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('customer')) || null;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const queryClient = useQueryClient();
  const users = useChatUsers();
  const selected = users.data?.find((u) => u.id === selectedId) ?? null;
  const rootRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(rootRef);
  useAdminFeed();

  useEffect(() => {
    if (selectedId !== null) clearUnread(queryClient, selectedId);
  }, [selectedId, queryClient]);

  const select = (id: number) => {
    setParams({ customer: String(id) });
    setDrawerOpen(false);
  };

  return (
    <div ref={rootRef} style={{ height }} className="relative flex overflow-hidden rounded-xl border border-line bg-panel">
      {drawerOpen && <div className="absolute inset-0 z-20 bg-black/60 md:hidden" onClick={() => setDrawerOpen(false)} aria-hidden />}
      <aside
        aria-label={t('Users')}
        className={cn(
          'absolute inset-y-0 start-0 z-30 flex w-80 max-w-[85%] flex-col border-e border-line bg-panel transition-transform duration-200 md:static md:z-auto md:max-w-none md:translate-x-0',
          drawerOpen ? 'translate-x-0' : 'max-md:ltr:-translate-x-full max-md:rtl:translate-x-full',
        )}
      >
        <div className="flex items-center justify-between border-b border-line px-3 py-2 md:hidden">
          <span className="text-sm font-semibold">{t('Users')}</span>
          <button type="button" onClick={() => setDrawerOpen(false)} className="rounded-md p-1.5 text-muted hover:bg-panel-2" aria-label={t('Hide users')}>
            <X className="size-4" />
          </button>
        </div>
        <UserList
          users={users.data}
          loading={users.isPending}
          // Failed fetches are retried every few seconds, so a failure shows while retries go on.
          failed={users.isError || users.failureCount > 0}
          selectedId={selectedId}
          onSelect={select}
        />
      </aside>
      <section className="flex min-w-0 flex-1 flex-col">
        {selected ? (
          <>
            <ChatHeader user={selected} onShowUsers={() => setDrawerOpen(true)} />
            <Conversation key={selected.id} customerId={selected.id} asAdmin />
          </>
        ) : selectedId !== null && users.isPending ? (
          <div className="flex flex-1 items-center justify-center">
            <Spinner />
          </div>
        ) : (
          <NoSelection onShowUsers={() => setDrawerOpen(true)} />
        )}
      </section>
    </div>
  );
}

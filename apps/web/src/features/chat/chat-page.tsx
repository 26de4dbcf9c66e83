import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Headset } from 'lucide-react';
import { chatKeys } from '@/components/chat/chat-api';
import { ConnectionStatus } from '@/components/chat/connection-status';
import { Conversation } from '@/components/chat/conversation';
import { Spinner } from '@/components/ui/spinner';
import { useConnectionStatus, useUserId } from '@/lib/realtime-hooks';
import { useTranslation } from 'react-i18next';

/** SPEC §2 customer chat with support (/main/chat). */
export function ChatPage() {
  const { t } = useTranslation();
  const userId = useUserId();
  const status = useConnectionStatus();
  const queryClient = useQueryClient();
  // Opening the conversation reads it; the unread alert recounts when the customer leaves.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread() }), [queryClient]);

  return (
    <section className="-m-4 flex h-[calc(100%+2rem)] min-h-80 flex-col overflow-hidden bg-panel md:m-0 md:h-full md:rounded-xl md:border md:border-line">
      <header className="flex items-center gap-3 border-b border-line px-4 py-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-brand/15 text-fg">
          <Headset className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="font-semibold">{t('Support Chat')}</h1>
          <ConnectionStatus status={status} />
        </div>
      </header>
      {userId === null ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner />
        </div>
      ) : (
        <Conversation customerId={userId} asAdmin={false} />
      )}
    </section>
  );
}

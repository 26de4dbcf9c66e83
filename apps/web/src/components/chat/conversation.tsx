import { useCallback } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useUserId } from '@/lib/realtime-hooks';
import { INVALID_RESPONSE } from './chat-api';
import { ChatInput } from './chat-input';
import { MessageList } from './message-list';
import { useComposer } from './use-composer';
import { useConversation } from './use-conversation';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

const LOAD_FAILED = msg('Failed to load messages.');

function loadError(error: unknown, t: TFunction): string {
  return error instanceof Error && error.message === INVALID_RESPONSE ? t(INVALID_RESPONSE) : errorMessage(error, t(LOAD_FAILED));
}

/** A conversation with its input, for the customer's own chat and the admin's selected customer. */
export function Conversation({ customerId, asAdmin }: { customerId: number; asAdmin: boolean }) {
  const { t } = useTranslation();
  const ownId = useUserId();
  const convo = useConversation(customerId, { asAdmin });
  const composer = useComposer(customerId, { asAdmin });
  const { fetchNextPage, isFetchingNextPage } = convo;
  const loadOlder = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, isFetchingNextPage]);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {convo.error && (
        <Alert variant="destructive" className="m-3" title={loadError(convo.error, t)}>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void (convo.isFetchNextPageError ? convo.fetchNextPage() : convo.refetch())}>
            {t('Retry')}
          </Button>
        </Alert>
      )}
      <MessageList
        messages={convo.messages}
        ownId={ownId}
        loading={convo.isPending && !convo.error}
        hasOlder={Boolean(convo.hasNextPage) && !convo.isFetchNextPageError}
        loadingOlder={convo.isFetchingNextPage}
        onLoadOlder={loadOlder}
      />
      <ChatInput composer={composer} disabled={convo.status !== 'connected'} />
    </div>
  );
}

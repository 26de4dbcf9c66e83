import { useCallback, useEffect, useMemo } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { channels, events, type ChatMessage } from '@bourse/contract';
import { CHAT_POLL_MS } from '@/config/constants';
import { useChannelReady, usePrivateEvent } from '@/lib/realtime-hooks';
import { useRealtime } from '@/lib/realtime';
import { chatKeys, getMessages, type ChatPage } from './chat-api';
import { markRead, mergeMessages } from './chat-format';

type Pages = InfiniteData<ChatPage, number>;

/** Adds messages to the newest cached page of a conversation (live events, polling, own sends). */
export function addMessages(queryClient: QueryClient, customerId: number, incoming: ChatMessage[]) {
  if (incoming.length === 0) return;
  queryClient.setQueryData<Pages>(chatKeys.messages(customerId), (data) => {
    if (!data || data.pages.length === 0) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest!, data: mergeMessages(newest!.data, incoming) }, ...older] };
  });
}

function applyRead(queryClient: QueryClient, customerId: number, ids: number[], readAt: string) {
  queryClient.setQueryData<Pages>(chatKeys.messages(customerId), (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, data: markRead(p.data, ids, readAt) })) } : data,
  );
}

function newestTime(data: Pages): string | undefined {
  let newest: string | undefined;
  for (const page of data.pages) {
    const last = page.data.at(-1)?.created_at;
    if (last && (!newest || Date.parse(last) > Date.parse(newest))) newest = last;
  }
  return newest;
}

/**
 * One conversation (a customer's, seen by that customer or by an admin): pages of history, live
 * `message.sent` / `message.read` events, and 5 s polling with `after=` while not connected.
 */
export function useConversation(customerId: number | null, opts: { asAdmin: boolean }) {
  const queryClient = useQueryClient();
  const status = useRealtime((s) => s.status);
  const scope = opts.asAdmin && customerId !== null ? customerId : undefined;
  const query = useInfiniteQuery({
    queryKey: chatKeys.messages(customerId ?? 0),
    queryFn: ({ pageParam }) => getMessages({ page: pageParam, customerId: scope }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastParam) => (last.next_page_url ? lastParam + 1 : undefined),
    enabled: customerId !== null,
    // Events and polling keep the pages current; a conversation left is dropped and read afresh.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const messages = useMemo(
    () => (query.data ? query.data.pages.reduceRight<ChatMessage[]>((all, page) => mergeMessages(all, page.data), []) : []),
    [query.data],
  );
  /** Fetches what came since the newest message held (and read receipts of the newest page). */
  const catchUp = useCallback(
    async (withReceipts: boolean) => {
      const cached = customerId === null ? undefined : queryClient.getQueryData<Pages>(chatKeys.messages(customerId));
      if (customerId === null || !cached) return;
      try {
        const after = newestTime(cached);
        const since = await getMessages({ page: 1, customerId: scope, after });
        addMessages(queryClient, customerId, since.data);
        if (withReceipts && after) addMessages(queryClient, customerId, (await getMessages({ page: 1, customerId: scope })).data);
      } catch (error) {
        // SPEC §8: polling errors are logged only.
        console.error('Chat polling failed', error);
      }
    },
    [customerId, scope, queryClient],
  );

  const connected = status === 'connected';
  useEffect(() => {
    if (connected || customerId === null) return;
    const timer = setInterval(() => void catchUp(false), CHAT_POLL_MS);
    return () => clearInterval(timer);
  }, [connected, customerId, catchUp]);

  const channel = customerId === null ? null : channels.chat(customerId);
  // Each (re)subscription: what was sent while the channel was down or subscribing came as no event,
  // so fetch it (or the whole first page).
  useChannelReady(channel, () => {
    if (customerId === null) return;
    if (queryClient.getQueryData(chatKeys.messages(customerId))) void catchUp(true);
    else void queryClient.invalidateQueries({ queryKey: chatKeys.messages(customerId) });
  });
  usePrivateEvent(channel, events.messageSent, (message) => {
    if (customerId === null || message.customer_id !== customerId) return;
    // Reading the conversation is what marks the other side's messages read on the server.
    const fromOtherSide = message.is_admin !== opts.asAdmin;
    if (fromOtherSide && document.visibilityState === 'visible') void catchUp(false);
    addMessages(queryClient, customerId, [message]);
  });
  usePrivateEvent(channel, events.messageRead, (e) => {
    if (customerId !== null && e.customer_id === customerId) applyRead(queryClient, customerId, e.ids, e.read_at);
  });

  return { ...query, messages, status };
}

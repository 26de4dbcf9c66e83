import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { useRealtime } from '@/lib/realtime';
import { useSession } from '@/stores/session-store';
import { attachmentsReducer, canSend, readyUrls } from './attachment-state';
import { sendMessage, uploadFile } from './chat-api';
import { addMessages } from './use-conversation';
import { i18next, msg } from '@/i18n/i18n';

export const SEND_MESSAGES = {
  loggedOut: msg('You must be logged in to send messages.'),
  connectionLost: msg('Connection lost. Messages cannot be sent at this time.'),
  sendFailed: msg('Failed to send message.'),
  uploadFailed: msg('Failed to upload file.'),
} as const;

let chipSeq = 0;

/** The message being written: text, attachment uploads and the send rules of SPEC §5. */
export function useComposer(customerId: number | null, opts: { asAdmin: boolean }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [chips, dispatch] = useReducer(attachmentsReducer, []);
  const uploads = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const c of running.values()) c.abort();
    };
  }, []);

  const attach = useCallback(
    (file: File) => {
      const id = `chip-${++chipSeq}`;
      const controller = new AbortController();
      uploads.current.set(id, controller);
      dispatch({ type: 'add', id, fileName: file.name, isImage: file.type.startsWith('image/') });
      uploadFile(file, {
        customerId: opts.asAdmin ? (customerId ?? undefined) : undefined,
        signal: controller.signal,
        onProgress: (percent) => dispatch({ type: 'progress', id, percent }),
      })
        .then((res) => dispatch({ type: 'uploaded', id, url: res.url }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          dispatch({ type: 'failed', id });
          toast.error(errorMessage(error, i18next.t(SEND_MESSAGES.uploadFailed)));
        })
        .finally(() => uploads.current.delete(id));
    },
    [customerId, opts.asAdmin],
  );

  const remove = useCallback((id: string) => {
    uploads.current.get(id)?.abort();
    dispatch({ type: 'remove', id });
  }, []);

  const mutation = useMutation({
    mutationFn: sendMessage,
    onSuccess: (message, sent) => {
      addMessages(queryClient, message.customer_id, [message]);
      // What was typed while the message was on its way (the next message, say) is kept.
      setText((current) => (current.trim() === sent.message ? '' : current));
      dispatch({ type: 'clear' });
    },
    onError: (error) => toast.error(errorMessage(error, i18next.t(SEND_MESSAGES.sendFailed))),
  });

  const send = useCallback(() => {
    if (!useSession.getState().user) return void toast.error(i18next.t(SEND_MESSAGES.loggedOut));
    if (!canSend(text, chips) || customerId === null || mutation.isPending) return;
    if (useRealtime.getState().status !== 'connected') return void toast.error(i18next.t(SEND_MESSAGES.connectionLost));
    mutation.mutate({ message: text.trim(), attachments: readyUrls(chips), customer_id: opts.asAdmin ? customerId : undefined });
  }, [text, chips, customerId, mutation, opts.asAdmin]);

  return { text, setText, chips, attach, remove, send, sending: mutation.isPending, sendable: canSend(text, chips) };
}

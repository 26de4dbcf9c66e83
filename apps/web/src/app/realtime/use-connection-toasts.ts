import { useEffect } from 'react';
import { toast } from 'sonner';
import { DEFAULT_FAILURE, useRealtime } from '@/lib/realtime';
import { useSession } from '@/stores/session-store';
import { i18next } from '@/i18n/i18n';

const TOAST_ID = 'realtime-connection';
export const CONNECTED_TOAST_MS = 2_000;
export const FAILED_TOAST_MS = 4_000;

type Translate = (key: string, options?: Record<string, string>) => string;

/** The English message with its placeholders filled in: what `t` gives where no catalogue runs. */
const english: Translate = (key, options = {}) => key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => options[name] ?? '');

/** The text of the failure toast: the reason when one was given (SPEC §2), as the server gave it. */
export function failureToastText(error: string | null, t: Translate = english): string {
  return t('Connection failed: {{reason}}', { reason: error && error !== DEFAULT_FAILURE ? error : t('Unknown error') });
}

const translate: Translate = (key, options = {}) => i18next.t(key, options);

/** SPEC §2 reconnect toasts, shown only after the connection had been up once. */
export function useConnectionToasts() {
  useEffect(() => {
    let wasUp = false;
    let reconnecting = false;
    return useRealtime.subscribe((state, prev) => {
      if (state.status === prev.status) return;
      if (state.status === 'connected') {
        if (reconnecting) toast.success(i18next.t('Connected to server'), { id: TOAST_ID, duration: CONNECTED_TOAST_MS });
        wasUp = true;
        reconnecting = false;
      } else if (state.status === 'connecting' && wasUp && !reconnecting) {
        reconnecting = true;
        toast.loading(i18next.t('Reconnecting to server...'), { id: TOAST_ID });
      } else if (state.status === 'failed') {
        reconnecting = wasUp;
        toast.error(failureToastText(state.error, translate), { id: TOAST_ID, duration: FAILED_TOAST_MS });
      } else if (state.status === 'disconnected') {
        if (!reconnecting) toast.dismiss(TOAST_ID);
        // Signed out: the next sign-in is a first connection, not a reconnect.
        if (!useSession.getState().token) wasUp = reconnecting = false;
      }
    });
  }, []);
}

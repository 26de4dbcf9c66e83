import { useEffect } from 'react';
import { toast } from 'sonner';
import { DEFAULT_FAILURE, useRealtime } from '@/lib/realtime';
import { useSession } from '@/stores/session-store';

const TOAST_ID = 'realtime-connection';
export const CONNECTED_TOAST_MS = 2_000;
export const FAILED_TOAST_MS = 4_000;

/** The text of the failure toast: the reason when one was given (SPEC §2). */
export function failureToastText(error: string | null): string {
  return `Connection failed: ${error && error !== DEFAULT_FAILURE ? error : 'Unknown error'}`;
}

/** SPEC §2 reconnect toasts, shown only after the connection had been up once. */
export function useConnectionToasts() {
  useEffect(() => {
    let wasUp = false;
    let reconnecting = false;
    return useRealtime.subscribe((state, prev) => {
      if (state.status === prev.status) return;
      if (state.status === 'connected') {
        if (reconnecting) toast.success('Connected to server', { id: TOAST_ID, duration: CONNECTED_TOAST_MS });
        wasUp = true;
        reconnecting = false;
      } else if (state.status === 'connecting' && wasUp && !reconnecting) {
        reconnecting = true;
        toast.loading('Reconnecting to server...', { id: TOAST_ID });
      } else if (state.status === 'failed') {
        reconnecting = wasUp;
        toast.error(failureToastText(state.error), { id: TOAST_ID, duration: FAILED_TOAST_MS });
      } else if (state.status === 'disconnected') {
        if (!reconnecting) toast.dismiss(TOAST_ID);
        // Signed out: the next sign-in is a first connection, not a reconnect.
        if (!useSession.getState().token) wasUp = reconnecting = false;
      }
    });
  }, []);
}

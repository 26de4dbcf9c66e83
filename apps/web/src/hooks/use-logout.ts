import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

/** Revokes the token on the server (best effort), clears the session and caches, and goes to /. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (useSession.getState().token) {
      // A device signed out of stops showing the customer's news: its push subscription ends too.
      await import('@/lib/push-subscription').then((m) => m.turnPushOff()).catch(() => {});
      await http.post('/auth/logout', {}, { skipAuthRedirect: true }).catch(() => {});
    }
    useSession.getState().clear();
    queryClient.clear();
    navigate('/', { replace: true });
  }, [navigate, queryClient]);
}

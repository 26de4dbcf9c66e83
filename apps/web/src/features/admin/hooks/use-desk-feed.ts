import { useQueryClient } from '@tanstack/react-query';
import { channels, events } from '@bourse/contract';
import { useChannelReady, usePrivateEvent } from '@/lib/realtime-hooks';
import { deskKeys } from '../api/desk';

/**
 * Keeps the desk live from its private channel: every `desk.changed` (trades or hedges moved, sent
 * at most once a second by the server) and every (re)subscription reads the desk's lists again.
 */
export function useDeskFeed() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: deskKeys.root });
  usePrivateEvent(channels.desk(), events.deskChanged, refresh);
  useChannelReady(channels.desk(), refresh);
}

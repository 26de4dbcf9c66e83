import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE } from '@/config/constants';
import { useSession } from '@/stores/session-store';
import { parseLayout, type RoomLayout } from '../lib/room-layout';

const cache = new Map<string, RoomLayout>();
const listeners = new Set<() => void>();

function read(key: string): RoomLayout {
  let layout = cache.get(key);
  if (!layout) {
    let text: string | null = null;
    try {
      text = localStorage.getItem(key);
    } catch {
      // Storage off: the room starts from its defaults each time.
    }
    layout = parseLayout(text);
    cache.set(key, layout);
  }
  return layout;
}

function write(key: string, patch: Partial<RoomLayout>) {
  const next = { ...read(key), ...patch };
  cache.set(key, next);
  try {
    localStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Kept for this visit only.
  }
  for (const notify of listeners) notify();
}

const subscribe = (cb: () => void) => {
  listeners.add(cb);
  return () => void listeners.delete(cb);
};

/** The signed-in user's trading room layout on this device, and a setter that keeps changes. */
export function useRoomLayout() {
  // Per user: people sharing a browser each find the room as they left it.
  const key = `${STORAGE.roomLayout}:${useSession((s) => s.user?.id ?? 'guest')}`;
  const layout = useSyncExternalStore(subscribe, () => read(key));
  const update = useCallback((patch: Partial<RoomLayout>) => write(key, patch), [key]);
  return [layout, update] as const;
}

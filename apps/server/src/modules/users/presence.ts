/** A user is online when their last heartbeat is this recent (heartbeats come every 60 s). */
export const ONLINE_WINDOW_MS = 2 * 60_000;

export function isOnline(lastSeenAt: Date | null, now = Date.now()): boolean {
  return lastSeenAt !== null && now - lastSeenAt.getTime() < ONLINE_WINDOW_MS;
}

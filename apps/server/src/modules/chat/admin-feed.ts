import { channels, events } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { chatUserStates } from './chat.repository.ts';

/**
 * Changes within this window go out as one `users.changed` event: fresh enough for a list the
 * client otherwise polls every 30 s, and one fan-out per second at most however busy the desk is.
 */
const DEBOUNCE_MS = 1000;
const MAX_USERS_PER_EVENT = 200;

/**
 * Tells admins (channel `admin`) which customers' online state, unread count or last message
 * changed, coalescing bursts so a busy support desk costs one small event per window.
 */
class AdminFeed {
  private readonly ctx: AppContext;
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(ctx: AppContext) {
    this.ctx = ctx;
    ctx.onClose(() => {
      this.closed = true;
      if (this.timer) clearTimeout(this.timer);
    });
  }

  changed(userId: number): void {
    if (this.closed) return;
    this.pending.add(userId);
    this.timer ??= setTimeout(() => void this.flush(), DEBOUNCE_MS);
  }

  private async flush(): Promise<void> {
    this.timer = null;
    const ids = [...this.pending];
    this.pending.clear();
    try {
      for (let i = 0; i < ids.length; i += MAX_USERS_PER_EVENT) {
        const states = await chatUserStates(this.ctx.db, ids.slice(i, i + MAX_USERS_PER_EVENT));
        if (states.length) await this.ctx.broadcaster.publish(channels.admin(), events.usersChanged, { users: states });
      }
    } catch (err) {
      if (!this.closed) this.ctx.log.warn({ err: (err as Error).message }, 'admin feed update failed');
    }
  }
}

const feeds = new WeakMap<AppContext, AdminFeed>();

/** Queues a `users.changed` event about this customer for the admin chat's user list. */
export function announceUserChanged(ctx: AppContext, userId: number): void {
  let feed = feeds.get(ctx);
  if (!feed) feeds.set(ctx, (feed = new AdminFeed(ctx)));
  feed.changed(userId);
}

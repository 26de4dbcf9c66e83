import { channels, events } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';

/**
 * Tells the user's open tabs that something in their user view changed (an account, a plan, an
 * owned item, a request decided), so they refetch it. Called by whichever module made the change,
 * after it has committed.
 */
export async function publishUserUpdated(ctx: AppContext, userId: number): Promise<void> {
  try {
    await ctx.broadcaster.publish(channels.user(userId), events.userUpdated, { id: userId });
  } catch (error) {
    // Committed already; the client refreshes the user on its own after the call.
    ctx.log.warn({ err: error, userId }, 'user event not delivered');
  }
}

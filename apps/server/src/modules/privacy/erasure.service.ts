import { createHash, randomBytes } from 'node:crypto';
import { channels, events, privacyMessages as msg } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { avatarKeyOf } from '../../lib/avatar-links.ts';
import { hashPassword } from '../../lib/tokens.ts';
import type { FileStore } from '../../lib/uploads/file-store.ts';
import { audit } from '../audit/audit.service.ts';
import { withPassword } from '../personal/security.service.ts';
import { erasedFileKeys, erasureBlockers, pseudonymise } from './erasure.repository.ts';
import { userForPrivacy } from './privacy.repository.ts';

/** The name an erased customer goes by: the same for the same user every time, saying nothing about them. */
export const pseudonymOf = (userId: number) => `erased-${createHash('sha256').update(`bourse-erasure:${userId}`).digest('hex').slice(0, 16)}`;

/**
 * Erases a customer's personal data, all in one transaction: refused (409) while positions or
 * orders are open, money is held on a live account or in savings, or a deposit or withdrawal is
 * pending, and when already erased. The ledger is not touched, so every balance stays the sum of
 * its journal; the audit log gains one entry. Files go from the store once the change is
 * committed. `actor` is the customer (who gave their password) or an admin answering a request.
 */
export async function eraseCustomer(ctx: AppContext, store: FileStore, actor: AuthInfo, userId: number, reason?: string): Promise<string> {
  const pseudonym = pseudonymOf(userId);
  // Nobody knows this password: the account cannot be signed into again, whatever else changes.
  const unusable = await hashPassword(randomBytes(32).toString('hex'));
  const files = await ctx.db.transaction(async (tx) => {
    const user = await userForPrivacy(tx, userId, true);
    if (!user) throw notFound();
    if (user.role !== 'customer') throw forbidden(msg.erasureCustomersOnly);
    if (user.erased_at) throw conflict(msg.alreadyErased);
    const blockers = await erasureBlockers(tx, userId);
    if (blockers.open > 0) throw conflict(msg.erasureOpenPositions);
    if (blockers.money > 0) throw conflict(msg.erasureMoneyHeld);
    if (blockers.requests > 0) throw conflict(msg.erasurePendingRequests);
    const keys = await erasedFileKeys(tx, userId);
    const avatar = avatarKeyOf(user.avatar);
    if (avatar) keys.push(avatar);
    await pseudonymise(tx, userId, pseudonym, unusable, user.email);
    await audit(tx, actor, { action: 'privacy.erased', subjectType: 'user', subjectId: userId, userId, details: { pseudonym, files_removed: keys.length, ...(reason ? { reason } : {}) } });
    return keys;
  });
  for (const key of files) {
    await store.delete(key).catch((error: unknown) => ctx.log.error({ err: error, userId }, 'an erased customer’s file could not be removed'));
  }
  // Other open tabs of the customer re-read the user, find the session gone and sign out.
  await ctx.broadcaster.publish(channels.user(userId), events.userUpdated, { id: userId });
  return pseudonym;
}

/** Erasure asked for by the customer in the client area, their password given again. */
export async function eraseOwnData(ctx: AppContext, store: FileStore, caller: AuthInfo, password: string): Promise<void> {
  const user = await userForPrivacy(ctx.db, caller.userId);
  if (user?.erased_at) throw conflict(msg.alreadyErased);
  await withPassword(ctx, caller.userId, password);
  await eraseCustomer(ctx, store, caller, caller.userId);
}

import { randomBytes } from 'node:crypto';
import { channels, events, personalMessages as msg } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import type { FileStore } from '../../lib/uploads/file-store.ts';
import { findUserById } from '../users/users.repository.ts';
import { isAcceptedImage, toAvatar } from './avatar-image.ts';
import { AVATAR_URL_PREFIX, avatarKeyOf, avatarLink } from '../../lib/avatar-links.ts';
import { setAvatar } from './personal.repository.ts';

/** Replaces the caller's avatar with the uploaded image, squared and resized; returns a signed link to it. */
export async function uploadAvatar(ctx: AppContext, store: FileStore, caller: AuthInfo, content: Buffer): Promise<string> {
  if (!(await isAcceptedImage(content))) throw invalid('file', msg.avatarType);
  const image = await toAvatar(content);
  if (!image) throw invalid('file', msg.avatarType);
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const url = `${AVATAR_URL_PREFIX}${name}`;
  await store.put(`avatars/${name}`, image, 'image/webp');
  let previous: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const user = await findUserById(tx, caller.userId);
      if (!user) throw notFound();
      previous = user.avatar;
      await setAvatar(tx, caller.userId, url);
      await audit(tx, caller, { action: 'profile.avatar_changed', subjectType: 'user', subjectId: caller.userId, userId: caller.userId, details: { avatar: url } });
    });
  } catch (err) {
    await store.delete(`avatars/${name}`);
    throw err;
  }
  await removeFile(store, previous);
  await ctx.broadcaster.publish(channels.user(caller.userId), events.userUpdated, { id: caller.userId });
  return avatarLink(ctx.config.uploads, url)!;
}

export async function removeAvatar(ctx: AppContext, store: FileStore, caller: AuthInfo): Promise<void> {
  const user = await findUserById(ctx.db, caller.userId);
  if (!user?.avatar) return;
  await ctx.db.transaction(async (tx) => {
    await setAvatar(tx, caller.userId, null);
    await audit(tx, caller, { action: 'profile.avatar_removed', subjectType: 'user', subjectId: caller.userId, userId: caller.userId });
  });
  await removeFile(store, user.avatar);
  await ctx.broadcaster.publish(channels.user(caller.userId), events.userUpdated, { id: caller.userId });
}

async function removeFile(store: FileStore, url: string | null): Promise<void> {
  const key = avatarKeyOf(url);
  if (key) await store.delete(key);
}

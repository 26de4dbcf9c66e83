import type { UploadSettings } from '../config.ts';
import { type LinkLifetime, signedUrl, verifyDownload } from './signed-urls.ts';

/** Where avatars are served; the users table stores this path with the file name. */
export const AVATAR_URL_PREFIX = '/api/v1/avatars/';
const NAME = /^[0-9a-f]{32}\.webp$/;

/**
 * Avatars load through <img> (header, chat lists), so a link carries its own permission and
 * needs no bearer header. A link is minted only inside a payload whose route has already decided
 * the caller may see that person, which makes these the people who get one:
 * - the user, for their own avatar (GET /user, sign-in answers, the profile, the upload answer);
 * - staff (support and admin), for any user shown in the back office or the admin chat;
 * - a customer, for the senders in their own conversation (themselves and the staff who wrote).
 * Anyone holding a link can use it until it expires, like a chat attachment's. It lives a day, so
 * a screen left open does not lose its pictures; the expiry moves in six-hour steps, so the URL
 * (and the browser's cached image) stays the same across refetches in between.
 */
export const AVATAR_LINK_LIFETIME: LinkLifetime = { ttlSec: 24 * 3600, stepSec: 6 * 3600 };

/** The file name of an avatar URL this server stores (`/api/v1/avatars/<name>`), or null. */
export function avatarNameOf(url: string | null): string | null {
  const name = url?.startsWith(AVATAR_URL_PREFIX) ? url.slice(AVATAR_URL_PREFIX.length) : null;
  return name && NAME.test(name) ? name : null;
}

/** The storage key behind a stored avatar URL, or null. */
export function avatarKeyOf(url: string | null): string | null {
  const name = avatarNameOf(url);
  return name ? `avatars/${name}` : null;
}

/** The avatar as a payload carries it: a freshly signed link, or null when there is none of ours. */
export function avatarLink(uploads: Pick<UploadSettings, 'signingSecret' | 'urlTtlSec'>, stored: string | null, now = Date.now()): string | null {
  const name = avatarNameOf(stored);
  return name ? signedUrl(uploads, 'avatar', `${AVATAR_URL_PREFIX}${name}`, name, now, AVATAR_LINK_LIFETIME) : null;
}

/** Whether `signature` signs the avatar `name` until `expires` and that time has not passed. */
export function verifyAvatarLink(uploads: Pick<UploadSettings, 'signingSecret'>, name: string, expires: number, signature: string): boolean {
  return verifyDownload(uploads.signingSecret, name, expires, signature, Date.now(), 'avatar');
}

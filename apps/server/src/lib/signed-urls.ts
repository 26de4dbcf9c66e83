import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadSettings } from '../config.ts';

// Expiry is rounded up to this step so a URL stays the same across refetches and the browser's
// image cache keeps working; short, so a link lives little longer than DOWNLOAD_URL_TTL.
const EXPIRY_STEP_SEC = 5 * 60;
type Signing = Pick<UploadSettings, 'signingSecret' | 'urlTtlSec'>;
const DOWNLOAD_PATH = /\/chat\/attachments\/(\d{1,10})\/download(?:\?|$)/;

/** What a link opens; part of the signed text, so a link to one kind of file never opens another. */
export type DownloadSubject = 'chat-attachment' | 'verification-document' | 'avatar';

/** How long a link lives: at least `ttlSec`, its expiry rounded up to a multiple of `stepSec`. */
export type LinkLifetime = { ttlSec: number; stepSec: number };

function signature(secret: string, id: number | string, expires: number, subject: DownloadSubject): string {
  return createHmac('sha256', secret).update(`${subject}:${id}:${expires}`).digest('base64url');
}

/**
 * A short-lived URL that downloads an attachment without a bearer header (images load through
 * <img>). Only handed to people allowed to read the conversation. Relative to the API's origin.
 */
export function signedDownloadUrl(settings: Signing, id: number, now = Date.now()): string {
  return signedUrl(settings, 'chat-attachment', `/api/v1/chat/attachments/${id}/download`, id, now);
}

/**
 * `path` with an expiry and a signature over `subject` and `id` (a number, or a name without ':'),
 * checked by `verifyDownload`. The lifetime is the operator's download TTL unless given.
 */
export function signedUrl(
  settings: Signing,
  subject: DownloadSubject,
  path: string,
  id: number | string,
  now = Date.now(),
  lifetime: LinkLifetime = { ttlSec: settings.urlTtlSec, stepSec: EXPIRY_STEP_SEC },
): string {
  const expires = Math.ceil((now / 1000 + lifetime.ttlSec) / lifetime.stepSec) * lifetime.stepSec;
  return `${path}?expires=${expires}&signature=${signature(settings.signingSecret, id, expires, subject)}`;
}

export function verifyDownload(secret: string, id: number | string, expires: number, given: string, now = Date.now(), subject: DownloadSubject = 'chat-attachment'): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, id, expires, subject));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The attachment id an upload URL names (absolute or relative), or null. */
export function attachmentIdOf(url: string): number | null {
  const match = DOWNLOAD_PATH.exec(url);
  return match ? Number(match[1]) : null;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadSettings } from '../../config.ts';

// Expiry is rounded up to this step so a URL stays the same across refetches and the browser's
// image cache keeps working.
const EXPIRY_STEP_SEC = 15 * 60;
const DOWNLOAD_PATH = /\/chat\/attachments\/(\d{1,10})\/download(?:\?|$)/;

function signature(secret: string, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`chat-attachment:${id}:${expires}`).digest('base64url');
}

/**
 * A short-lived URL that downloads an attachment without a bearer header (images load through
 * <img>). Only handed to people allowed to read the conversation. Relative to the API's origin.
 */
export function signedDownloadUrl(settings: Pick<UploadSettings, 'signingSecret' | 'urlTtlSec'>, id: number, now = Date.now()): string {
  const expires = Math.ceil((now / 1000 + settings.urlTtlSec) / EXPIRY_STEP_SEC) * EXPIRY_STEP_SEC;
  return `/api/v1/chat/attachments/${id}/download?expires=${expires}&signature=${signature(settings.signingSecret, id, expires)}`;
}

export function verifyDownload(secret: string, id: number, expires: number, given: string, now = Date.now()): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, id, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The attachment id an upload URL names (absolute or relative), or null. */
export function attachmentIdOf(url: string): number | null {
  const match = DOWNLOAD_PATH.exec(url);
  return match ? Number(match[1]) : null;
}

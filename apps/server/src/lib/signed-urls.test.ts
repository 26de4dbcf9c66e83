import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { attachmentIdOf, signedDownloadUrl, signedUrl, verifyDownload } from './signed-urls.ts';

const settings = { signingSecret: 'secret', urlTtlSec: 3600 };

function parts(url: string) {
  const u = new URL(url, 'http://x');
  return { id: attachmentIdOf(url)!, expires: Number(u.searchParams.get('expires')), signature: u.searchParams.get('signature')! };
}

describe('signed download URLs', () => {
  it('verify for their attachment until they expire', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const { id, expires, signature } = parts(signedDownloadUrl(settings, 42, now));
    expect(id).toBe(42);
    expect(expires * 1000).toBeGreaterThanOrEqual(now + 3600_000);
    expect(verifyDownload('secret', 42, expires, signature, now)).toBe(true);
    expect(verifyDownload('secret', 43, expires, signature, now)).toBe(false);
    expect(verifyDownload('secret', 42, expires + 1, signature, now)).toBe(false);
    expect(verifyDownload('other', 42, expires, signature, now)).toBe(false);
    expect(verifyDownload('secret', 42, expires, signature, expires * 1000 + 1)).toBe(false);
  });

  it('open only the kind of file they were signed for', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const chat = new URL(signedDownloadUrl(settings, 7, now), 'http://x');
    const doc = new URL(signedUrl(settings, 'verification-document', '/api/v1/verification/documents/7/download', 7, now), 'http://x');
    const expires = Number(doc.searchParams.get('expires'));
    expect(verifyDownload('secret', 7, expires, doc.searchParams.get('signature')!, now, 'verification-document')).toBe(true);
    expect(verifyDownload('secret', 7, expires, doc.searchParams.get('signature')!, now)).toBe(false);
    expect(verifyDownload('secret', 7, expires, chat.searchParams.get('signature')!, now, 'verification-document')).toBe(false);
  });

  it('stay the same within five minutes so browsers can cache images, and live minutes by default', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(signedDownloadUrl(settings, 1, now + 1000)).toBe(signedDownloadUrl(settings, 1, now + 60_000));
    const { expires } = parts(signedDownloadUrl({ signingSecret: 'secret', urlTtlSec: loadConfig({}).uploads.urlTtlSec }, 1, now + 1000));
    expect(expires * 1000 - now).toBeGreaterThanOrEqual(10 * 60_000);
    expect(expires * 1000 - now).toBeLessThanOrEqual(15 * 60_000);
  });

  it('name their attachment in absolute or relative form, and nothing else', () => {
    expect(attachmentIdOf('https://broker.example/api/v1/chat/attachments/9/download?expires=1&signature=x')).toBe(9);
    expect(attachmentIdOf('/api/v1/chat/attachments/9/download')).toBe(9);
    expect(attachmentIdOf('/api/v1/chat/attachments/9/downloadx')).toBeNull();
    expect(attachmentIdOf('https://evil.example/x.png')).toBeNull();
  });
});

describe('signed links with a lifetime of their own', () => {
  const day = { ttlSec: 24 * 3600, stepSec: 6 * 3600 };
  const midnight = Date.UTC(2026, 0, 1);
  const link = (now: number, name = 'a.webp') => new URL(signedUrl(settings, 'avatar', `/api/v1/avatars/${name}`, name, now, day), 'http://x');

  it('sign a name, last at least the lifetime and move in its steps', () => {
    const url = link(midnight + 1000);
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature')!;
    expect(expires * 1000).toBe(midnight + 30 * 3600_000);
    expect(verifyDownload('secret', 'a.webp', expires, signature, midnight, 'avatar')).toBe(true);
    expect(verifyDownload('secret', 'b.webp', expires, signature, midnight, 'avatar')).toBe(false);
    expect(verifyDownload('secret', 'a.webp', expires, signature, midnight)).toBe(false);
    expect(link(midnight + 1000).href).toBe(link(midnight + 6 * 3600_000 - 1000).href);
    expect(link(midnight + 6 * 3600_000 + 1000).href).not.toBe(link(midnight + 1000).href);
  });
});

import { describe, expect, it } from 'vitest';
import { attachmentIdOf, signedDownloadUrl, verifyDownload } from './download-urls.ts';

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

  it('stay the same within a quarter hour so browsers can cache images', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(signedDownloadUrl(settings, 1, now + 1000)).toBe(signedDownloadUrl(settings, 1, now + 60_000));
  });

  it('name their attachment in absolute or relative form, and nothing else', () => {
    expect(attachmentIdOf('https://broker.example/api/v1/chat/attachments/9/download?expires=1&signature=x')).toBe(9);
    expect(attachmentIdOf('/api/v1/chat/attachments/9/download')).toBe(9);
    expect(attachmentIdOf('/api/v1/chat/attachments/9/downloadx')).toBeNull();
    expect(attachmentIdOf('https://evil.example/x.png')).toBeNull();
  });
});

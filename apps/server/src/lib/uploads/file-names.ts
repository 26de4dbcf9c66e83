import type { UploadType } from './upload-type.ts';

const NAME_MAX = 150;
const extensionsOf: Record<string, string[]> = { jpg: ['jpg', 'jpeg'] };

/**
 * The name shown and offered on download: the client's name without path, control or
 * direction-override characters, always ending in an extension of the detected type.
 */
export function displayName(given: string, type: UploadType): string {
  const base = (given.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NAME_MAX);
  const name = base || 'file';
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  return (extensionsOf[type.ext] ?? [type.ext]).includes(ext) ? name : `${name}.${type.ext}`;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the exact name in RFC 5987 form. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

import { ApiError, authHeaders } from './api-client';

/**
 * Fetches a file the server serves only to a signed-in caller (identity documents): a plain link
 * or <img> would carry no bearer token, so the file comes as a blob through fetch.
 */
export async function fetchProtectedFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(url, { headers: authHeaders(), signal });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, body?.message ?? res.statusText, body);
  }
  return res.blob();
}

/** Hands a fetched file to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: the click starts the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

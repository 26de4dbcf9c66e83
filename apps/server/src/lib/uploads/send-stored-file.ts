import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './file-names.ts';

/** What a download needs to know of a stored upload. */
export type StoredFile = { mimeType: string; size: number; fileName: string };

/**
 * Answers with a customer's stored file as a download that never renders in the app's origin
 * (attachment, no sniffing, a sandbox with nothing allowed) and leaks no address to where it is
 * opened. Private documents are not kept by any cache; `cache` loosens that for files that are
 * shared in a conversation and fetched again as it is scrolled.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, body: Readable, cache = 'private, no-store') {
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', file.size)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', cache)
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

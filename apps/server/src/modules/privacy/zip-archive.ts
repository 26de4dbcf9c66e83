import { setImmediate as nextTurn } from 'node:timers/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of an archive; `compress` false for content that is compressed already (images, PDF). */
export type ArchiveEntry = { path: string; content: Uint8Array; compress: boolean };

const CHUNK = 256 * 1024;

/**
 * A ZIP of `entries`, built in memory a chunk at a time with a turn of the event loop between
 * chunks, so a customer with large files does not hold up the requests of others.
 */
export async function zipArchive(entries: ArchiveEntry[]): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let zip!: Zip;
  const done = new Promise<void>((resolve, reject) => {
    zip = new Zip((error, data, final) => {
      if (error) return reject(error);
      parts.push(data);
      if (final) resolve();
    });
  });
  for (const entry of entries) {
    const file = entry.compress ? new ZipDeflate(entry.path, { level: 6 }) : new ZipPassThrough(entry.path);
    zip.add(file);
    let at = 0;
    do {
      const end = Math.min(at + CHUNK, entry.content.length);
      file.push(entry.content.subarray(at, end), end === entry.content.length);
      at = end;
      await nextTurn();
    } while (at < entry.content.length);
  }
  zip.end();
  await done;
  return Buffer.concat(parts);
}

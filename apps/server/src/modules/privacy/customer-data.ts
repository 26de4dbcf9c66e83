import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/statement.ts';
import { avatarKeyOf } from '../../lib/avatar-links.ts';
import type { FileStore } from '../../lib/uploads/file-store.ts';
import { exportSections } from './export-sections.ts';
import type { ArchiveEntry } from './zip-archive.ts';

/** A file of the customer's in the upload store and where it goes in their copy. */
type StoredFile = { path: string; key: string; about: 'avatar' | 'verification_document' | 'professional_evidence' | 'source_of_funds_document' | 'chat_attachment'; id: number | null; mimeType: string };

// Formats that are compressed already: deflating them again only costs time.
const PACKED = /^(image\/(jpeg|png|webp|gif)|application\/(pdf|zip))$/;

// What the store's own keys look like; any other value names no file of ours.
const STORAGE_KEY = /^[a-z-]+\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

/** A file name safe inside a ZIP on every system: letters, digits, dot, dash and underscore. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '').slice(-80) || 'file';

async function storedFiles(db: DbOrTx, userId: number, avatar: string | null): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  const avatarKey = avatarKeyOf(avatar);
  if (avatarKey) files.push({ path: 'files/avatar.webp', key: avatarKey, about: 'avatar', id: null, mimeType: 'image/webp' });
  const documents = rowsOf<{ id: number; kind: string; storage_key: string; file_name: string; mime_type: string }>(
    await db.execute(sql`SELECT id, kind, storage_key, file_name, mime_type FROM verification_documents WHERE user_id = ${userId} ORDER BY id`),
  );
  for (const d of documents) {
    files.push({ path: `files/verification/${d.id}-${d.kind}-${safeName(d.file_name)}`, key: d.storage_key, about: 'verification_document', id: d.id, mimeType: d.mime_type });
  }
  const evidence = rowsOf<{ id: number; storage_key: string; file_name: string; mime_type: string }>(
    await db.execute(sql`SELECT id, storage_key, file_name, mime_type FROM professional_evidence WHERE user_id = ${userId} ORDER BY id`),
  );
  for (const e of evidence) {
    files.push({ path: `files/professional/${e.id}-${safeName(e.file_name)}`, key: e.storage_key, about: 'professional_evidence', id: e.id, mimeType: e.mime_type });
  }
  const declarations = rowsOf<{ id: number; storage_key: string; file_name: string; mime_type: string }>(
    await db.execute(sql`SELECT id, storage_key, file_name, mime_type FROM source_of_funds WHERE user_id = ${userId} ORDER BY id`),
  );
  for (const d of declarations) {
    files.push({ path: `files/source-of-funds/${d.id}-${safeName(d.file_name)}`, key: d.storage_key, about: 'source_of_funds_document', id: d.id, mimeType: d.mime_type });
  }
  const attachments = rowsOf<{ id: number; storage_key: string; file_name: string; mime_type: string }>(
    await db.execute(sql`SELECT id, storage_key, file_name, mime_type FROM chat_attachments WHERE customer_id = ${userId} OR uploader_id = ${userId} ORDER BY id`),
  );
  for (const a of attachments) files.push({ path: `files/chat/${a.id}-${safeName(a.file_name)}`, key: a.storage_key, about: 'chat_attachment', id: a.id, mimeType: a.mime_type });
  return files;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Everything held about the customer, as the entries of their ZIP: `data.json` (every section, read
 * in one transaction so the parts agree with each other) and their own uploaded files. A file the
 * store no longer has is listed as missing rather than failing the whole copy. Null when the user
 * does not exist.
 */
export async function customerDataEntries(db: DbOrTx, store: FileStore, userId: number, now = new Date()): Promise<ArchiveEntry[] | null> {
  const read = await db.transaction(async (tx) => {
    const [user] = rowsOf<{ avatar: string | null }>(await tx.execute(sql`SELECT avatar FROM users WHERE id = ${userId}`));
    if (!user) return null;
    const sections: Record<string, unknown> = {};
    for (const section of exportSections) {
      const [row] = rowsOf<{ data: unknown }>(await tx.execute(section.query(userId)));
      sections[section.name] = row?.data ?? null;
    }
    return { sections, files: await storedFiles(tx, userId, user.avatar) };
  });
  if (!read) return null;
  const entries: ArchiveEntry[] = [];
  const index: { path: string; about: StoredFile['about']; id: number | null; missing: boolean }[] = [];
  for (const file of read.files) {
    const stream = STORAGE_KEY.test(file.key) ? await store.get(file.key) : null;
    if (stream) entries.push({ path: file.path, content: await readAll(stream), compress: !PACKED.test(file.mimeType) });
    index.push({ path: file.path, about: file.about, id: file.id, missing: !stream });
  }
  const document = { format: 'bourse-data-export', version: 1, generated_at: now.toISOString(), user_id: userId, ...read.sections, files: index };
  entries.unshift({ path: 'data.json', content: Buffer.from(JSON.stringify(document, null, 2)), compress: true });
  return entries;
}

import { randomBytes } from 'node:crypto';
import { chatMessages } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { invalid } from '../../http/errors.ts';
import type { Caller } from './chat.service.ts';
import { attachmentView } from './chat.service.ts';
import { insertAttachment } from './chat.repository.ts';
import type { FileStore } from '../../lib/uploads/file-store.ts';
import { isWellFormed } from '../../lib/uploads/upload-content.ts';
import { displayName } from '../../lib/uploads/file-names.ts';
import { detectUploadType } from '../../lib/uploads/upload-type.ts';

/**
 * Keeps an upload the content check accepts, under a random name, for `customerId`'s conversation
 * (null: an admin's upload, bound to a conversation when sent). Returns what POST /chat/upload answers.
 */
export async function storeUpload(
  ctx: AppContext,
  store: FileStore,
  caller: Caller,
  upload: { filename: string; content: Buffer },
  customerId: number | null,
) {
  const type = await detectUploadType(upload.content);
  if (!type || !(await isWellFormed(upload.content, type))) throw invalid('file', chatMessages.fileType);
  const key = `chat/${randomBytes(16).toString('hex')}.${type.ext}`;
  await store.put(key, upload.content, type.mime);
  try {
    const row = await insertAttachment(ctx.db, {
      uploaderId: caller.userId,
      customerId,
      storageKey: key,
      fileName: displayName(upload.filename, type),
      mimeType: type.mime,
      size: upload.content.length,
      isImage: type.isImage,
    });
    const view = attachmentView(ctx, row);
    return { url: view.download_url, id: view.id, file_name: view.file_name, is_image: view.is_image, mime_type: view.mime_type, size: view.size };
  } catch (err) {
    await store.delete(key);
    throw err;
  }
}

import { fileTypeFromBuffer } from 'file-type';
import { cfbKind } from './cfb-kind.ts';

export type UploadType = { ext: string; mime: string; isImage: boolean };

/** What chat accepts, by detected content: images, PDF, Word and Excel. SVG is never accepted. */
const allowed: Record<string, Omit<UploadType, 'ext'>> = {
  png: { mime: 'image/png', isImage: true },
  jpg: { mime: 'image/jpeg', isImage: true },
  gif: { mime: 'image/gif', isImage: true },
  webp: { mime: 'image/webp', isImage: true },
  pdf: { mime: 'application/pdf', isImage: false },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', isImage: false },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', isImage: false },
  doc: { mime: 'application/msword', isImage: false },
  xls: { mime: 'application/vnd.ms-excel', isImage: false },
};

/**
 * The type of an upload judged from its bytes alone (magic numbers; the entries of a zip for
 * docx/xlsx; the directory of a compound file for doc/xls), or null when chat does not accept it.
 */
export async function detectUploadType(content: Buffer): Promise<UploadType | null> {
  const found = await fileTypeFromBuffer(content);
  if (!found) return null;
  const ext = found.ext === 'cfb' ? cfbKind(content) : found.ext;
  const type = ext ? allowed[ext] : undefined;
  return ext && type ? { ext, ...type } : null;
}

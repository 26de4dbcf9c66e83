import { msg } from '@/i18n/i18n';

/**
 * SPEC §4 attachment life: selected, uploading with progress, then uploaded (ready to send) or
 * marked Error; removed by the user or cleared once the message is sent.
 */
export type AttachmentChip = {
  id: string;
  fileName: string;
  isImage: boolean;
  status: 'uploading' | 'uploaded' | 'error';
  progress: number;
  /** What POST /chat/messages takes in `attachments`, once uploaded. */
  url: string | null;
};

export type AttachmentAction =
  | { type: 'add'; id: string; fileName: string; isImage: boolean }
  | { type: 'progress'; id: string; percent: number }
  | { type: 'uploaded'; id: string; url: string }
  | { type: 'failed'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clear' };

export function attachmentsReducer(chips: AttachmentChip[], action: AttachmentAction): AttachmentChip[] {
  switch (action.type) {
    case 'add':
      return [...chips, { id: action.id, fileName: action.fileName, isImage: action.isImage, status: 'uploading', progress: 0, url: null }];
    case 'progress':
      return update(chips, action.id, (c) => (c.status === 'uploading' ? { ...c, progress: clampPercent(action.percent) } : c));
    case 'uploaded':
      return update(chips, action.id, (c) => (c.status === 'uploading' ? { ...c, status: 'uploaded', progress: 100, url: action.url } : c));
    case 'failed':
      return update(chips, action.id, (c) => (c.status === 'uploading' ? { ...c, status: 'error', url: null } : c));
    case 'remove':
      return chips.filter((c) => c.id !== action.id);
    case 'clear':
      return [];
  }
}

function update(chips: AttachmentChip[], id: string, fn: (c: AttachmentChip) => AttachmentChip): AttachmentChip[] {
  return chips.map((c) => (c.id === id ? fn(c) : c));
}

function clampPercent(n: number): number {
  return Math.max(0, Math.min(100, Math.round(n)));
}

/** What the chip shows next to the file name: the upload percent, "Error", or nothing once ready. */
export function chipLabel(chip: AttachmentChip): string {
  if (chip.status === 'error') return msg('Error');
  if (chip.status === 'uploading') return `${chip.progress}%`;
  return '';
}

/** Uploaded files' URLs, in the order they were picked. */
export function readyUrls(chips: readonly AttachmentChip[]): string[] {
  return chips.flatMap((c) => (c.status === 'uploaded' && c.url ? [c.url] : []));
}

/** SPEC §5: sending needs text or a file, and waits for uploads still running. */
export function canSend(text: string, chips: readonly AttachmentChip[]): boolean {
  if (chips.some((c) => c.status === 'uploading')) return false;
  return text.trim().length > 0 || readyUrls(chips).length > 0;
}

/** SPEC §2: the picker takes images, PDF, Word and Excel documents. */
export const ACCEPTED_FILES = [
  'image/*',
  'application/pdf',
  '.pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.doc',
  '.docx',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls',
  '.xlsx',
].join(',');

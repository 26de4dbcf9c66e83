import type { Notification } from '@bourse/contract';

/** Client-made notifications carry ids starting with this; they are only dismissed, never marked read. */
export const TEMP_PREFIX = 'temp-';

export const isTemp = (id: Notification['id']) => String(id).startsWith(TEMP_PREFIX);

/** SPEC §2 notification colours: danger, success, warning, anything else. */
export function alertVariant(color: string): 'destructive' | 'success' | 'warning' | 'default' {
  if (color === 'danger') return 'destructive';
  if (color === 'success' || color === 'warning') return color;
  return 'default';
}

/** The notification the banner shows: the first unread one. */
export function firstUnread(notes: readonly Notification[] | undefined): Notification | null {
  return notes?.find((n) => !n.read) ?? null;
}

import { format } from 'date-fns';
import type { ChatMessage } from '@bourse/contract';
import { currentLanguage, currentLocale } from '@/i18n/i18n';
import { intlLocaleOf, type LanguageCode } from '@/i18n/languages';

/** SPEC §2: day headers read "MMM d, yyyy" in English; other languages write the date their way. */
export function formatDay(iso: string, language: LanguageCode = currentLanguage()): string {
  if (language === 'en') return format(new Date(iso), 'MMM d, yyyy');
  return new Date(iso).toLocaleDateString(intlLocaleOf(language), { month: 'short', day: 'numeric', year: 'numeric' });
}

/** SPEC §2: message times read "h:mm a" in English; other languages write the time their way. */
export function formatTime(iso: string): string {
  if (currentLanguage() === 'en') return format(new Date(iso), 'h:mm a');
  return new Date(iso).toLocaleTimeString(currentLocale(), { hour: 'numeric', minute: '2-digit' });
}

export type ChatRow = { kind: 'day'; key: string; label: string } | { kind: 'message'; key: string; message: ChatMessage };

/** The rows of a conversation: a day header before the first message of each (local) day. */
export function groupByDay(messages: readonly ChatMessage[], language: LanguageCode = currentLanguage()): ChatRow[] {
  const rows: ChatRow[] = [];
  let day = '';
  for (const message of messages) {
    const label = formatDay(message.created_at, language);
    if (label !== day) {
      day = label;
      rows.push({ kind: 'day', key: `day-${label}`, label });
    }
    rows.push({ kind: 'message', key: `m-${message.id}`, message });
  }
  return rows;
}

function byTimeThenId(a: ChatMessage, b: ChatMessage): number {
  const t = Date.parse(a.created_at) - Date.parse(b.created_at);
  return t !== 0 ? t : a.id - b.id;
}

/** Oldest-to-newest union of two message lists; a message seen twice keeps its latest copy. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) {
    const known = byId.get(m.id);
    // A late copy must not undo a read receipt that already arrived.
    byId.set(m.id, known?.read_at && !m.read_at ? { ...m, read_at: known.read_at } : m);
  }
  return [...byId.values()].sort(byTimeThenId);
}

/** Sets `read_at` on the listed messages (a `message.read` event). */
export function markRead(messages: readonly ChatMessage[], ids: readonly number[], readAt: string): ChatMessage[] {
  const set = new Set(ids);
  return messages.map((m) => (set.has(m.id) && !m.read_at ? { ...m, read_at: readAt } : m));
}

import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@bourse/contract';
import { formatDay, formatTime, groupByDay, markRead, mergeMessages } from './chat-format';

// Local wall-clock times, so the assertions hold in any time zone.
const at = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi).toISOString();

function message(id: number, created_at: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    customer_id: 7,
    sender_id: 7,
    sender: { first_name: 'Eve', name: 'Eve Tester', avatar: null },
    is_admin: false,
    message: `m${id}`,
    attachments: [],
    created_at,
    read_at: null,
    ...extra,
  };
}

describe('chat formatting', () => {
  it('formats day headers as "MMM d, yyyy" and times as "h:mm a"', () => {
    expect(formatDay(at(2025, 3, 7, 9, 5))).toBe('Mar 7, 2025');
    expect(formatTime(at(2025, 3, 7, 9, 5))).toBe('9:05 AM');
    expect(formatTime(at(2025, 12, 31, 23, 59))).toBe('11:59 PM');
    expect(formatTime(at(2025, 1, 1, 0, 0))).toBe('12:00 AM');
  });

  it('puts one day header before the first message of each day', () => {
    const rows = groupByDay([message(1, at(2025, 3, 7, 9, 0)), message(2, at(2025, 3, 7, 23, 59)), message(3, at(2025, 3, 8, 0, 1))]);
    expect(rows.map((r) => (r.kind === 'day' ? r.label : r.message.id))).toEqual(['Mar 7, 2025', 1, 2, 'Mar 8, 2025', 3]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it('has no rows for no messages', () => {
    expect(groupByDay([])).toEqual([]);
  });
});

describe('merging pages and live messages', () => {
  it('orders by time then id and keeps one copy of each message', () => {
    const t = at(2025, 3, 7, 9, 0);
    const merged = mergeMessages([message(3, at(2025, 3, 7, 10, 0)), message(2, t)], [message(1, t), message(3, at(2025, 3, 7, 10, 0))]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('never loses a read receipt to a stale copy', () => {
    const read = message(1, at(2025, 3, 7, 9, 0), { read_at: at(2025, 3, 7, 9, 1) });
    expect(mergeMessages([read], [message(1, read.created_at)])[0]!.read_at).toBe(read.read_at);
  });

  it('marks only the listed unread messages read', () => {
    const readAt = at(2025, 3, 7, 9, 30);
    const earlier = at(2025, 3, 7, 9, 10);
    const out = markRead([message(1, earlier), message(2, earlier, { read_at: earlier }), message(3, earlier)], [1, 2], readAt);
    expect(out.map((m) => m.read_at)).toEqual([readAt, earlier, null]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it('shows the moment in the chosen zone, 24-hour, with the year when asked', () => {
    expect(formatDateTime('2026-11-25T23:30:00Z', 'UTC')).toBe('Nov 25, 23:30');
    expect(formatDateTime('2026-11-25T23:30:00Z', 'Asia/Tokyo')).toBe('Nov 26, 08:30');
    expect(formatDateTime('2026-07-01T00:05:00Z', 'America/New_York', true)).toBe('Jun 30, 2026, 20:05');
  });
  it('falls back to UTC for a zone it does not know', () => {
    expect(formatDateTime('2026-11-25T23:30:00Z', 'Mars/Olympus')).toBe('Nov 25, 23:30');
  });
});

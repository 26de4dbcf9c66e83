import { describe, expect, it } from 'vitest';
import { alertVariant, firstUnread, isTemp } from './notification-rules';

describe('global notifications', () => {
  it('colours danger, success, warning, and anything else', () => {
    expect(alertVariant('danger')).toBe('destructive');
    expect(alertVariant('success')).toBe('success');
    expect(alertVariant('warning')).toBe('warning');
    expect(alertVariant('info')).toBe('default');
  });
  it('shows the first unread notification', () => {
    const base = { title: 't', message: 'm', color: 'info' as const };
    expect(firstUnread([{ ...base, id: 1, read: true }, { ...base, id: 2, read: false }, { ...base, id: 3, read: false }])?.id).toBe(2);
    expect(firstUnread([])).toBeNull();
    expect(firstUnread(undefined)).toBeNull();
  });
  it("recognises client-made 'temp-' ids", () => {
    expect(isTemp('temp-123')).toBe(true);
    expect(isTemp(123)).toBe(false);
  });
});

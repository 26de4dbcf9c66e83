import { describe, expect, it } from 'vitest';
import { unreadAlertText } from './unread-text';

describe('unread alert text', () => {
  it('is singular for one message', () => {
    expect(unreadAlertText(1)).toBe('You have 1 unread message, TAP TO VIEW');
  });
  it('is plural above one', () => {
    expect(unreadAlertText(2)).toBe('You have 2 unread messages, TAP TO VIEW');
    expect(unreadAlertText(120)).toBe('You have 120 unread messages, TAP TO VIEW');
  });
});

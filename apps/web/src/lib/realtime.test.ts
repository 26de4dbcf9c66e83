import { describe, expect, it } from 'vitest';
import { channels } from '@bourse/contract';
import { statusOf, stripPrivatePrefix } from './realtime';

describe('private channel names', () => {
  it("strips the 'private-' prefix once", () => {
    expect(stripPrivatePrefix('private-chat.customer.12')).toBe('chat.customer.12');
    expect(stripPrivatePrefix('private-admin')).toBe('admin');
    expect(stripPrivatePrefix('private-private-x')).toBe('private-x');
  });

  it('leaves names without the prefix alone', () => {
    expect(stripPrivatePrefix(channels.notification(3))).toBe('notification.3');
    expect(stripPrivatePrefix('user.private-5')).toBe('user.private-5');
  });
});

describe('connection states', () => {
  it('maps pusher-js states onto disconnected / connecting / connected / failed', () => {
    expect(statusOf('connected')).toBe('connected');
    expect(statusOf('connecting')).toBe('connecting');
    expect(statusOf('unavailable')).toBe('connecting');
    expect(statusOf('initialized')).toBe('connecting');
    expect(statusOf('failed')).toBe('failed');
    expect(statusOf('disconnected')).toBe('disconnected');
  });
});

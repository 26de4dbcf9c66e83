import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channels } from '@bourse/contract';
import { RETRY_MS } from '@/config/constants';
import { listenPrivate, reconnectRealtime, resetRealtime, statusOf, stripPrivatePrefix, useRealtime } from './realtime';

// Stand-ins for GET /realtime/config and pusher-js: the tests below are about the states shown.
const fake = vi.hoisted(() => ({ get: vi.fn(), connectionHandlers: new Map<string, (change: { current: string }) => void>() }));

vi.mock('@/lib/api-client', () => ({ http: { get: fake.get } }));
vi.mock('./pusher-client', () => ({
  createPusher: () => ({
    connection: { bind: (event: string, handler: (change: { current: string }) => void) => fake.connectionHandlers.set(event, handler) },
    subscribe: () => ({ bind_global: () => {}, bind: () => {} }),
    unsubscribe: () => {},
    disconnect: () => {},
  }),
}));

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

describe('a connection that could not be set up', () => {
  beforeEach(() => {
    fake.get.mockReset();
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    resetRealtime();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('stays failed (its Reconnect shown) while it is tried again in the background, until it is up', async () => {
    fake.get.mockRejectedValue(new Error('Realtime is unavailable.'));
    listenPrivate(channels.chat(1), () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(useRealtime.getState()).toEqual({ status: 'failed', error: 'Realtime is unavailable.' });

    const seen: string[] = [];
    const stop = useRealtime.subscribe((s) => seen.push(s.status));
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(fake.get).toHaveBeenCalledTimes(2);
    fake.get.mockResolvedValue({});
    await vi.advanceTimersByTimeAsync(2 * RETRY_MS);
    expect(fake.get).toHaveBeenCalledTimes(3);
    expect(seen.filter((status) => status !== 'failed')).toEqual([]);
    fake.connectionHandlers.get('state_change')!({ current: 'connected' });
    expect(useRealtime.getState().status).toBe('connected');
    stop();
  });

  it('shows the attempt the user asked for with Reconnect', async () => {
    fake.get.mockRejectedValue(new Error('Realtime is unavailable.'));
    listenPrivate(channels.chat(1), () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(useRealtime.getState().status).toBe('failed');
    const seen: string[] = [];
    const stop = useRealtime.subscribe((s) => seen.push(s.status));
    await reconnectRealtime();
    expect(seen).toEqual(['disconnected', 'connecting', 'failed']);
    stop();
  });
});

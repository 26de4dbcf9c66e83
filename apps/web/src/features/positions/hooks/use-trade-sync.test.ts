// @vitest-environment jsdom
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { TRADE_POLL_MS } from '@/config/constants';
import { useRealtime } from '@/lib/realtime';
import { useTradeSync } from './use-trade-sync';

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  let fetches = 0;
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  const hook = renderHook(
    () => {
      useQuery({ queryKey: ['trades', 'open', 1], queryFn: async () => ++fetches });
      useTradeSync();
    },
    { wrapper },
  );
  return { fetches: () => fetches, hook, client };
}

describe('trade polling without a realtime connection (SPEC §9: every 30 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refetches the trades every 30 s while disconnected', async () => {
    useRealtime.setState({ status: 'disconnected' });
    const { fetches, hook } = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches()).toBe(1);
    await vi.advanceTimersByTimeAsync(TRADE_POLL_MS);
    expect(fetches()).toBe(2);
    await vi.advanceTimersByTimeAsync(TRADE_POLL_MS);
    expect(fetches()).toBe(3);
    hook.unmount();
  });

  it('stops polling once connected', async () => {
    useRealtime.setState({ status: 'connected' });
    const { fetches, hook } = setup();
    await vi.advanceTimersByTimeAsync(TRADE_POLL_MS * 3);
    expect(fetches()).toBe(1);
    hook.unmount();
  });
});

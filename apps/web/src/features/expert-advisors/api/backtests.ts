import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Backtest, BacktestRequest } from '@bourse/contract';
import { http } from '@/lib/api-client';

/** How often a running backtest is polled. */
const POLL_MS = 700;

/** Query keys of backtests. */
export const backtestKeys = {
  all: ['backtests'] as const,
  list: () => [...backtestKeys.all, 'list'] as const,
  detail: (id: number) => [...backtestKeys.all, 'detail', id] as const,
};

/** A run as GET /backtests lists it (without its report). */
export type BacktestSummary = Omit<Backtest, 'report'>;

export const startBacktest = (body: BacktestRequest) => http.post<{ data: Backtest }>('/backtests', body).then((r) => r.data);
export const getBacktests = () => http.get<{ data: BacktestSummary[] }>('/backtests').then((r) => r.data);
export const getBacktest = (id: number) => http.get<{ data: Backtest }>(`/backtests/${id}`).then((r) => r.data);

/** Starts a run; its row is put into the cache so polling begins from it. */
export function useStartBacktest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBacktest,
    onSuccess: (run) => {
      queryClient.setQueryData(backtestKeys.detail(run.id), run);
      return queryClient.invalidateQueries({ queryKey: backtestKeys.list() });
    },
  });
}

/** One backtest, polled while it is queued or running; the list is refreshed once it finishes. */
export function useBacktest(id: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: backtestKeys.detail(id ?? 0),
    queryFn: () => getBacktest(id as number),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' ? POLL_MS : false;
    },
  });
  const finished = query.data?.status === 'done' || query.data?.status === 'failed';
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: backtestKeys.list() });
  }, [finished, queryClient]);
  return query;
}

/** The caller's latest runs, newest first. */
export function useBacktests() {
  return useQuery({ queryKey: backtestKeys.list(), queryFn: getBacktests });
}

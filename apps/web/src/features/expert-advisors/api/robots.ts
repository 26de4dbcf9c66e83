import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Robot, RobotSettings } from '@bourse/contract';
import { http } from '@/lib/api-client';

const robotsKey = ['robots'] as const;

/** The caller's Expert Advisors on the server, refreshed while shown so positions and last action stay live. */
export function useRobots() {
  return useQuery({
    queryKey: robotsKey,
    queryFn: async () => (await http.get<{ data: Robot[] }>('/robots')).data,
    refetchInterval: 10_000,
  });
}

export function useSaveRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eaId, settings }: { eaId: number; settings: RobotSettings }) => http.put<{ data: Robot }>(`/robots/${eaId}`, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: robotsKey }),
  });
}

export function useDeactivateRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eaId: number) => http.delete(`/robots/${eaId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: robotsKey }),
  });
}

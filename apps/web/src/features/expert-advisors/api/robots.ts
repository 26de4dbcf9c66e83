import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Robot, RobotSettings } from '@bourse/contract';
import { http } from '@/lib/api-client';

const robotsKey = ['robots'] as const;

export type RobotsState = { robots: Robot[]; haltedAccountIds: number[] };

/** The caller's Expert Advisors on the server, refreshed while shown so positions and last action stay live. */
export function useRobots() {
  return useQuery({
    queryKey: robotsKey,
    queryFn: async (): Promise<RobotsState> => {
      const body = await http.get<{ data: Robot[]; halted_account_ids: number[] }>('/robots');
      return { robots: body.data, haltedAccountIds: body.halted_account_ids };
    },
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

/** The account's kill switch: `halted` stops every robot on it and keeps them from starting. */
export function useKillSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { account_id: number; halted: boolean }) => http.post<{ data: { halted: boolean; stopped: number } }>('/robots/kill_switch', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: robotsKey }),
  });
}

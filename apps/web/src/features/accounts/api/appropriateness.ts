import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppropriatenessState, AppropriatenessStatus, AppropriatenessSubmission } from '@bourse/contract';
import { http } from '@/lib/api-client';

type StatusResponse = { data: AppropriatenessStatus; message?: string };

/** GET /appropriateness: the customer's standing for live accounts and their latest questionnaire. */
export const appropriatenessQuery = queryOptions({
  queryKey: ['appropriateness'] as const,
  queryFn: async () => (await http.get<StatusResponse>('/appropriateness')).data,
});

export function useAppropriateness() {
  return useQuery(appropriatenessQuery);
}

/** The standings in which live accounts may be opened and traded (the server checks the same). */
export const opensLiveAccounts = (state: AppropriatenessState) => state === 'not_required' || state === 'passed' || state === 'acknowledged';

/** POST /appropriateness and POST /appropriateness/acknowledge: each answers the new standing, kept in the cache. */
function useStatusMutation<T>(call: (body: T) => Promise<StatusResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (res) => queryClient.setQueryData(appropriatenessQuery.queryKey, res.data),
  });
}

export function useAnswerAppropriateness() {
  return useStatusMutation((body: AppropriatenessSubmission) => http.post<StatusResponse>('/appropriateness', body));
}

export function useAcknowledgeWarning() {
  return useStatusMutation(() => http.post<StatusResponse>('/appropriateness/acknowledge', { acknowledge: true }));
}

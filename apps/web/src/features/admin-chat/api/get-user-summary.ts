import { useQuery } from '@tanstack/react-query';
import { adminUserSummaryResponse } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { adminChatKeys } from './get-chat-users';

/** GET /admin/users/{id}/summary: the customer's account at a glance. */
export function useUserSummary(id: number | null) {
  return useQuery({
    queryKey: adminChatKeys.summary(id ?? 0),
    queryFn: async () => adminUserSummaryResponse.parse(await http.get<unknown>(`/admin/users/${id}/summary`)).data,
    enabled: id !== null,
    staleTime: 15_000,
  });
}

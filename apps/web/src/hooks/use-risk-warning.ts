import { useQuery } from '@tanstack/react-query';
import type { RiskWarning } from '@bourse/contract';
import { http } from '@/lib/api-client';

/** GET /risk-warning: the percentage of retail accounts that lost money, computed once a quarter, so kept for an hour. */
export function useRiskWarning() {
  return useQuery({
    queryKey: ['risk-warning'],
    queryFn: async () => (await http.get<{ data: RiskWarning }>('/risk-warning')).data,
    staleTime: 3_600_000,
  });
}

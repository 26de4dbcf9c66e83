import { useQuery } from '@tanstack/react-query';
import type { AdminAppropriateness, RiskWarning, RiskWarningPeriod } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { clientKeys } from './clients';

/** GET /admin/clients/:id/appropriateness: the client's standing and every questionnaire they answered. */
export function useClientAppropriateness(id: number) {
  return useQuery({
    queryKey: [...clientKeys.detail(id), 'appropriateness'] as const,
    queryFn: async () => (await http.get<{ data: AdminAppropriateness }>(`/admin/clients/${id}/appropriateness`)).data,
  });
}

/** GET /admin/risk-warning: the quarters computed, newest first, and the figure the warning shows. */
export function useRiskWarningPeriods() {
  return useQuery({
    queryKey: ['admin', 'risk-warning'] as const,
    queryFn: () => http.get<{ data: RiskWarningPeriod[]; current: RiskWarning }>('/admin/risk-warning'),
  });
}

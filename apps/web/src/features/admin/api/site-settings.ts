import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeverageMap, SiteData, SiteSettings } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { useSiteSettings } from '@/stores/settings-store';
import { useSiteData } from '@/stores/site-data-store';

export const settingsKeys = {
  leverage: ['admin', 'leverage'] as const,
};

/** Saves settings, then refreshes the settings store so the whole app shows the change at once. */
export function useUpdateSiteSettings() {
  return useMutation({
    mutationFn: (patch: Partial<SiteSettings>) => http.put<{ data: SiteSettings }>('/admin/settings', patch).then((r) => r.data),
    onSuccess: () => useSiteSettings.getState().fetchSettings(),
  });
}

/** The per-category leverage map, as GET /data gives it. */
export function useLeverage() {
  return useQuery({ queryKey: settingsKeys.leverage, queryFn: () => http.get<{ data: SiteData }>('/data').then((r) => r.data.leverage) });
}

export function useUpdateLeverage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (map: LeverageMap) => http.put<{ data: LeverageMap }>('/admin/leverage', map).then((r) => r.data),
    onSuccess: (map) => {
      queryClient.setQueryData(settingsKeys.leverage, map);
      return useSiteData.getState().fetchData();
    },
  });
}

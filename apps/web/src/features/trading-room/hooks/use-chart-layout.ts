import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChartLayout, type ChartLayoutView, defaultChartLayout } from '@bourse/contract';
import { toast } from 'sonner';
import { i18next } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';
import { chartLayoutKeys, putChartLayout, useChartLayoutQuery } from '../api/chart-layout';

/**
 * Sends layouts one at a time: a change made while one is on its way waits for it, and only the
 * latest of those made meanwhile is sent, so an older layout never lands after a newer one.
 */
function createLayoutSaver() {
  let pending: ChartLayout | null = null;
  let draining = false;
  async function drain() {
    draining = true;
    while (pending) {
      const layout = pending;
      pending = null;
      try {
        await putChartLayout(layout);
      } catch (error) {
        toast.error(errorMessage(error, i18next.t('Your chart layout could not be saved. It is shown until you reload the page.')));
      }
    }
    draining = false;
  }
  return (layout: ChartLayout) => {
    pending = layout;
    if (!draining) void drain();
  };
}

const save = createLayoutSaver();

/**
 * The signed-in customer's chart layout, kept on the server (every device opens the room on it),
 * and a way to change it: a change shows at once and is saved behind. Until the kept one has
 * loaded nothing is saved, so a change cannot replace a layout not seen yet.
 */
export function useChartLayout() {
  const userId = useSession((s) => s.user?.id ?? null);
  const query = useChartLayoutQuery(userId);
  const queryClient = useQueryClient();
  // Loaded from the server: data written here after a failed load is this visit's only.
  const loaded = query.isSuccess && query.errorUpdateCount === 0;
  const update = useCallback(
    (change: (layout: ChartLayout) => ChartLayout) => {
      if (userId === null) return;
      const key = chartLayoutKeys.of(userId);
      const current = queryClient.getQueryData<ChartLayoutView>(key);
      const before = current?.layout ?? defaultChartLayout;
      const next = change(before);
      if (JSON.stringify(next) === JSON.stringify(before)) return;
      queryClient.setQueryData<ChartLayoutView>(key, { layout: next, updated_at: current?.updated_at ?? null });
      if (loaded) save(next);
    },
    [queryClient, userId, loaded],
  );
  return { layout: query.data?.layout ?? defaultChartLayout, ready: loaded || query.isError, update };
}

import { useEffect, useRef } from 'react';
import type { Drawing } from '@bourse/contract';
import { toast } from 'sonner';
import { useDebounced } from '@/hooks/use-debounced';
import { i18next } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { putChartDrawings } from '../api/put-chart-drawings';

/** How long drawing must pause before the list is saved: a drag sends one call, not one per frame. */
export const SAVE_DELAY_MS = 500;

/** Saves in flight by instrument: a list is sent once the one before it has landed, so an older list never lands last. */
const inFlight = new Map<number, Promise<unknown>>();

function send(assetId: number, drawings: readonly Drawing[]): void {
  const previous = inFlight.get(assetId) ?? Promise.resolve();
  const next = previous
    .then(() => putChartDrawings(assetId, drawings))
    .catch((error: unknown) => {
      toast.error(errorMessage(error, i18next.t('Your drawings could not be saved. They are shown until you reload the page.')));
    });
  inFlight.set(assetId, next);
  void next.finally(() => {
    if (inFlight.get(assetId) === next) inFlight.delete(assetId);
  });
}

/**
 * Keeps the instrument's drawings on the server as they change: once drawing pauses, and at once
 * when the chart leaves the instrument with a change not yet sent. `remember` takes each list at
 * once, so coming back to the instrument shows it before the server has answered.
 */
export function useDrawingSaver(assetId: number, drawings: readonly Drawing[], remember: (drawings: readonly Drawing[]) => void): void {
  const settled = useDebounced(drawings, SAVE_DELAY_MS);
  const sent = useRef(drawings);
  const latest = useRef(drawings);
  latest.current = drawings;

  useEffect(() => remember(drawings), [remember, drawings]);

  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    send(assetId, settled);
  }, [assetId, settled]);

  useEffect(
    () => () => {
      if (latest.current !== sent.current) send(assetId, latest.current);
    },
    [assetId],
  );
}

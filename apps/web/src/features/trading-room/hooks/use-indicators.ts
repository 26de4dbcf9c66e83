import { useCallback, useMemo, useRef } from 'react';
import type { Indicator, IndicatorKind } from '@bourse/contract';
import { toast } from 'sonner';
import { i18next } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { usePreferences } from '@/stores/preferences-store';
import { useSession } from '@/stores/session-store';
import { canAddIndicator, newIndicator } from '../lib/indicator-catalog';
import { createIndicatorSaver, useIndicatorEdits } from '../stores/indicator-store';

const NONE: Indicator[] = [];

const saver = createIndicatorSaver(
  (patch) => usePreferences.getState().save(patch),
  (error) => toast.error(errorMessage(error, i18next.t('Your indicators could not be saved. They are shown until you reload the page.'))),
);

/**
 * The signed-in customer's indicators on `symbol`'s chart, kept in their settings on the server
 * (every device shows them), and the ways to change them: each change shows at once.
 */
export function useIndicators(symbol: string) {
  const userId = useSession((s) => s.user?.id ?? null);
  const loaded = usePreferences((s) => s.preferences !== null);
  const saved = usePreferences((s) => s.preferences?.indicators?.[symbol]);
  const key = `${userId}:${symbol}`;
  const edited = useIndicatorEdits((s) => s.edits[key]);
  // The same list as before while its contents are: settings saved for something else (the theme)
  // come back as new objects, and the chart would draw its indicators anew for nothing.
  const current = edited ?? saved ?? NONE;
  const kept = useRef(current);
  if (kept.current !== current && JSON.stringify(kept.current) !== JSON.stringify(current)) kept.current = current;
  const list = kept.current;

  const change = useCallback(
    (next: Indicator[]) => {
      useIndicatorEdits.getState().setList(key, next);
      void saver.keep(symbol, next);
    },
    [key, symbol],
  );

  return useMemo(
    () => ({
      list,
      /** Whether the settings have loaded: before, a change would replace lists not seen yet. */
      ready: loaded && userId !== null && symbol !== '',
      canAdd: canAddIndicator(list.length),
      add(kind: IndicatorKind): Indicator | null {
        if (!canAddIndicator(list.length)) return null;
        const indicator = newIndicator(kind, list);
        change([...list, indicator]);
        return indicator;
      },
      update(indicator: Indicator) {
        change(list.map((i) => (i.id === indicator.id ? indicator : i)));
      },
      remove(id: string) {
        change(list.filter((i) => i.id !== id));
      },
    }),
    [list, loaded, userId, symbol, change],
  );
}

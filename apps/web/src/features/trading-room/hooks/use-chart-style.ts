import { useCallback } from 'react';
import { type ChartStyle, defaultChartStyle } from '@bourse/contract';
import { toast } from 'sonner';
import { i18next } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { usePreferences } from '@/stores/preferences-store';

/** Saves one after the other: a style chosen while another is on its way is sent once it lands, so the last one chosen stays. */
let saving: Promise<unknown> = Promise.resolve();

/**
 * How the customer's charts draw prices (chart type, logarithmic scale), kept in their settings on
 * the server so every device draws them so; a change shows at once and is saved behind.
 */
export function useChartStyle() {
  const style = usePreferences((s) => s.preferences?.chart_style) ?? defaultChartStyle;
  const setStyle = useCallback((next: ChartStyle) => {
    const { preferences } = usePreferences.getState();
    if (preferences) usePreferences.setState({ preferences: { ...preferences, chart_style: next } });
    saving = saving.then(() =>
      usePreferences
        .getState()
        .save({ chart_style: next })
        .catch((error: unknown) => toast.error(errorMessage(error, i18next.t('Your chart type could not be saved. It is shown until you reload the page.')))),
    );
  }, []);
  return [style, setStyle] as const;
}

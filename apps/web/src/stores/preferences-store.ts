import { create } from 'zustand';
import type { LanguageCode, Preferences, PreferencesUpdate, ThemeChoice } from '@bourse/contract';
import { currentLanguage, switchLanguage } from '@/i18n/i18n';
import { http } from '@/lib/api-client';
import { useCurrencyStore } from './currency-store';
import { useSession } from './session-store';
import { useTheme } from './theme-store';

type PreferencesState = {
  /** Null until the signed-in customer's settings have loaded. */
  preferences: Preferences | null;
  load: () => Promise<void>;
  save: (patch: PreferencesUpdate) => Promise<Preferences>;
};

/** Applies what the rest of the app reads outside React: the display currency and the theme. */
function apply(preferences: Preferences) {
  if (useCurrencyStore.getState().code !== preferences.display_currency) useCurrencyStore.getState().setCode(preferences.display_currency);
  // The customer's choice follows them to every device; without one this device's stands.
  if (preferences.theme && preferences.theme !== useTheme.getState().choice) useTheme.getState().choose(preferences.theme);
  if (preferences.language && preferences.language !== currentLanguage()) void switchLanguage(preferences.language);
}

/** The customer's settings from the server (/main/settings), loaded once per sign-in. */
export const usePreferences = create<PreferencesState>()((set) => ({
  preferences: null,
  async load() {
    try {
      const { data } = await http.get<{ data: Preferences }>('/user/preferences');
      apply(data);
      set({ preferences: data });
    } catch (error) {
      // The defaults stand in; the settings page shows its own error.
      console.error('Preferences failed to load', error);
    }
  },
  async save(patch) {
    const { data } = await http.put<{ data: Preferences }>('/user/preferences', patch);
    apply(data);
    set({ preferences: data });
    return data;
  },
}));

/** Whether sounds may play: on unless the customer turned them off. */
export const soundEnabled = () => usePreferences.getState().preferences?.sound ?? true;

/** The customer's time zone for dates and times (UTC until their settings load). */
export const useTimeZone = () => usePreferences((s) => s.preferences?.time_zone ?? 'UTC');

/**
 * Switches the theme at once and, for a signed-in user, keeps it in their settings; before sign-in
 * the device alone remembers it. Rejects when the server did not keep it.
 */
export async function chooseTheme(choice: ThemeChoice): Promise<void> {
  useTheme.getState().choose(choice);
  if (useSession.getState().token) await usePreferences.getState().save({ theme: choice });
}

/**
 * Shows the app in another language at once and, for a signed-in user, keeps it in their settings;
 * before sign-in the device alone remembers it. Rejects when the server did not keep it.
 */
export async function chooseLanguage(code: LanguageCode): Promise<void> {
  await switchLanguage(code);
  if (useSession.getState().token) await usePreferences.getState().save({ language: code });
}

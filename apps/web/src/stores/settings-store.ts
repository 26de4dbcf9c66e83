import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SiteSettings } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { STORAGE } from '@/config/constants';

export const SETTINGS_ERROR = 'Failed to fetch site settings. The site might be unreachable.';

type SettingsState = {
  settings: (SiteSettings & { lastFetched: number }) | null;
  isLoading: boolean;
  error: string | null;
  initialized: boolean;
  fetchSettings: () => Promise<void>;
};

/** SPEC §3 Site settings, persisted as `site-settings-storage`. */
export const useSiteSettings = create<SettingsState>()(
  persist(
    (set) => ({
      settings: null,
      isLoading: false,
      error: null,
      initialized: false,
      async fetchSettings() {
        set({ isLoading: true });
        try {
          const { data } = await http.get<{ data: SiteSettings }>('/settings');
          set({ settings: { ...data, lastFetched: Date.now() }, error: null, isLoading: false, initialized: true });
        } catch (error) {
          console.error(SETTINGS_ERROR, error);
          // SPEC §8: settings cleared, initialised marked, Site Unreachable shown.
          set({ settings: null, error: SETTINGS_ERROR, isLoading: false, initialized: true });
        }
      },
    }),
    {
      name: STORAGE.settings,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ settings: s.settings, error: s.error, initialized: s.initialized }),
    },
  ),
);

import { create } from 'zustand';
import { assetCategories, type LeverageMap, type SiteData } from '@bourse/contract';
import { http } from '@/lib/api-client';

export const SITE_DATA_ERROR = 'Failed to fetch site data. Please try again later.';
/** SPEC §9: 100 per category when the server gives none. */
const DEFAULT_LEVERAGE = Object.fromEntries(assetCategories.map((c) => [c, 100])) as LeverageMap;

type SiteDataState = {
  data: SiteData | null;
  leverage: LeverageMap;
  status: 'idle' | 'loading' | 'loaded' | 'error';
  error: string | null;
  /** Id of the Expert Advisor currently active in the robot panel (SPEC §3 activeEA). */
  activeEA: number | null;
  fetchData: () => Promise<void>;
  setActiveEA: (id: number | null) => void;
};

/** SPEC §3 Site data and its states idle → loading → loaded | error. */
export const useSiteData = create<SiteDataState>()((set) => ({
  data: null,
  leverage: DEFAULT_LEVERAGE,
  status: 'idle',
  error: null,
  activeEA: null,
  async fetchData() {
    set({ status: 'loading' });
    try {
      const { data } = await http.get<{ data: SiteData }>('/data');
      set({ data, leverage: { ...DEFAULT_LEVERAGE, ...data.leverage }, status: 'loaded', error: null });
    } catch (error) {
      console.error(SITE_DATA_ERROR, error);
      set({ status: 'error', error: SITE_DATA_ERROR });
    }
  },
  setActiveEA: (activeEA) => set({ activeEA }),
}));

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { accountUsable, type User } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { STORAGE } from '@/config/constants';

type SessionState = {
  user: User | null;
  token: string | null;
  selectedAccountIndex: number;
  /** True until the persisted session is restored and, with a token, the user fetched. */
  isLoading: boolean;
  setSession: (user: User, token: string) => void;
  setUser: (user: User) => void;
  selectAccount: (index: number) => void;
  clear: () => void;
  fetchUser: () => Promise<User | null>;
};

/** SPEC §3 Session, persisted as `user-storage`. */
export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      user: null,
      token: null,
      selectedAccountIndex: 0,
      isLoading: true,
      setSession: (user, token) => set({ user, token, isLoading: false }),
      setUser: (user) => set({ user }),
      selectAccount: (index) => set({ selectedAccountIndex: index }),
      clear: () => set({ user: null, token: null, selectedAccountIndex: 0, isLoading: false }),
      async fetchUser() {
        if (!get().token) {
          set({ isLoading: false });
          return null;
        }
        set({ isLoading: true });
        try {
          const { data } = await http.get<{ data: User }>('/user');
          set({ user: data, isLoading: false });
          return data;
        } catch (error) {
          // SPEC §8: user fetch failures are logged only.
          console.error('Failed to fetch user', error);
          set({ isLoading: false });
          return null;
        }
      },
    }),
    {
      name: STORAGE.user,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ user: s.user, token: s.token, selectedAccountIndex: s.selectedAccountIndex }),
      // SPEC §4: once the persisted session is restored, loading is cleared.
      onRehydrateStorage: () => () => useSession.setState({ isLoading: false }),
    },
  ),
);

/**
 * The trading account the user selected (SPEC §3 selectedAccountIndex), the first by default. An
 * account awaiting approval (or rejected) is never the one traded on: the first usable one stands in.
 */
export function useSelectedAccount() {
  return useSession((s) => {
    const accounts = s.user?.accounts ?? [];
    const chosen = accounts[s.selectedAccountIndex];
    return (chosen && accountUsable(chosen) ? chosen : accounts.find(accountUsable)) ?? accounts[0] ?? null;
  });
}

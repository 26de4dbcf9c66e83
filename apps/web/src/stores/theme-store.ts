import { create } from 'zustand';
import type { ThemeChoice } from '@bourse/contract';
import { STORAGE } from '@/config/constants';
import { applyTheme, isThemeChoice, PREFERS_LIGHT, resolveTheme, type Theme } from '@/lib/theme';

type ThemeState = {
  /** What was chosen on this device (or adopted from the customer's settings); null before any choice. */
  choice: ThemeChoice | null;
  /** What is drawn now. */
  theme: Theme;
  choose: (choice: ThemeChoice) => void;
};

/** Where the store reads and writes: the browser's, or stand-ins in tests. */
export type ThemeEnv = {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  media: Pick<MediaQueryList, 'matches' | 'addEventListener'> | null;
  apply: (theme: Theme) => void;
};

function readChoice(storage: ThemeEnv['storage']): ThemeChoice | null {
  try {
    const value = storage?.getItem(STORAGE.theme);
    return isThemeChoice(value) ? value : null;
  } catch {
    // Storage can be off (private modes): the system preference decides.
    return null;
  }
}

/** A theme store over `env`; it applies the theme at once and whenever it changes. */
export function createThemeStore(env: ThemeEnv) {
  const prefersLight = () => env.media?.matches ?? false;
  const initial = readChoice(env.storage);
  const store = create<ThemeState>()((set) => ({
    choice: initial,
    theme: resolveTheme(initial, prefersLight()),
    choose(choice) {
      try {
        env.storage?.setItem(STORAGE.theme, choice);
      } catch {
        // Not kept on this device; the signed-in customer's settings still keep it.
      }
      const theme = resolveTheme(choice, prefersLight());
      env.apply(theme);
      set({ choice, theme });
    },
  }));
  // With no fixed choice the theme follows the device as its appearance changes.
  env.media?.addEventListener('change', () => {
    const theme = resolveTheme(store.getState().choice, prefersLight());
    if (theme === store.getState().theme) return;
    env.apply(theme);
    store.setState({ theme });
  });
  env.apply(store.getState().theme);
  return store;
}

const browserEnv = (): ThemeEnv =>
  typeof window === 'undefined'
    ? { storage: null, media: null, apply: () => {} }
    : { storage: window.localStorage, media: window.matchMedia(PREFERS_LIGHT), apply: (theme) => applyTheme(theme) };

/** The app's theme: the device's choice, the customer's from their settings once loaded, else the system's. */
export const useTheme = createThemeStore(browserEnv());
